import type { QueryFeature } from '../features.ts';
import { orderQueryRoutes, orderReadScopes } from './routes.ts';
import { orderingQueryDocs } from './openapi.ts';
import { cancellationQueryDocs } from './cancellationOpenapi.ts';
import { cancellationQueryRoutes, cancellationReadScopes } from './cancellationRoutes.ts';
import { priceExplanationQueryDocs } from './priceExplanationOpenapi.ts';
import { priceExplanationQueryRoutes, priceExplanationReadScopes } from './priceExplanationRoutes.ts';
import { comparisonQueryDocs } from './comparisonOpenapi.ts';
import { comparisonQueryRoutes, comparisonReadScopes } from './comparisonRoutes.ts';
import { requirementsQueryDocs } from './requirementsOpenapi.ts';
import { requirementsQueryRoutes, requirementsReadScopes } from './requirementsRoutes.ts';

/** What the ordering feature registers in the query service. */
export const orderingQueryFeature: QueryFeature = {
  name: 'ordering',
  routes: (deps) => [
    orderQueryRoutes(deps),
    cancellationQueryRoutes(deps),
    priceExplanationQueryRoutes(deps),
    comparisonQueryRoutes(deps),
    requirementsQueryRoutes(deps),
  ],
  readScopes: [
    ...orderReadScopes,
    ...cancellationReadScopes,
    ...priceExplanationReadScopes,
    ...comparisonReadScopes,
    ...requirementsReadScopes,
  ],
  docs: {
    ...orderingQueryDocs,
    ...cancellationQueryDocs,
    ...priceExplanationQueryDocs,
    ...comparisonQueryDocs,
    ...requirementsQueryDocs,
  },
};
