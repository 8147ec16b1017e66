import { z } from 'zod';
import type { RouteDocs } from '@feibao/platform/http/openapi';

const paymentRow = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  customerName: z.string(),
  customerPhone: z.string().describe('masked: 138****1234'),
  insurerName: z.string(),
  amount: z.number(),
  status: z.enum(['unpaid', 'paid', 'expired', 'refunded']),
  tradeNo: z.string(),
  dueAt: z.string(),
  paidAt: z.string().nullable(),
  underwrittenAt: z.string().nullable(),
  exception: z.enum(['paidNotUnderwritten', 'refundPending']).nullable(),
});

const refusedRow = z.object({
  id: z.string(),
  receivedAt: z.string(),
  provider: z.string(),
  tradeNo: z.string().nullable(),
  reasonCode: z.string(),
  reason: z.string(),
  remoteAddress: z.string().nullable(),
  amountClaimed: z.string().nullable(),
});

/** The payment reads of the query service (docs/api/payments.md). */
export const paymentsQueryDocs: RouteDocs = {
  'POST /api/v1/uav/backoffice/payment/page': {
    summary: '支付列表（每笔交易一行，含异常）',
    data: z.object({ total: z.number(), list: z.array(paymentRow) }),
  },
  'POST /api/v1/uav/backoffice/payment/refused': {
    summary: '被拒绝的支付通知',
    data: z.object({ total: z.number(), list: z.array(refusedRow) }),
  },
};
