import type { CommandFeature } from '../features.ts';
import { opsRoutes } from './routes.ts';
import { opsCommandDocs } from './openapi.ts';

/** What the ops feature registers in the command service. */
export const opsFeature: CommandFeature = {
  name: 'ops',
  routes: (deps) => [opsRoutes(deps)],
  docs: opsCommandDocs,
};
