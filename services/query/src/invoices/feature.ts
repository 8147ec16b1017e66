import type { QueryFeature } from '../features.ts';
import { invoiceEnvelope, invoiceQueryRoutes } from './routes.ts';
import { invoiceQueryDocs } from './openapi.ts';

/** What the invoices feature registers in the query service. */
export const invoicesQueryFeature: QueryFeature = {
  name: 'invoices',
  routes: (deps) => [invoiceQueryRoutes(deps)],
  docs: invoiceQueryDocs,
  beforeGuard: [invoiceEnvelope],
};
