import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, registerUser, startTestPlatform, type Client, type TestPlatform } from '../support/platform.ts';
import { companyProfile } from '../support/policies.ts';

const API = '/api/v1/uav/backoffice/users';
const DENIED = { code: 40300, message: '无权限访问' };

let platform: TestPlatform;
let admin: Client;

const signInAdmin = async (client: Client) =>
  client.adopt(
    await client.post('/api/v1/uav/user/login', { mobilePhone: ADMIN.mobilePhone, password: ADMIN.password }),
  );

/** The roles an access token carries (its payload, as any service reads it). */
const tokenRoles = (token: string | null) =>
  JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()).roles as string[];

/** A fresh access token for the client's session, as the web client gets one when its token lapses. */
const refresh = async (client: Client) => {
  const answer = client.adopt(
    await client.post('/api/v1/uav/user/refresh', { refreshToken: client.state.refreshToken }),
  );
  expect(answer.body.code, answer.body.message).toBe(20000);
  return answer.body.data as { accessToken: string; user: { roles: string[] } };
};

const grant = (client: Client, mobilePhone: string, roles: string[], reason = '岗位需要') =>
  client.post(`${API}/grantRoles`, { mobilePhone, roles, reason });
const revoke = (client: Client, mobilePhone: string, roles: string[], reason = '岗位调整') =>
  client.post(`${API}/revokeRoles`, { mobilePhone, roles, reason });

/** A registered account holding these staff roles in its current token. */
const staffWith = async (roles: string[]) => {
  const client = platform.client();
  const { phone } = await registerUser(client);
  if (roles.length > 0) expect((await grant(admin, phone, roles)).body.code).toBe(20000);
  await refresh(client);
  expect(tokenRoles(client.state.accessToken)).toEqual(['user', ...roles]);
  return { client, phone };
};

beforeAll(async () => {
  platform = await startTestPlatform({ env: { SMS_HOURLY_PER_ADDRESS: '100000' } });
  admin = platform.client();
  await signInAdmin(admin);
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

describe('who may administer users', () => {
  it('refuses every users call to the unauthenticated, guests, customers, claims staff and the rule-platform roles', async () => {
    const { phone: target } = await registerUser(platform.client());
    const calls = [
      (c: Client) => c.get(`${API}?q=138`),
      (c: Client) => c.get(`${API}/roleHistory?mobilePhone=${target}`),
      (c: Client) => grant(c, target, ['claims']),
      (c: Client) => revoke(c, target, ['claims']),
    ];

    const anonymous = platform.client();
    for (const call of calls) expect((await call(anonymous)).body).toMatchObject({ code: 40100, message: '请先登录' });

    const guest = platform.client();
    guest.adopt(await guest.post('/api/v1/uav/user/guest'));
    const customer = platform.client();
    await registerUser(customer);
    const callers = [
      guest,
      customer,
      ...(
        await Promise.all(
          [['claims'], ['auditor'], ['test'], ['batchTest'], ['auditor', 'test', 'batchTest']].map(staffWith),
        )
      ).map((s) => s.client),
    ];
    for (const client of callers)
      for (const call of calls) {
        const answer = await call(client);
        expect(answer.status).toBe(403);
        expect(answer.body).toMatchObject({ ...DENIED, data: null });
      }
    // The refusals changed nothing: the target holds no staff role and has no role change on record.
    const history = await admin.get(`${API}/roleHistory?mobilePhone=${target}`);
    expect(history.body.data.map((e: { action: string }) => e.action)).toEqual(['register']);
  }, 120_000);

  it('refuses the older grantRoles route to claims staff as well', async () => {
    const { client } = await staffWith(['claims']);
    const { phone } = await registerUser(platform.client());
    expect(
      (await client.post('/api/v1/uav/user/grantRoles', { mobilePhone: phone, roles: ['claims'] })).body,
    ).toMatchObject(DENIED);
  }, 60_000);
});

describe('granting and revoking', () => {
  it('grants with who and why, shows the account in the list, and the next token carries the role', async () => {
    const user = platform.client();
    const { phone } = await registerUser(user, undefined, undefined, '王五');
    expect((await user.post('/api/v1/uav/user/update', companyProfile)).body.code).toBe(20000);
    const theirs = { headers: { 'x-consistency-token': String(user.consistency) } };

    const granted = await grant(admin, phone, ['claims', 'auditor'], '新入职理赔岗');
    expect(granted.body).toMatchObject({
      code: 20000,
      message: '授权成功',
      data: { mobilePhone: phone, roles: ['user', 'claims', 'auditor'] },
    });

    // The current token still holds what it was signed with; the refreshed one has the new roles.
    expect(tokenRoles(user.state.accessToken)).toEqual(['user']);
    const refreshed = await refresh(user);
    expect(tokenRoles(refreshed.accessToken)).toEqual(['user', 'claims', 'auditor']);
    expect(refreshed.user.roles).toEqual(['user', 'claims', 'auditor']);

    // Found by phone prefix, by part of the name, by part of the company, by role; phone whole.
    for (const q of [phone.slice(0, 7), phone, '王五', '测绘科技']) {
      const page = await admin.get(`${API}?q=${encodeURIComponent(q)}&pageSize=100`, theirs);
      expect(page.body.code, q).toBe(20000);
      expect(
        page.body.data.datas.map((r: { mobilePhone: string }) => r.mobilePhone),
        q,
      ).toContain(phone);
    }
    const row = (await admin.get(`${API}?q=${phone}`, theirs)).body.data.datas[0];
    expect(row).toMatchObject({
      mobilePhone: phone,
      name: '王五',
      companyName: '飞保测绘科技有限公司',
      registerType: 2,
      roles: ['user', 'claims', 'auditor'],
    });
    expect(typeof row.createdAt).toBe('string');
    const auditors = await admin.get(`${API}?role=auditor&pageSize=100`, theirs);
    expect(auditors.body.data.datas.every((r: { roles: string[] }) => r.roles.includes('auditor'))).toBe(true);
    expect(auditors.body.data.datas.map((r: { mobilePhone: string }) => r.mobilePhone)).toContain(phone);
    expect((await admin.get(`${API}?q=${encodeURIComponent('没有这个名字')}`)).body.data).toMatchObject({
      datas: [],
      totalCount: 0,
    });

    // Revoking one role: the history reads newest first with who and why.
    const revoked = await revoke(admin, phone, ['auditor'], '不再参与规则审核');
    expect(revoked.body).toMatchObject({ code: 20000, message: '已撤销授权', data: { roles: ['user', 'claims'] } });
    expect(tokenRoles((await refresh(user)).accessToken)).toEqual(['user', 'claims']);
    const history = await admin.get(`${API}/roleHistory?mobilePhone=${phone}`);
    expect(history.body.data).toMatchObject([
      { action: 'revoke', roles: ['auditor'], by: ADMIN.mobilePhone, reason: '不再参与规则审核' },
      { action: 'grant', roles: ['claims', 'auditor'], by: ADMIN.mobilePhone, reason: '新入职理赔岗' },
      { action: 'register', roles: ['user'], by: phone },
    ]);
    expect((await admin.get(`${API}?q=${phone}`)).body.data.datas[0].roles).toEqual(['user', 'claims']);
  }, 60_000);

  it('refuses bad input with a Chinese message and never a 5xx', async () => {
    const { phone } = await registerUser(platform.client());
    const cases: [Promise<{ status: number; body: { code: number; message: string } }>, number, string][] = [
      [grant(admin, phone, ['claims'], '  '), 40000, '请填写原因'],
      [admin.post(`${API}/grantRoles`, { mobilePhone: phone, roles: ['claims'] }), 40000, '请填写原因'],
      [revoke(admin, phone, ['user']), 40000, '角色不正确'],
      [grant(admin, phone, ['root']), 40000, '角色不正确'],
      [grant(admin, phone, []), 40000, '请选择角色'],
      [grant(admin, '123', ['claims']), 40000, '手机号格式错误'],
      [grant(admin, '13000000000', ['claims']), 40400, '用户不存在'],
      [revoke(admin, '13000000000', ['claims']), 40400, '用户不存在'],
      [admin.get(`${API}?role=root`), 40000, '角色不正确'],
      [admin.get(`${API}?currentPage=0`), 40000, '页码不正确'],
      [admin.get(`${API}/roleHistory?mobilePhone=abc`), 40000, '手机号格式错误'],
      [admin.post(`${API}/grantRoles`, undefined, { raw: '{not json' }), 40000, ''],
    ];
    for (const [call, code, message] of cases) {
      const answer = await call;
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.code, answer.body.message).toBe(code);
      if (message) expect(answer.body.message).toBe(message);
      else expect(answer.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    // Revoking a role not held changes nothing and says so the same way.
    expect((await revoke(admin, phone, ['test'])).body).toMatchObject({ code: 20000, data: { roles: ['user'] } });
  }, 60_000);

  it('keeps the older grantRoles route working without a reason', async () => {
    const { phone } = await registerUser(platform.client());
    expect(
      (await admin.post('/api/v1/uav/user/grantRoles', { mobilePhone: phone, roles: ['test'] })).body,
    ).toMatchObject({ code: 20000, message: '授权成功' });
    const history = await admin.get(`${API}/roleHistory?mobilePhone=${phone}`);
    expect(history.body.data[0]).toMatchObject({
      action: 'grant',
      roles: ['test'],
      by: ADMIN.mobilePhone,
      reason: '未记录原因',
    });
  }, 60_000);
});

describe('the last admin', () => {
  it('cannot be removed, alone or by two admins revoking each other at the same moment', async () => {
    expect((await revoke(admin, ADMIN.mobilePhone, ['admin'])).body).toMatchObject({
      code: 40900,
      message: '不能移除最后一位管理员',
    });

    for (let round = 0; round < 3; round++) {
      // Two admins; each revokes the other at once. Exactly one may win.
      const a = platform.client();
      await signInAdmin(a);
      const { client: b, phone: bPhone } = await staffWith(['admin']);
      const remaining = async () => {
        const list = await a.get(`${API}?role=admin&pageSize=100`, {
          headers: { 'x-consistency-token': String(Math.max(a.consistency, b.consistency)) },
        });
        return list.body.data.datas.map((r: { mobilePhone: string }) => r.mobilePhone) as string[];
      };
      expect((await remaining()).sort()).toEqual([ADMIN.mobilePhone, bPhone].sort());

      const answers = await Promise.all([
        revoke(a, bPhone, ['admin'], '互相撤销'),
        revoke(b, ADMIN.mobilePhone, ['admin'], '互相撤销'),
      ]);
      expect(answers.map((x) => x.body.code).sort()).toEqual([20000, 40900]);
      expect(answers.find((x) => x.body.code === 40900)!.body.message).toBe('不能移除最后一位管理员');
      const left = await remaining();
      expect(left).toHaveLength(1);

      // The admin that lost the role gets a token without it at the next refresh.
      const survivor = left[0] === ADMIN.mobilePhone ? a : b;
      const loser = survivor === a ? b : a;
      expect(tokenRoles((await refresh(loser)).accessToken)).not.toContain('admin');
      expect(tokenRoles((await refresh(survivor)).accessToken)).toContain('admin');

      // Whoever is left restores the seeded admin, so the next round starts from it alone.
      if (survivor === b) {
        expect((await grant(b, ADMIN.mobilePhone, ['admin'], '恢复管理员')).body.code).toBe(20000);
        await signInAdmin(admin);
        expect((await revoke(admin, bPhone, ['admin'], '测试结束')).body.code).toBe(20000);
      }
      expect((await revoke(admin, ADMIN.mobilePhone, ['admin'])).body.code).toBe(40900);
    }
  }, 120_000);
});
