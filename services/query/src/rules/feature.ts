import type { QueryFeature } from '../features.ts';
import { ruleConfigQueryRoutes, ruleConfigReadScopes } from './configRoutes.ts';
import { rulesMenuRoutes } from './menuRoutes.ts';
import { ruleQueryRoutes } from './routes.ts';
import { ruleTestQueryRoutes } from './testRoutes.ts';
import { ruleTranspositionQueryRoutes } from './transpositionRoutes.ts';
import { ruleTryRoutes } from './tryRoutes.ts';
import { rulesQueryDocs } from './openapi.ts';

/** What the rules feature registers in the query service. */
export const rulesQueryFeature: QueryFeature = {
  name: 'rules',
  routes: (deps) => [
    rulesMenuRoutes(),
    ruleQueryRoutes(deps),
    ruleConfigQueryRoutes(deps),
    ruleTestQueryRoutes(deps),
    ruleTryRoutes(deps),
    ruleTranspositionQueryRoutes(deps),
  ],
  readScopes: ruleConfigReadScopes,
  docs: rulesQueryDocs,
};
