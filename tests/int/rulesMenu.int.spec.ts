import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@feibao/platform/tokens';
import {
  ADMIN,
  newPhone,
  registerUser,
  startTestPlatform,
  type Client,
  type TestPlatform,
} from '../support/platform.ts';

const MENU = '/api/v1/rules/menu';
const DENIED = { code: 40300, message: '无权限访问' };
const SUPERUSER = newPhone();

let platform: TestPlatform;
let admin: Client;

/** The rule client's way of sending the token: X-Token, no Authorization header. */
const rulesGet = (client: Client, path = MENU, token = client.state.accessToken) =>
  client.get(path, { token: null, headers: token ? { 'x-token': token } : {} });

const menuTitles = (data: { menu: { title: string; items: { title: string }[] }[] }) =>
  data.menu.map((g) => `${g.title}: ${g.items.map((i) => i.title).join(' ')}`);

/** A registered account whose current token carries these roles (granted by the admin, then a fresh sign-in). */
const accountWith = async (roles: string[], phone?: string) => {
  const client = platform.client();
  const registered = await registerUser(client, phone);
  if (roles.length > 0) {
    const granted = await admin.post('/api/v1/uav/backoffice/users/grantRoles', {
      mobilePhone: registered.phone,
      roles,
      reason: '规则平台',
    });
    expect(granted.body.code, granted.body.message).toBe(20000);
    const login = client.adopt(
      await client.post('/api/v1/uav/user/login', { mobilePhone: registered.phone, password: registered.password }),
    );
    expect(login.body.code, login.body.message).toBe(20000);
  }
  return { client, phone: registered.phone };
};

beforeAll(async () => {
  platform = await startTestPlatform({ env: { SMS_HOURLY_PER_ADDRESS: '100000', RULES_SUPERUSER: SUPERUSER } });
  admin = platform.client();
  admin.adopt(await admin.post('/api/v1/uav/user/login', ADMIN));
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

describe('GET /api/v1/rules/menu', () => {
  it('gives admins all five groups and their profile, by X-Token or Bearer', async () => {
    const answer = await rulesGet(admin);
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(20000);
    expect(answer.body.data.profile).toMatchObject({
      mobilePhone: ADMIN.mobilePhone,
      roles: expect.arrayContaining(['admin']),
      superUser: false,
    });
    expect(answer.body.data.menu.map((g: { key: string }) => g.key)).toEqual([
      'ruleManage',
      'ruleTest',
      'review',
      'ruleConfig',
      'systemConfig',
    ]);
    expect(answer.body.data.menu[0].items.map((i: { route: string }) => i.route)).toContain('ruleTransposition');
    expect((await admin.get(MENU)).body.data).toEqual(answer.body.data);
  });

  it('answers each rule-platform role with exactly its menu', async () => {
    const auditor = await accountWith(['auditor']);
    const auditorMenu = (await rulesGet(auditor.client)).body.data;
    expect(auditorMenu.menu).toHaveLength(5);
    expect(menuTitles(auditorMenu)[0]).toBe('规则管理: 规则列表 阶段转换 我的场景 新增复合规则 规则池 规则案例');

    const tester = await accountWith(['test']);
    expect(menuTitles((await rulesGet(tester.client)).body.data)).toEqual([
      '规则测试: 我的批量测试 多批次测试详情',
      '审核列表: 新建申请 我的申请',
    ]);

    const batchTester = await accountWith(['batchTest']);
    const batch = (await rulesGet(batchTester.client)).body.data;
    expect(menuTitles(batch)).toEqual(['规则测试: 批量测试', '审核列表: 新建申请 我的申请']);
    expect(batch.menu[0].items[0].route).toBe('batchTest/null');
  }, 60_000);

  it('refuses customers, claims staff and guests with 40300', async () => {
    const customer = await accountWith([]);
    expect((await rulesGet(customer.client)).body).toMatchObject(DENIED);
    const claims = await accountWith(['claims']);
    const refused = await rulesGet(claims.client);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject(DENIED);
    const guest = platform.client();
    guest.adopt(await guest.post('/api/v1/uav/user/guest'));
    expect((await rulesGet(guest)).body).toMatchObject(DENIED);
  }, 60_000);

  it('opens everything to the configured superuser, a customer by roles', async () => {
    const superUser = await accountWith([], SUPERUSER);
    const answer = await rulesGet(superUser.client);
    expect(answer.body.code).toBe(20000);
    expect(answer.body.data.profile.superUser).toBe(true);
    expect(answer.body.data.menu.flatMap((g: { items: unknown[] }) => g.items)).toHaveLength(21);
  }, 60_000);
});

describe('rule-platform session codes', () => {
  it('answers 50008 without a token, or with one that is malformed or not signed by us', async () => {
    const anonymous = platform.client();
    const missing = await rulesGet(anonymous);
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ code: 50008, message: '登录凭证无效，请重新登录', data: null });
    expect((await rulesGet(anonymous, MENU, 'not-a-token')).body.code).toBe(50008);
    const foreign = createTokenService({ ...platform.config, jwtSecret: 'another-secret-0123456789abcdef' });
    const forged = await foreign.sign({
      sub: ADMIN.mobilePhone,
      sid: crypto.randomUUID(),
      roles: ['admin'],
      guest: false,
      name: '管理员',
    });
    expect((await rulesGet(anonymous, MENU, forged)).body.code).toBe(50008);
  });

  it('answers 50014 for an expired token', async () => {
    const tokens = createTokenService(platform.config);
    const longAgo = new Date(Date.now() - (platform.config.accessTokenTtlSeconds + 60) * 1000);
    const expired = await tokens.sign(
      { sub: ADMIN.mobilePhone, sid: crypto.randomUUID(), roles: ['admin'], guest: false, name: '管理员' },
      longAgo,
    );
    const answer = await rulesGet(platform.client(), MENU, expired);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 50014, message: '登录已过期，请重新登录' });
  });

  it('answers 50012 once the session has ended (logout)', async () => {
    const tester = await accountWith(['test']);
    const token = tester.client.state.accessToken;
    expect((await rulesGet(tester.client)).body.code).toBe(20000);
    expect((await tester.client.post('/api/v1/uav/user/logout')).body.code).toBe(20000);
    const answer = await rulesGet(tester.client, MENU, token);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 50012, message: '账号已退出或在别处登录，请重新登录' });
  }, 60_000);

  it('keeps the customer API on its own code for the same token', async () => {
    const answer = await platform.client().get(`/api/v1/uav/user/getUserByUserName?userName=${ADMIN.mobilePhone}`, {
      headers: { 'x-token': 'not-a-token' },
    });
    expect(answer.body.code).toBe(40100);
  });
});
