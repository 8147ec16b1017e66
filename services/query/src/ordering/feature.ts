import type { QueryFeature } from '../features.ts';
import { orderQueryRoutes, orderReadScopes } from './routes.ts';
import { orderingQueryDocs } from './openapi.ts';
import { cancellationQueryDocs } from './cancellationOpenapi.ts';
import { cancellationQueryRoutes, cancellationReadScopes } from './cancellationRoutes.ts';
import { requirementsQueryDocs } from './requirementsOpenapi.ts';
import { requirementsQueryRoutes, requirementsReadScopes } from './requirementsRoutes.ts';

/** What the ordering feature registers in the query service. */
export const orderingQueryFeature: QueryFeature = {
  name: 'ordering',
  routes: (deps) => [orderQueryRoutes(deps), cancellationQueryRoutes(deps), requirementsQueryRoutes(deps)],
  readScopes: [...orderReadScopes, ...cancellationReadScopes, ...requirementsReadScopes],
  docs: { ...orderingQueryDocs, ...cancellationQueryDocs, ...requirementsQueryDocs },
};
