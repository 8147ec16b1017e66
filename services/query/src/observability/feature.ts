import type { QueryFeature } from '../features.ts';
import { processRoutes } from './routes.ts';
import { observabilityQueryDocs } from './openapi.ts';

/** What the observability feature registers in the query service. */
export const observabilityQueryFeature: QueryFeature = {
  name: 'observability',
  routes: (deps) => [processRoutes(deps)],
  docs: observabilityQueryDocs,
};
