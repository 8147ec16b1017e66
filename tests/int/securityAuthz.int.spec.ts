import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canUseRulePlatform, type Role } from '@feibao/domain/accounts/roles';
import { ConfigKinds } from '@feibao/domain/rules/config';
import { mayOpenRulesRoute, type RulesRoute } from '@feibao/domain/rules/menu';
import { startTestPlatform, type Client, type TestPlatform } from '../support/platform.ts';
import { CALLER_KINDS, rawCall, signedInCast, type CallerKind } from '../support/securityFixtures.ts';

/**
 * Function-level authorisation (README "Reliability and security"): every route the command and
 * query services publish (`GET /internal/routes`, the tables the edge routes by) is classified
 * below, and called through the edge by every kind of caller. A route missing from the table
 * fails the suite, so a new route is classified before it ships. Callers below a route's class
 * get the refusal envelope (401 without a token, 403 with one; never 20000, never data); callers
 * in it get past the guards (their minimal input may still be refused, never with a 5xx).
 * For the rule platform each route also names the menu route(s) it serves: the roles written
 * here must be those the menu gives (domain rules/menu.ts), so the menu shows a call exactly when
 * the server allows it.
 */

type Access =
  | { kind: 'internal' }
  | { kind: 'public' }
  /** Any session, a guest's too. */
  | { kind: 'customer' }
  /** A registered account (guests refused). */
  | { kind: 'registered' }
  | { kind: 'staff'; roles: readonly Role[] }
  | { kind: 'rules'; roles: readonly Role[]; menu: readonly RulesRoute[] | 'any' };

const internal: Access = { kind: 'internal' };
const PUBLIC: Access = { kind: 'public' };
const customer: Access = { kind: 'customer' };
const registered: Access = { kind: 'registered' };
const claimsStaff: Access = { kind: 'staff', roles: ['claims', 'admin'] };
const adminOnly: Access = { kind: 'staff', roles: ['admin'] };
const ruleStaff = (...menu: RulesRoute[]): Access => ({ kind: 'rules', roles: ['admin', 'auditor'], menu });
const rules = (roles: Role[], menu: RulesRoute[] | 'any'): Access => ({ kind: 'rules', roles, menu });

const U = '/api/v1/uav';
const C = `${U}/claim/settlement`;
const R = '/api/v1/rules';

/** Every published route: `METHOD path` as the route table names it → who may call it. */
const routeAccess: Record<string, Access> = {
  'GET /internal/ping': internal,

  // Accounts: signing in is public; the dev SMS inbox exists only with SMS_PROVIDER=dev outside production.
  [`POST ${U}/user/login`]: PUBLIC,
  [`POST ${U}/user/loginByPhone`]: PUBLIC,
  [`GET ${U}/user/phone`]: PUBLIC,
  [`POST ${U}/user/register`]: PUBLIC,
  [`POST ${U}/user/reset`]: PUBLIC,
  [`POST ${U}/user/guest`]: PUBLIC,
  [`POST ${U}/user/refresh`]: PUBLIC,
  [`GET ${U}/uc/getToken`]: PUBLIC,
  'POST /sso-platform/authencation/oauth2/login/user': PUBLIC,
  'POST /sso-platform/authencation/oauth2/login/code': PUBLIC,
  'POST /sso-platform/authencation/oauth2/login/tenant': PUBLIC,
  'POST /sso-platform/user/login': PUBLIC,
  'GET /sso-platform/captcha/trigger': PUBLIC,
  'GET /sso-platform/captcha/get': PUBLIC,
  'GET /sso-platform/user/info': rules(['admin', 'auditor', 'test', 'batchTest'], 'any'),
  [`GET ${U}/dev/sms/latest`]: PUBLIC,
  [`POST ${U}/user/logout`]: customer,
  [`GET ${U}/uc/currentUser`]: customer,
  'GET /sso-platform/authorization/user/get': customer,
  [`GET ${U}/user/getUserByUserName`]: customer,
  [`POST ${U}/user/update`]: registered,
  [`POST ${U}/uc/authorize`]: registered,
  [`POST ${U}/user/grantRoles`]: adminOnly,
  [`GET ${U}/backoffice/users`]: adminOnly,
  [`GET ${U}/backoffice/users/roleHistory`]: adminOnly,
  [`POST ${U}/backoffice/users/grantRoles`]: adminOnly,
  [`POST ${U}/backoffice/users/revokeRoles`]: adminOnly,

  // Ordering: catalogues and the lead form are public; orders are the caller's own (guests save drafts too).
  [`GET ${U}/order/listInsuranceCompany`]: PUBLIC,
  [`GET ${U}/order/listInsuranceType`]: PUBLIC,
  [`GET ${U}/order/listDroneBrand`]: PUBLIC,
  [`GET ${U}/order/listRegion`]: PUBLIC,
  [`POST ${U}/order/infocollect`]: PUBLIC,
  [`POST ${U}/order/save`]: customer,
  [`POST ${U}/order/inquiryPrice`]: customer,
  [`GET ${U}/order/insure`]: customer,
  [`GET ${U}/order/revoke`]: customer,
  [`GET ${U}/order/deleteInsurancePlan`]: customer,
  [`GET ${U}/order/reset`]: customer,
  [`POST ${U}/order/getAllPrice`]: customer,
  [`POST ${U}/order/page`]: customer,
  [`GET ${U}/order/orderDetails`]: customer,
  [`GET ${U}/order/listInsurancePlan`]: customer,
  [`GET ${U}/order/getdronedata`]: customer,
  [`POST ${U}/file/uploadBatch`]: customer,
  [`GET ${U}/file/:id`]: customer,
  // The quote desk.
  [`GET ${U}/backoffice/quoteProgress`]: adminOnly,
  [`GET ${U}/backoffice/quoteDesk`]: adminOnly,
  [`GET ${U}/backoffice/quote/why`]: adminOnly,
  [`POST ${U}/backoffice/quote`]: adminOnly,
  [`POST ${U}/backoffice/quote/resend`]: adminOnly,
  [`POST ${U}/backoffice/quote/timeout`]: adminOnly,

  // Claims: the claimant's calls; staff steps; admin amendments and the operation log.
  [`GET ${C}/createClaimSettlement`]: customer,
  [`POST ${C}/save`]: customer,
  [`POST ${C}/submit`]: customer,
  [`GET ${C}/back`]: customer,
  [`GET ${C}/revocation`]: customer,
  [`POST ${C}/revocation`]: customer,
  [`POST ${C}/updatePicBatch`]: customer,
  [`POST ${C}/deletePicBatch`]: customer,
  [`POST ${C}/uploadBatch`]: customer,
  [`GET ${C}/details`]: customer,
  [`POST ${C}/page`]: customer,
  [`GET ${C}/listImageType`]: customer,
  [`POST ${C}/pageImageInfo`]: customer,
  [`GET ${C}/history`]: customer,
  [`GET ${C}/getSettlementUavInfo`]: customer,
  [`GET ${C}/picture/:id`]: customer,
  [`POST ${C}/accept`]: claimsStaff,
  [`POST ${C}/requestEvidence`]: claimsStaff,
  [`POST ${C}/assess`]: claimsStaff,
  [`POST ${C}/close`]: claimsStaff,
  [`POST ${C}/assign`]: claimsStaff,
  [`POST ${C}/reopen`]: claimsStaff,
  [`GET ${C}/staffMembers`]: claimsStaff,
  [`POST ${C}/contrast`]: adminOnly,
  [`POST ${C}/saveLog`]: adminOnly,
  [`GET ${C}/listLogById`]: adminOnly,
  [`GET ${C}/history.csv`]: adminOnly,

  // Audit and operations.
  [`GET ${U}/backoffice/audit/search`]: adminOnly,
  [`GET ${U}/backoffice/audit/history`]: adminOnly,
  [`GET ${U}/backoffice/audit/history.csv`]: adminOnly,
  [`POST ${U}/invoice/page`]: customer,
  [`POST ${U}/backoffice/invoice/page`]: adminOnly,
  [`GET ${U}/backoffice/ops/projections`]: adminOnly,
  [`POST ${U}/backoffice/ops/projections/retry`]: adminOnly,
  [`POST ${U}/backoffice/ops/projections/skip`]: adminOnly,
  [`GET ${U}/backoffice/ops/queues`]: adminOnly,
  [`GET ${U}/backoffice/ops/queues/failed`]: adminOnly,
  [`POST ${U}/backoffice/ops/queues/retry`]: adminOnly,
  [`POST ${U}/backoffice/ops/queues/remove`]: adminOnly,
  [`GET ${U}/backoffice/ops/audit`]: adminOnly,
  [`GET ${U}/backoffice/ops/processes`]: adminOnly,
  [`POST ${U}/backoffice/ops/boardSession`]: adminOnly,
  [`GET ${U}/backoffice/ops/board`]: adminOnly,
  [`GET ${U}/backoffice/ops/board/*rest`]: adminOnly,

  // The rule platform (roles per route, and the menu route(s) each call serves).
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
};

const SOME_ID = '00000000-0000-4000-8000-000000000000';
type Request = { path: string; body?: unknown };
/**
 * What each call sends: `{}` (POST) or nothing (GET), with path parameters filled in, and the
 * kind a dictionary call names (each kind is guarded by its own menu route). No other input:
 * the guards must refuse before input is looked at.
 */
const requestsFor = (method: string, path: string): Request[] => {
  if (path === `${R}/config`) return ConfigKinds.map((kind) => ({ path: `${path}?kind=${kind}` }));
  if (path.startsWith(`${R}/config/`)) return ConfigKinds.map((kind) => ({ path, body: { kind } }));
  return [
    { path: path.replace('*rest', 'api/queues').replace(':id', SOME_ID), body: method === 'POST' ? {} : undefined },
  ];
};

/** Logging out ends the caller's session: it goes last. */
const LAST = `POST ${U}/user/logout`;

const allowed = (access: Access, who: CallerKind, roles: readonly string[]): boolean => {
  switch (access.kind) {
    case 'internal':
    case 'public':
      return true;
    case 'customer':
      return who !== 'none';
    case 'registered':
      return who !== 'none' && who !== 'guest';
    case 'staff':
    case 'rules':
      return access.roles.some((r) => roles.includes(r));
  }
};

let platform: TestPlatform;
let clients: Record<CallerKind, Client>;
let published: { method: string; path: string }[];

beforeAll(async () => {
  platform = await startTestPlatform({ env: { SMS_HOURLY_PER_ADDRESS: '100000' } });
  clients = await signedInCast(platform);
  published = [];
  for (const port of [platform.command.port, platform.query.port]) {
    const table = (await (await fetch(`http://127.0.0.1:${port}/internal/routes`)).json()) as {
      data: { method: string; path: string }[];
    };
    published.push(...table.data);
  }
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

describe('function-level authorisation', () => {
  it('classifies every route the services publish, and nothing they do not', () => {
    const keys = published.map((r) => `${r.method} ${r.path}`);
    expect(
      keys.filter((k) => !(k in routeAccess)),
      'published but not classified',
    ).toEqual([]);
    expect(
      Object.keys(routeAccess).filter((k) => !keys.includes(k)),
      'classified but not published',
    ).toEqual([]);
  });

  it('gives each rule-platform call the roles its menu route gives', () => {
    const wrong: string[] = [];
    for (const [key, access] of Object.entries(routeAccess)) {
      if (access.kind !== 'rules') continue;
      for (const role of ['admin', 'auditor', 'test', 'batchTest', 'claims', 'user'] as const) {
        const viewer = { roles: [role], userName: '' };
        const byMenu =
          access.menu === 'any' ? canUseRulePlatform([role]) : access.menu.some((m) => mayOpenRulesRoute(m, viewer));
        if (byMenu !== access.roles.includes(role)) wrong.push(`${key} ${role}: menu ${byMenu}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("does not relay the services' internal routes", async () => {
    for (const key of Object.keys(routeAccess).filter((k) => routeAccess[k]!.kind === 'internal')) {
      const [method, path] = key.split(' ') as [string, string];
      const answer = await rawCall(platform.baseUrl, method, path);
      expect(answer.text, key).not.toContain('"service"');
    }
  });

  it.each(CALLER_KINDS)("%s: refused below each route's class, let through in it", async (who) => {
    const client = clients[who];
    const token = client.state.accessToken;
    const roles = who === 'none' || who === 'guest' ? [] : who === 'user' ? ['user'] : ['user', who];
    const keys = Object.keys(routeAccess)
      .filter((k) => routeAccess[k]!.kind !== 'internal')
      .sort((a, b) => Number(a === LAST) - Number(b === LAST));
    const wrong: string[] = [];
    for (const key of keys) {
      const access = routeAccess[key]!;
      const [method, path] = key.split(' ') as [string, string];
      for (const request of requestsFor(method, path)) {
        const answer = await rawCall(platform.baseUrl, method, request.path, { token, body: request.body });
        const label = `${method} ${request.path} ${JSON.stringify(request.body ?? '')}: ${answer.status} ${answer.text.slice(0, 120)}`;
        if (answer.status >= 500) {
          wrong.push(`5xx ${label}`);
          continue;
        }
        const rulesCall = request.path.startsWith(R);
        if (allowed(access, who, roles)) {
          if ([40100, 40300, 50008, 50012, 50014].includes(answer.body?.code ?? 0)) wrong.push(`refused ${label}`);
          continue;
        }
        const expected =
          who === 'none' ? { status: 401, code: rulesCall ? 50008 : 40100 } : { status: 403, code: 40300 };
        if (answer.status !== expected.status || answer.body?.code !== expected.code || answer.body?.data !== null)
          wrong.push(`let through ${label}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
