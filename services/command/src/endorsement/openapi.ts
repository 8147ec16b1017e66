import { z } from 'zod';
import type { RouteDocs } from '@feibao/platform/http/openapi';

const payment = z.object({
  status: z.literal('unpaid'),
  amount: z.number(),
  dueAt: z.string(),
  paidAt: z.null(),
  tradeNo: z.string(),
  cashierUrl: z.string().nullable(),
});

/** 批改's command routes (docs/api/endorsement.md). */
export const endorsementCommandDocs: RouteDocs = {
  'POST /api/v1/uav/order/endorsement/request': {
    summary: '确认批改：提交批改申请（保险公司按工作日审核；仅改联系方式时即时生效）',
    data: z.object({
      id: z.string(),
      endorsementId: z.string().nullable(),
      endorsementNo: z.string().nullable(),
      status: z.enum(['pending', 'endorsed']).nullable(),
    }),
    codes: [40400, 40900],
  },
  'POST /api/v1/uav/order/endorsement/withdraw': {
    summary: '撤回处理中的批改申请',
    data: z.object({ id: z.string(), endorsementId: z.string() }),
    codes: [40400, 40900],
  },
  'POST /api/v1/uav/order/endorsement/pay': {
    summary: '批改加费的收银台（待支付时）',
    data: z.object({ id: z.string(), payment }),
    codes: [40900],
  },
  'POST /api/v1/uav/backoffice/endorsement/approve': {
    summary: '报价台：通过转人工的批改（原因；为转人工的险种录入保费）',
    data: z.object({ orderId: z.string(), endorsementId: z.string(), events: z.array(z.string()) }),
    codes: [40400, 40900],
  },
  'POST /api/v1/uav/backoffice/endorsement/decline': {
    summary: '报价台：拒绝批改（原因）',
    data: z.object({ orderId: z.string(), endorsementId: z.string() }),
    codes: [40400, 40900],
  },
};
