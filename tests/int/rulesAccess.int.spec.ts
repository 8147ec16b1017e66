import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayOpenRulesRoute, type RulesRoute } from '@feibao/domain';
import { ADMIN, accountWithRoles, registerUser, signIn, startTestPlatform, type Client, type TestPlatform } from '../support/platform.ts';

/**
 * Seed 001 §6 on the server: every rule-platform call, for every role, is let through exactly when
 * the role may open the menu route the call serves (domain rules/menu.ts), and refused with 40300
 * otherwise. A call let through may still fail on its (deliberately empty) input: anything but 40300.
 */

const RULES = '/api/v1/rules';
/** route: the menu route(s) a call serves; reading cases serves 规则案例 and the batch tester's picker. */
type Call = { method: 'GET' | 'POST'; path: string; route: RulesRoute | RulesRoute[] };
const get = (path: string, route: RulesRoute | RulesRoute[]): Call => ({ method: 'GET', path, route });
const post = (path: string, route: RulesRoute): Call => ({ method: 'POST', path, route });

const calls: Call[] = [
  get('/list', 'ruleList'),
  get('/version?ruleId=referral&version=1', 'ruleList'),
  post('/version/draft', 'ruleList'),
  post('/version/submit', 'execApplicationStart'),
  post('/version/approve', 'execApplicationStart'),
  post('/version/reject', 'execApplicationStart'),
  post('/version/enable', 'ruleApplication'),
  post('/version/retire', 'ruleList'),
  post('/define', 'complexRuleAdd'),
  post('/definition/update', 'mySceneList'),
  post('/stage/move', 'stageTransform'),
  get('/config?kind=keyword', 'keywordManage'),
  get('/config?kind=ruleType', 'ruleType'),
  get('/config?kind=ruleSource', 'ruleSource'),
  get('/config?kind=ruleMessage', 'ruleMessage'),
  get('/config?kind=ruleRisk', 'ruleRisk'),
  get('/config?kind=insuranceLimit', 'insuranceEnableLimit'),
  get('/config?kind=stagePlan', 'companyRuleStageMerge'),
  post('/config/create', 'keywordManage'),
  get('/cases', ['ruleCase', 'batchTest/null']),
  post('/cases/create', 'ruleCase'),
  post('/batchTests/start', 'batchTest/null'),
  get('/batchTests/mine', 'myBatchTestList'),
  get('/batchTests/detail?runId=none', 'multipleBatchTestDetail'),
];

let platform: TestPlatform;
const clients = new Map<string, Client>();

beforeAll(async () => {
  platform = await startTestPlatform({ env: { SMS_HOURLY_PER_ADDRESS: '100000' } });
  const admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  clients.set('admin', admin);
  for (const role of ['auditor', 'test', 'batchTest']) clients.set(role, await accountWithRoles(platform, admin, [role]));
  const customer = platform.client();
  await registerUser(customer);
  clients.set('customer', customer);
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

describe('every rule-platform role × call', () => {
  it.each(['admin', 'auditor', 'test', 'batchTest', 'customer'])('%s is let through exactly where its menu allows', async (role) => {
    const client = clients.get(role)!;
    const roles = role === 'customer' ? [] : [role];
    const wrong: string[] = [];
    for (const call of calls) {
      const answer = call.method === 'GET' ? await client.get(`${RULES}${call.path}`) : await client.post(`${RULES}${call.path}`, {});
      expect(answer.status, `${call.method} ${call.path}`).toBeLessThan(500);
      const allowed = [call.route].flat().some((route) => mayOpenRulesRoute(route, { roles, userName: '' }));
      if ((answer.body.code !== 40300) !== allowed) wrong.push(`${call.method} ${call.path}: ${answer.body.code} ${answer.body.message} (menu ${call.route}: ${allowed ? 'allowed' : 'refused'})`);
    }
    expect(wrong).toEqual([]);
  });
});
