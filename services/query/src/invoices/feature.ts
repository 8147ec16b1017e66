import type { QueryFeature } from '../features.ts';
import { invoiceEnvelope, invoiceQueryRoutes } from './routes.ts';

/** What the invoices feature registers in the query service. */
export const invoicesQueryFeature: QueryFeature = {
  name: 'invoices',
  routes: (deps) => [invoiceQueryRoutes(deps)],
  beforeGuard: [invoiceEnvelope],
};
