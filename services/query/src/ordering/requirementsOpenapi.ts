import { requirementMatchSchema } from '@feibao/domain/ordering/requirements.wire';
import type { RouteDocs } from '@feibao/platform/http/openapi';

export const requirementsQueryDocs: RouteDocs = {
  'GET /api/v1/uav/order/requirementMatch': {
    summary: '投保要求核对：各保险公司报价逐项是否满足（✓/✗/待定）及原因',
    data: requirementMatchSchema,
  },
};
