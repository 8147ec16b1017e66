import { priceExplanationSchema } from '@feibao/domain/ordering/priceExplanation.wire';
import type { RouteDocs } from '@feibao/platform/http/openapi';

export const priceExplanationQueryDocs: RouteDocs = {
  'GET /api/v1/uav/order/priceExplanation': {
    summary: '价格说明：某保险公司报价每个险种的定价因素、费率规则版本、复算结果与省钱提示',
    data: priceExplanationSchema,
  },
};
