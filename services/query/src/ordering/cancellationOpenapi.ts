import { z } from 'zod';
import { cancellationQueueRowSchema, cancellationQuoteSchema } from '@feibao/domain/ordering/cancellation.wire';
import type { RouteDocs } from '@feibao/platform/http/openapi';

export const cancellationQueryDocs: RouteDocs = {
  'GET /api/v1/uav/order/cancellation/quote': {
    summary: '退保试算：应退金额、计算过程，或不能退保的原因',
    data: cancellationQuoteSchema,
  },
  'GET /api/v1/uav/backoffice/cancellation/page': {
    summary: '退保审核队列（按申请时间，含已等待工作日与审核时限）',
    data: z.object({
      datas: z.array(cancellationQueueRowSchema),
      currentPage: z.number(),
      pageSize: z.number(),
      totalCount: z.number(),
    }),
  },
};
