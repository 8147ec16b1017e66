import { z } from 'zod';
import { orderFormSchema } from '@feibao/domain/ordering/form';
import { ResultCode } from '@feibao/domain/shared/codes';
import { orderPaymentSchema } from '@feibao/domain/payments/wire';
import { renewBody } from '@feibao/domain/ordering/renewal';
import type { RouteDocs } from '@feibao/platform/http/openapi';

const orderId = z.object({ id: z.string() });

export const orderingCommandDocs: RouteDocs = {
  'POST /api/v1/uav/order/save': {
    summary: '暂存投保单',
    body: orderFormSchema,
    data: z.object({ id: z.string(), orderNo: z.string() }),
    codes: [ResultCode.badRequest],
  },
  'POST /api/v1/uav/order/inquiryPrice': {
    summary: '询价（资料未完善时 30000）',
    body: orderFormSchema,
    data: orderId,
    codes: [ResultCode.badRequest, ResultCode.special],
  },
  'GET /api/v1/uav/order/insure': {
    summary: '选择保险公司投保（开启支付交易，支付后核保）',
    data: z.object({ id: z.string(), payment: orderPaymentSchema }),
  },
  'GET /api/v1/uav/order/revoke': { summary: '撤销投保单', data: orderId },
  'GET /api/v1/uav/order/deleteInsurancePlan': { summary: '删除险种', data: orderId },
  'GET /api/v1/uav/order/reset': { summary: '重置投保单', data: orderId },
  'POST /api/v1/uav/order/renew': {
    summary: '续保：按保单的投保信息创建新订单并询价（保险止期前30天至宽限期内）',
    body: renewBody,
    data: z.object({ id: z.string(), orderNo: z.string(), startDate: z.string(), gapDays: z.number() }),
    codes: [ResultCode.badRequest, ResultCode.special],
  },
  'POST /api/v1/uav/order/infocollect': {
    summary: '留资（线索）',
    data: z.object({ code: z.literal(ResultCode.success), id: z.string() }),
  },
  'POST /api/v1/uav/backoffice/quote': { summary: '人工录入报价', data: z.object({ recorded: z.boolean() }) },
  'POST /api/v1/uav/backoffice/quote/resend': {
    summary: '重新发送询价',
    // The new due times (domain ordering/inquiry.ts `planResend`).
    data: z.object({ requestId: z.string(), answerDueAt: z.string(), deadlineAt: z.string() }),
  },
  'POST /api/v1/uav/backoffice/quote/timeout': {
    summary: '询价记为超时',
    data: z.object({ requestId: z.string(), quotingCompleted: z.boolean() }),
  },
};
