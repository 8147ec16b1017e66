import type { QueryFeature } from '../features.ts';
import { fileQueryRoutes } from './routes.ts';

/** What the files feature registers in the query service. */
export const filesQueryFeature: QueryFeature = {
  name: 'files',
  routes: (deps) => [fileQueryRoutes(deps)],
};
