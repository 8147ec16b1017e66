import type { QueryFeature } from '../features.ts';
import { auditQueryRoutes } from './routes.ts';

/** What the audit feature registers in the query service. */
export const auditQueryFeature: QueryFeature = {
  name: 'audit',
  routes: (deps) => [auditQueryRoutes(deps)],
};
