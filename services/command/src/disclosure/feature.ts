import type { CommandFeature } from '../features.ts';
import { disclosureCommandDocs } from './openapi.ts';
import { disclosureRoutes } from './routes.ts';

/** What the disclosure feature registers in the command service. */
export const disclosureFeature: CommandFeature = {
  name: 'disclosure',
  routes: (deps) => [disclosureRoutes(deps)],
  docs: disclosureCommandDocs,
};
