import Router from '@koa/router';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeAccess } from '@feibao/domain/policies';
import { Roles } from '@feibao/domain/accounts/roles';
import { type CallerClass, customer, mayCall, type RouteAccess, rules, staff } from '@feibao/domain/shared/access';
import type { TokenService } from '../tokens.ts';
import type { SessionRevocations } from '../revocations.ts';
import { createKoaApp } from './app.ts';
import { ok } from './envelope.ts';
import { policyGuard, unclassifiedRoutes } from './policyGuard.ts';

/** A token names its caller: `guest`, or the roles of a registered account (`user,admin`). */
const tokens = {
  verify: async (token: string) => {
    if (token === 'bad') throw new Error('not ours');
    const guest = token === 'guest';
    // The plain `user` is the rule platform's superuser when one is configured (below).
    const sub = guest ? 'guest:1' : token === 'user' ? '13800000001' : '13800000000';
    return { sub, sid: 's', roles: guest ? [] : token.split(','), guest, name: 'n' };
  },
} as unknown as TokenService;
const revocations = { isRevoked: async () => false } as unknown as SessionRevocations;

const serve = async (routers: Router[], access: RouteAccess, rulesSuperUser: string | null = null) => {
  const app = createKoaApp({ trustProxy: false });
  app.use(policyGuard({ routers, access, tokens, revocations, rulesSuperUser }));
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = async (method: string, path: string, token?: string, header = 'authorization') => {
    const answer = await fetch(`${base}${path}`, {
      method,
      headers: token ? { [header]: header === 'authorization' ? `Bearer ${token}` : token } : {},
    });
    return { status: answer.status, body: (await answer.json()) as { code: number; message: string; data: unknown } };
  };
  return { call, close: () => new Promise((resolve) => server.close(resolve)) };
};

describe('policyGuard', () => {
  it('refuses a route no policy names (fail closed) and lists it as unclassified', async () => {
    const router = new Router();
    router.get('/api/v1/uav/classified', (ctx) => ok(ctx, 'yes'));
    router.post('/api/v1/uav/forgotten', (ctx) => ok(ctx, 'should not answer'));
    const access = { 'GET /api/v1/uav/classified': customer };
    expect(unclassifiedRoutes([router], access)).toEqual(['POST /api/v1/uav/forgotten']);
    const platform = await serve([router], access);
    try {
      expect(await platform.call('GET', '/api/v1/uav/classified', 'user')).toMatchObject({ status: 200 });
      const refused = await platform.call('POST', '/api/v1/uav/forgotten', 'user,admin');
      expect(refused).toEqual({ status: 403, body: { code: 40300, message: '无权限访问', data: null } });
      // Paths no route serves keep the routers' own answers.
      expect((await platform.call('GET', '/api/v1/uav/nothing', 'user')).body.code).toBe(40400);
    } finally {
      await platform.close();
    }
  });

  it('refuses by role before the route runs, with the back office words', async () => {
    const router = new Router();
    router.post('/api/v1/uav/backoffice/x', (ctx) => ok(ctx, 'ran'));
    const platform = await serve([router], { 'POST /api/v1/uav/backoffice/x': staff('admin') });
    try {
      expect(await platform.call('POST', '/api/v1/uav/backoffice/x')).toEqual({
        status: 401,
        body: { code: 40100, message: '请先登录', data: null },
      });
      expect(await platform.call('POST', '/api/v1/uav/backoffice/x', 'bad')).toMatchObject({
        status: 401,
        body: { code: 40100, message: '登录已失效，请重新登录' },
      });
      expect(await platform.call('POST', '/api/v1/uav/backoffice/x', 'user,claims')).toEqual({
        status: 403,
        body: { code: 40300, message: '无权限访问', data: null },
      });
      expect((await platform.call('POST', '/api/v1/uav/backoffice/x', 'user,admin')).body.data).toBe('ran');
    } finally {
      await platform.close();
    }
  });
});

describe('policyGuard on the rule platform', () => {
  const router = new Router();
  router.get('/api/v1/rules/list', (ctx) => ok(ctx, 'ran'));
  router.get('/api/v1/rules/config', (ctx) => ok(ctx, 'ran'));
  // A made-up policy whose menu route follows the request: `which=cases` asks for the batch testers' route.
  const access: RouteAccess = {
    'GET /api/v1/rules/list': rules(['admin', 'auditor'], ['ruleList']),
    'GET /api/v1/rules/config': rules(['admin', 'auditor', 'batchTest'], ['ruleList'], {
      menuOf: (request) => (request.query.which === 'cases' ? ['batchTest/null'] : ['ruleList']),
    }),
  };

  it('answers sign-in failures with the session codes, X-Token or Bearer, then 40300 without a rule role', async () => {
    const platform = await serve([router], access, '13800000001');
    try {
      expect(await platform.call('GET', '/api/v1/rules/list')).toEqual({
        status: 401,
        body: { code: 50008, message: '登录凭证无效，请重新登录', data: null },
      });
      expect((await platform.call('GET', '/api/v1/rules/list', 'bad', 'x-token')).body.code).toBe(50008);
      for (const token of ['guest', 'user,claims'])
        expect(await platform.call('GET', '/api/v1/rules/list', token, 'x-token')).toEqual({
          status: 403,
          body: { code: 40300, message: '无权限访问', data: null },
        });
      expect((await platform.call('GET', '/api/v1/rules/list', 'user,auditor', 'x-token')).body.data).toBe('ran');
      expect((await platform.call('GET', '/api/v1/rules/list', 'user,test')).body.code).toBe(40300);
      // RULES_SUPERUSER opens every menu route without a rule role.
      expect((await platform.call('GET', '/api/v1/rules/list', 'user')).body.data).toBe('ran');
    } finally {
      await platform.close();
    }
  });

  it('checks the menu route the policy reads off the request (menuOf)', async () => {
    const platform = await serve([router], access);
    try {
      expect((await platform.call('GET', '/api/v1/rules/config', 'user,batchTest')).body.code).toBe(40300);
      expect((await platform.call('GET', '/api/v1/rules/config?which=cases', 'user,batchTest')).body.data).toBe('ran');
      expect((await platform.call('GET', '/api/v1/rules/config?which=cases', 'user,auditor')).body.code).toBe(40300);
    } finally {
      await platform.close();
    }
  });
});

/**
 * The guard enforces the same table the authz suite (tests/int/securityAuthz.int.spec.ts) classifies from:
 * every route of domain policies.ts, served by a stand-in handler, answers every kind of caller as `mayCall` says.
 */
describe('the guard and the authz suite read one table', () => {
  const keys = Object.keys(routeAccess);
  const router = new Router();
  for (const key of keys) {
    const [method, path] = key.split(' ') as [string, string];
    router.register(path, [method], (ctx) => ok(ctx, 'ran'));
  }
  const callers: [string | undefined, CallerClass][] = [
    [undefined, { session: 'none', roles: [] }],
    ['guest', { session: 'guest', roles: [] }],
    ...Roles.map((role): [string, CallerClass] => {
      const roles = role === 'user' ? ['user'] : ['user', role];
      return [roles.join(','), { session: 'registered', roles }];
    }),
  ];
  let platform: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    platform = await serve([router], routeAccess);
  });
  afterAll(() => platform.close());

  it('classifies every route it serves', () => {
    expect(unclassifiedRoutes([router], routeAccess)).toEqual([]);
  });

  it.each(callers)('caller %s: let through exactly where the policy says', async (token, who) => {
    const wrong: string[] = [];
    for (const key of keys) {
      const access = routeAccess[key]!;
      const [method, path] = key.split(' ') as [string, string];
      const answer = await platform.call(method, path.replace(/[:*]\w+/g, 'x'), token);
      // The admin-style info call refuses a caller without a rule role itself, in its client's words.
      const expected = access.kind === 'rules' && access.signInRefused ? who.session !== 'none' : mayCall(access, who);
      if ((answer.body.data === 'ran') !== expected) wrong.push(`${key}: ${answer.status} ${answer.body.code}`);
    }
    expect(wrong).toEqual([]);
  });
});
