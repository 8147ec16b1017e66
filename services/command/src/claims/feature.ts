import type { CommandFeature } from '../features.ts';
import { claimPictureRoutes } from './pictures.ts';
import { claimRoutes } from './routes.ts';
import { claimCommandDocs } from './openapi.ts';

/** What the claims feature registers in the command service. */
export const claimsFeature: CommandFeature = {
  name: 'claims',
  routes: (deps) => [claimRoutes(deps), claimPictureRoutes(deps)],
  docs: claimCommandDocs,
};
