import type { QueryFeature } from '../features.ts';
import { auditQueryRoutes } from './routes.ts';
import { auditQueryDocs } from './openapi.ts';

/** What the audit feature registers in the query service. */
export const auditQueryFeature: QueryFeature = {
  name: 'audit',
  routes: (deps) => [auditQueryRoutes(deps)],
  docs: auditQueryDocs,
};
