import type { QueryFeature } from '../features.ts';
import { paymentsQueryDocs } from './openapi.ts';
import { paymentQueryRoutes } from './routes.ts';

/** What the payments feature registers in the query service: the back office's payments list. */
export const paymentsQueryFeature: QueryFeature = {
  name: 'payments',
  routes: (deps) => [paymentQueryRoutes(deps)],
  docs: paymentsQueryDocs,
};
