import type { CommandFeature } from '../features.ts';
import { accountRoutes } from './routes.ts';
import { roleRoutes } from './roleRoutes.ts';
import { accountDocs } from './openapi.ts';

/** What the accounts feature registers in the command service. */
export const accountsFeature: CommandFeature = {
  name: 'accounts',
  routes: (deps) => [accountRoutes(deps), ...roleRoutes(deps)],
  docs: accountDocs,
};
