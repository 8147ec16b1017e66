import type { QueryFeature } from '../features.ts';
import { documentQueryRoutes, documentReadScopes } from './routes.ts';
import { documentQueryDocs } from './openapi.ts';

/** What the documents feature registers in the query service. */
export const documentsQueryFeature: QueryFeature = {
  name: 'documents',
  routes: (deps) => [documentQueryRoutes(deps)],
  readScopes: documentReadScopes,
  docs: documentQueryDocs,
};
