import { rules, ruleStaff, type Access, type AccessRequest, type ResourcePolicy } from '../shared/access.ts';
import { configKindRoute, ConfigKinds, type ConfigKind } from './config.ts';
import type { RulesRoute } from './menu.ts';

const R = '/api/v1/rules';

const dictionaryRoutes = ConfigKinds.map((kind) => configKindRoute[kind]);

/**
 * The dictionary calls serve the menu route of the `kind` they name (query for GET, body otherwise). A kind
 * that is not one leaves any dictionary route enough, so a caller who may open none learns nothing about the
 * input, and one who may gets the validator's 400.
 */
export const dictionaryMenuOf = (request: AccessRequest): readonly RulesRoute[] => {
  const source = request.method === 'GET' ? request.query : ((request.body ?? {}) as Record<string, unknown>);
  const kind = source.kind;
  return ConfigKinds.includes(kind as ConfigKind) ? [configKindRoute[kind as ConfigKind]] : dictionaryRoutes;
};

const dictionary = (): Access => rules(['admin', 'auditor'], dictionaryRoutes, { menuOf: dictionaryMenuOf });

/**
 * The rule platform: the roles of each call and the menu route(s) it serves, so the menu (rules/menu.ts) shows a
 * call exactly when the server allows it.
 */
export const rulesAccess: ResourcePolicy = {
  resource: 'rules',
  routes: {
    [`GET ${R}/menu`]: rules(['admin', 'auditor', 'test', 'batchTest'], 'any'),
    [`GET ${R}/names`]: rules(['admin', 'auditor', 'test', 'batchTest'], 'any'),
    [`GET ${R}/list`]: ruleStaff('ruleList'),
    [`GET ${R}/version`]: ruleStaff('ruleList'),
    [`GET ${R}/version/batchTests`]: ruleStaff('execApplicationStart'),
    [`POST ${R}/version/try`]: ruleStaff('complexRuleAdd'),
    [`POST ${R}/version/draft`]: ruleStaff('ruleList'),
    [`POST ${R}/version/submit`]: ruleStaff('execApplicationStart'),
    [`POST ${R}/version/approve`]: ruleStaff('execApplicationStart'),
    [`POST ${R}/version/reject`]: ruleStaff('execApplicationStart'),
    [`POST ${R}/version/enable`]: ruleStaff('ruleApplication'),
    [`POST ${R}/version/retire`]: ruleStaff('ruleList'),
    [`POST ${R}/define`]: ruleStaff('complexRuleAdd'),
    [`POST ${R}/definition/update`]: ruleStaff('mySceneList'),
    [`POST ${R}/stage/move`]: ruleStaff('stageTransform'),
    [`GET ${R}/config`]: dictionary(),
    [`POST ${R}/config/create`]: dictionary(),
    [`POST ${R}/config/update`]: dictionary(),
    [`POST ${R}/config/disable`]: dictionary(),
    [`POST ${R}/config/enable`]: dictionary(),
    [`GET ${R}/cases`]: rules(['admin', 'auditor', 'batchTest'], ['ruleCase', 'batchTest/null']),
    [`POST ${R}/cases/create`]: ruleStaff('ruleCase'),
    [`POST ${R}/cases/update`]: ruleStaff('ruleCase'),
    [`POST ${R}/cases/delete`]: ruleStaff('ruleCase'),
    [`POST ${R}/cases/fromOrder`]: ruleStaff('ruleCase'),
    [`POST ${R}/batchTests/start`]: rules(['batchTest'], ['batchTest/null']),
    [`GET ${R}/batchTests/mine`]: rules(['admin', 'auditor', 'test'], ['myBatchTestList']),
    [`GET ${R}/batchTests/detail`]: rules(['admin', 'auditor', 'test'], ['multipleBatchTestDetail']),
    [`GET ${R}/batchTests/compare`]: rules(['admin', 'auditor', 'test'], ['multipleBatchTestDetail']),
    [`GET ${R}/transposition/export`]: rules(['admin'], ['ruleTransposition']),
    [`POST ${R}/transposition/import`]: rules(['admin'], ['ruleTransposition']),
    [`POST ${R}/transposition/copy`]: rules(['admin'], ['ruleTransposition']),
  },
};
