import type { QueryFeature } from '../features.ts';
import { ORDERS_PROJECTION } from '@feibao/read-models/projections';
import { endorsementQueryRoutes } from './routes.ts';
import { endorsementQueryDocs } from './openapi.ts';

/** What 批改 registers in the query service; its reads come from the orders projection alone. */
export const endorsementQueryFeature: QueryFeature = {
  name: 'endorsement',
  routes: (deps) => [endorsementQueryRoutes(deps)],
  readScopes: [
    ['/api/v1/uav/order/endorsement', [ORDERS_PROJECTION]],
    ['/api/v1/uav/order/endorsement/price', [ORDERS_PROJECTION]],
  ],
  docs: endorsementQueryDocs,
};
