import { comparisonSchema } from '@feibao/domain/ordering/comparison.wire';
import type { RouteDocs } from '@feibao/platform/http/openapi';

export const comparisonQueryDocs: RouteDocs = {
  'GET /api/v1/uav/order/comparison': {
    summary: '方案对比：各保险公司的保费、免赔、所选损失下的自付与赔付、预计总成本（由低到高）',
    data: comparisonSchema,
  },
};
