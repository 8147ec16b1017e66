import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canUseRulePlatform } from '@feibao/domain/accounts/roles';
import { ConfigKinds } from '@feibao/domain/rules/config';
import { mayOpenRulesRoute } from '@feibao/domain/rules/menu';
import { resourcePolicies, routeAccess } from '@feibao/domain/policies';
import { mayCall, type Access } from '@feibao/domain/shared/access';
import { startTestPlatform, type Client, type TestPlatform } from '../support/platform.ts';
import { CALLER_KINDS, rawCall, signedInCast, type CallerKind } from '../support/securityFixtures.ts';

/**
 * Function-level authorisation (docs/security.md "Who may do what"): every route the command and
 * query services publish (`GET /internal/routes`, the tables the edge routes by) is classified
 * by a resource's policy (domain `<feature>/access.ts`), and called through the edge by every kind of caller. A route missing from the table
 * fails the suite, so a new route is classified before it ships. Callers below a route's class
 * get the refusal envelope (401 without a token, 403 with one; never 20000, never data); callers
 * in it get past the guards (their minimal input may still be refused, never with a 5xx).
 * For the rule platform each route also names the menu route(s) it serves: the roles its policy gives
 * must be those the menu gives (domain rules/menu.ts), so the menu shows a call exactly when
 * the server allows it.
 */

/** Every published route → who may call it: the resources' policies (domain policies.ts, shared/access.ts). */
const U = '/api/v1/uav';
const R = '/api/v1/rules';

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

const allowed = (access: Access, who: CallerKind, roles: readonly string[]): boolean =>
  mayCall(access, { session: who === 'none' ? 'none' : who === 'guest' ? 'guest' : 'registered', roles });

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

  it('classifies each route in one policy only', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const policy of resourcePolicies)
      for (const key of Object.keys(policy.routes)) {
        const first = seen.get(key);
        if (first) twice.push(`${key}: ${first} and ${policy.resource}`);
        else seen.set(key, policy.resource);
      }
    expect(twice).toEqual([]);
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
