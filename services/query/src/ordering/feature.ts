import type { QueryFeature } from '../features.ts';
import { orderQueryRoutes, orderReadScopes } from './routes.ts';
import { orderingQueryDocs } from './openapi.ts';

/** What the ordering feature registers in the query service. */
export const orderingQueryFeature: QueryFeature = {
  name: 'ordering',
  routes: (deps) => [orderQueryRoutes(deps)],
  readScopes: orderReadScopes,
  docs: orderingQueryDocs,
};
