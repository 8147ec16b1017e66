import type { QueryFeature } from '../features.ts';
import { claimPictureQueryRoutes } from './pictures.ts';
import { claimQueryRoutes, claimReadScopes } from './routes.ts';
import { claimQueryDocs } from './openapi.ts';

/** What the claims feature registers in the query service. */
export const claimsQueryFeature: QueryFeature = {
  name: 'claims',
  routes: (deps) => [claimQueryRoutes(deps), claimPictureQueryRoutes(deps)],
  readScopes: claimReadScopes,
  docs: claimQueryDocs,
};
