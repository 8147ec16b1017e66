import { rules, ruleStaff, type ResourcePolicy } from '../shared/access.ts';

const R = '/api/v1/rules';

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
    [`GET ${R}/config`]: ruleStaff(
      'keywordManage',
      'ruleType',
      'ruleSource',
      'ruleMessage',
      'ruleRisk',
      'insuranceEnableLimit',
      'companyRuleStageMerge',
    ),
    [`POST ${R}/config/create`]: ruleStaff('keywordManage'),
    [`POST ${R}/config/update`]: ruleStaff('keywordManage'),
    [`POST ${R}/config/disable`]: ruleStaff('keywordManage'),
    [`POST ${R}/config/enable`]: ruleStaff('keywordManage'),
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
