import type { CommandFeature } from '../features.ts';
import { endorsementRoutes } from './routes.ts';
import { endorsementCommandDocs } from './openapi.ts';

/** What 批改 registers in the command service. */
export const endorsementFeature: CommandFeature = {
  name: 'endorsement',
  routes: (deps) => [endorsementRoutes(deps)],
  docs: endorsementCommandDocs,
};
