import type { CommandFeature } from '../features.ts';
import { ruleConfigCommandRoutes } from './configRoutes.ts';
import { ruleDefinitionRoutes } from './definitionRoutes.ts';
import { ruleCommandRoutes } from './routes.ts';
import { ruleTestCommandRoutes } from './testRoutes.ts';
import { ruleTranspositionCommandRoutes } from './transpositionRoutes.ts';
import { rulesCommandDocs } from './openapi.ts';

/** What the rules feature registers in the command service. */
export const rulesFeature: CommandFeature = {
  name: 'rules',
  routes: (deps) => [
    ruleCommandRoutes(deps),
    ruleDefinitionRoutes(deps),
    ruleConfigCommandRoutes(deps),
    ruleTestCommandRoutes(deps),
    ruleTranspositionCommandRoutes(deps),
  ],
  docs: rulesCommandDocs,
};
