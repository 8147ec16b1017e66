import type { QueryFeature } from '../features.ts';
import { orderQueryRoutes, orderReadScopes } from './routes.ts';
import { orderingQueryDocs } from './openapi.ts';
import { cancellationQueryDocs } from './cancellationOpenapi.ts';
import { cancellationQueryRoutes, cancellationReadScopes } from './cancellationRoutes.ts';
import { comparisonQueryDocs } from './comparisonOpenapi.ts';
import { comparisonQueryRoutes, comparisonReadScopes } from './comparisonRoutes.ts';

/** What the ordering feature registers in the query service. */
export const orderingQueryFeature: QueryFeature = {
  name: 'ordering',
  routes: (deps) => [orderQueryRoutes(deps), cancellationQueryRoutes(deps), comparisonQueryRoutes(deps)],
  readScopes: [...orderReadScopes, ...cancellationReadScopes, ...comparisonReadScopes],
  docs: { ...orderingQueryDocs, ...cancellationQueryDocs, ...comparisonQueryDocs },
};
