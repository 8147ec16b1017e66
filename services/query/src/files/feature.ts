import type { QueryFeature } from '../features.ts';
import { fileQueryRoutes } from './routes.ts';
import { fileQueryDocs } from './openapi.ts';

/** What the files feature registers in the query service. */
export const filesQueryFeature: QueryFeature = {
  name: 'files',
  routes: (deps) => [fileQueryRoutes(deps)],
  docs: fileQueryDocs,
};
