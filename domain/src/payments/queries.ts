import { z } from 'zod';
import { paymentExceptions, paymentStatuses } from './api.ts';
import { pageNumFields } from '../shared/fields.ts';
import { orderNoSearch, phoneSearch } from '../shared/search.ts';

/** The back office's payment calls and the dev gateway's (docs/api/payments.md); Chinese messages. */
export const paymentMessages = {
  statusInvalid: '支付状态不正确',
  exceptionInvalid: '异常类型不正确',
  tokenRequired: '缺少支付凭证',
  tradeNotFound: '交易不存在',
  tradeClosed: '交易已关闭',
  payFailed: '余额不足，支付失败',
  orderIdRequired: '订单编号不能为空',
  refundReasonRequired: '请填写退款原因',
  refundAmountInvalid: '退款金额必须是大于0的数字，最多两位小数',
} as const;
const m = paymentMessages;

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const page = pageNumFields(20);

export const paymentPageQuery = z.object({
  ...page,
  status: z.preprocess(
    blankToUndefined,
    z.enum(paymentStatuses as [string, ...string[]], { error: m.statusInvalid }).optional(),
  ),
  orderNo: orderNoSearch,
  phone: phoneSearch,
  exception: z.preprocess(
    blankToUndefined,
    z.enum(paymentExceptions as [string, ...string[]], { error: m.exceptionInvalid }).optional(),
  ),
});
export const refusedPageQuery = z.object(page);

export const cashierTokenQuery = z.object({
  token: z
    .string({ error: m.tokenRequired })
    .trim()
    .min(1, { error: m.tokenRequired })
    .max(128, { error: m.tradeNotFound }),
});

export const refundRequest = z.object({
  orderId: z.string({ error: m.orderIdRequired }).trim().min(1, { error: m.orderIdRequired }).max(64),
  amount: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: m.refundAmountInvalid })
      .positive({ error: m.refundAmountInvalid })
      .refine((n) => Math.round(n * 100) === n * 100, { error: m.refundAmountInvalid })
      .optional(),
  ),
  reason: z
    .string({ error: m.refundReasonRequired })
    .trim()
    .min(1, { error: m.refundReasonRequired })
    .max(200, { error: '退款原因不能超过200个字符' }),
});
