import { z } from 'zod';
import type { RouteDocs } from '@feibao/platform/http/openapi';

/** domain invoices/api.ts: one invoice as listed. */
const invoiceRow = z.object({
  id: z.string(),
  invoiceNo: z.string(),
  invoiceName: z.string(),
  invoiceTime: z.string(),
  centerBranchName: z.string(),
  payStatus: z.string(),
  amount: z.number(),
  operator: z.string(),
  orderNo: z.string(),
  policyNo: z.string(),
  insuranceCompanyName: z.string(),
  insuredAt: z.string(),
});
/** The older client reads `totals`, not `totalCount`. */
const page = <T extends z.ZodType>(row: T) =>
  z.object({ datas: z.array(row), totals: z.number(), currentPage: z.number(), pageSize: z.number() });

export const invoiceQueryDocs: RouteDocs = {
  'POST /api/v1/uav/invoice/page': { summary: '我的发票', data: page(invoiceRow) },
  'POST /api/v1/uav/backoffice/invoice/page': {
    summary: '发票（后台，手机号脱敏；可按订单号前缀、完整手机号查询）',
    data: page(invoiceRow.extend({ userName: z.string() })),
  },
};
