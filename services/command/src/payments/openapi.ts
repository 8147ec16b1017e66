import { z } from 'zod';
import { paymentNotificationSchema } from '@feibao/domain/payments/gateway';
import type { RouteDocs } from '@feibao/platform/http/openapi';

const devTrade = z.object({
  orderNo: z.string(),
  subject: z.string(),
  amount: z.number(),
  status: z.enum(['waiting', 'paid', 'closed', 'failed']),
  insurerName: z.string(),
  dueAt: z.string(),
});

/** The payment routes of the command service (docs/api/payments.md). */
export const paymentsCommandDocs: RouteDocs = {
  'POST /api/v1/uav/pay/notify/:provider': {
    summary: '支付渠道的异步通知（验签、应用标识、交易归属与金额；答复纯文本 success 或 failure）',
    body: paymentNotificationSchema.extend({ sign: z.string(), sign_type: z.string() }),
    bodyContentType: 'application/x-www-form-urlencoded',
    rawSuccess: {
      contentType: 'text/plain',
      description: '`success`（已处理或重复通知）或 `failure`（拒绝或暂不能处理）',
    },
  },
  'POST /api/v1/uav/backoffice/payment/refund': {
    summary: '申请退款（管理员；由支付渠道退款并以通知确认）',
    data: z.object({ orderId: z.string(), refundNo: z.string(), amount: z.number() }),
    codes: [40400, 40900],
  },
  'GET /api/v1/uav/dev/pay/trade': { summary: '开发网关：收银台的交易', data: devTrade, codes: [40400] },
  'POST /api/v1/uav/dev/pay/confirm': {
    summary: '开发网关：确认支付（随后异步通知平台）',
    data: z.object({ status: z.literal('paid') }),
    codes: [40400, 40900],
  },
  'POST /api/v1/uav/dev/pay/fail': {
    summary: '开发网关：模拟支付失败（交易仍可支付）',
    data: z.object({ status: z.string(), reason: z.string().optional() }),
    codes: [30000, 40400, 40900],
  },
};
