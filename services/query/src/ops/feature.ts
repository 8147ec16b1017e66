import type { QueryFeature } from '../features.ts';
import { opsBoardCookie, opsBoardRoutes } from './board.ts';
import { opsQueryRoutes } from './routes.ts';
import { opsQueryDocs } from './openapi.ts';

/** What the ops feature registers in the query service. */
export const opsQueryFeature: QueryFeature = {
  name: 'ops',
  routes: (deps) => [opsQueryRoutes(deps), opsBoardRoutes(deps)],
  docs: opsQueryDocs,
  beforeGuard: [opsBoardCookie],
};
