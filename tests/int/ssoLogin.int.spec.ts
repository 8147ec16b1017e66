import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@feibao/platform/config';
import {
  ADMIN,
  newPhone,
  registerUser,
  sendCode,
  signIn,
  startTestPlatform,
  type Client,
  type TestPlatform,
} from '../support/platform.ts';

/**
 * The rule platform's sign-in calls (docs/api/rules-sign-in.md):
 * SMS-code login, the captcha that failed logins turn on (per address and per user name), its
 * image and single use, the admin-style login with its info call, and the tenant exchange. Every
 * refusal is an envelope below 500.
 */

const CAPTCHA_AFTER = 3;
const CAPTCHA_PER_MINUTE = 12;
const MAX_FAILURES = 8;
const DEV_ANSWER = 'K7PX';

const S = '/sso-platform';
const LOGIN_USER = `${S}/authencation/oauth2/login/user`;
const LOGIN_CODE = `${S}/authencation/oauth2/login/code`;
const LOGIN_TENANT = `${S}/authencation/oauth2/login/tenant`;
const TRIGGER = `${S}/captcha/trigger`;
const CAPTCHA = `${S}/captcha/get`;
const ADMIN_LOGIN = `${S}/user/login`;
const ADMIN_INFO = `${S}/user/info`;

let platform: TestPlatform;
let client: Client;
let auditor: { phone: string; password: string };
let customer: { phone: string; password: string };
const superUserPhone = newPhone();

/** Forgets every count (a new login window), so each test starts from none. */
const resetCounts = async () => {
  const redis = platform.command.deps.redis;
  const keys = await redis.keys(`${platform.config.queuePrefix}:rl:*`);
  if (keys.length > 0) await redis.del(...keys);
};

const captchaImage = async (query = '') => {
  const response = await fetch(`${platform.baseUrl}${CAPTCHA}${query}`);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};

/** A fresh captcha and its answer (the suite runs with CAPTCHA_DEV_ANSWER). */
const solved = async () => {
  const { response } = await captchaImage();
  expect(response.status).toBe(200);
  return { captchaKey: response.headers.get('captcha-key')!, captcha: DEV_ANSWER };
};

const required = async (username?: string) => {
  const answer = await client.get(`${TRIGGER}${username ? `?username=${username}` : ''}`);
  expect(answer.body.code).toBe(20000);
  return answer.body.data.required as boolean;
};

const failPasswordLogins = async (username: string, times: number) => {
  for (let i = 0; i < times; i++)
    expect((await client.post(LOGIN_USER, { username, password: `wrong-${i}` }, { token: null })).body).toMatchObject({
      code: 40000,
      message: '用户名或密码错误',
    });
};

const codeFor = async (phone: string) => {
  await platform.allowResend(phone);
  return sendCode(client, phone);
};

beforeAll(async () => {
  platform = await startTestPlatform({
    env: {
      LOGIN_CAPTCHA_AFTER: String(CAPTCHA_AFTER),
      CAPTCHA_PER_MINUTE: String(CAPTCHA_PER_MINUTE),
      CAPTCHA_DEV_ANSWER: DEV_ANSWER,
      LOGIN_MAX_FAILURES: String(MAX_FAILURES),
      SMS_HOURLY_PER_PHONE: '1000',
      SMS_HOURLY_PER_ADDRESS: '100000',
      RULES_SUPERUSER: superUserPhone,
    },
  });
  client = platform.client();
  const admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  auditor = await registerUser(platform.client());
  const granted = await admin.post('/api/v1/uav/user/grantRoles', { mobilePhone: auditor.phone, roles: ['auditor'] });
  expect(granted.body.code).toBe(20000);
  customer = await registerUser(platform.client());
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});
beforeEach(resetCounts);

describe('captcha trigger', () => {
  it('turns on after failed logins from an address, asks for a captcha, and turns off after a success', async () => {
    expect(await required()).toBe(false);
    await failPasswordLogins(newPhone(), CAPTCHA_AFTER - 1);
    expect(await required()).toBe(false);
    await failPasswordLogins(newPhone(), 1);
    expect(await required()).toBe(true);

    const bare = await client.post(
      LOGIN_USER,
      { username: auditor.phone, password: auditor.password },
      { token: null },
    );
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ code: 40000, message: '请输入图形验证码', data: { captchaRequired: true } });
    const wrong = await client.post(
      LOGIN_USER,
      { username: auditor.phone, password: auditor.password, ...(await solved()), captcha: 'ZZZZ' },
      { token: null },
    );
    expect(wrong.body).toMatchObject({ code: 40000, message: '图形验证码错误或已过期' });

    const captcha = await solved();
    const signedIn = await client.post(
      LOGIN_USER,
      { username: auditor.phone, password: auditor.password, ...captcha, captcha: DEV_ANSWER.toLowerCase() },
      { token: null },
    );
    expect(signedIn.body).toMatchObject({
      code: 20000,
      message: '登录成功',
      data: { success: true, user: { mobilePhone: auditor.phone } },
    });
    expect(signedIn.body.data.accessToken).toEqual(expect.any(String));
    expect(signedIn.body.data.refreshToken).toEqual(expect.any(String));
    expect(await required()).toBe(false);
    // Single use: the right answer does not open a second login.
    const reused = await client.post(
      LOGIN_USER,
      { username: auditor.phone, password: auditor.password, ...captcha },
      { token: null },
    );
    expect(reused.body).toMatchObject({ code: 40000, message: '图形验证码错误或已过期' });
  });

  it('counts failures per user name too: another address asking for that name needs a captcha', async () => {
    const target = newPhone();
    await failPasswordLogins(target, CAPTCHA_AFTER);
    // As if the failures had come from elsewhere: only the name's count remains.
    const redis = platform.command.deps.redis;
    await redis.del(...(await redis.keys(`${platform.config.queuePrefix}:rl:captcha:fail:ip:*`)));
    expect(await required()).toBe(false);
    expect(await required(target)).toBe(true);
    expect((await client.post(LOGIN_USER, { username: target, password: 'x-1' }, { token: null })).body.message).toBe(
      '请输入图形验证码',
    );
    // Another name from this address goes straight through.
    const other = await client.post(
      LOGIN_USER,
      { username: auditor.phone, password: auditor.password },
      { token: null },
    );
    expect(other.body.code).toBe(20000);
  });

  it('checks a captcha sent while none is required, and refuses an expired one', async () => {
    const sent = await client.post(
      LOGIN_USER,
      { username: auditor.phone, password: auditor.password, ...(await solved()), captcha: 'ABCD' },
      { token: null },
    );
    expect(sent.body).toMatchObject({ code: 40000, message: '图形验证码错误或已过期' });
    const keyOnly = await client.post(
      LOGIN_USER,
      { username: auditor.phone, password: auditor.password, captchaKey: (await solved()).captchaKey },
      { token: null },
    );
    expect(keyOnly.body).toMatchObject({ code: 40000, message: '请输入图形验证码' });

    const captcha = await solved();
    await platform.command.deps.redis.del(`${platform.config.queuePrefix}:captcha:${captcha.captchaKey}`);
    const expired = await client.post(
      LOGIN_USER,
      { username: auditor.phone, password: auditor.password, ...captcha },
      { token: null },
    );
    expect(expired.body).toMatchObject({ code: 40000, message: '图形验证码错误或已过期' });
    for (const captchaKey of ['short', 'x'.repeat(64), '../../etc', 'a b c d e f g h i j k l'])
      expect(
        (
          await client.post(
            LOGIN_USER,
            { username: auditor.phone, password: auditor.password, captchaKey, captcha: DEV_ANSWER },
            { token: null },
          )
        ).body.message,
      ).toBe('图形验证码错误或已过期');
    expect(
      (
        await client.post(
          LOGIN_USER,
          { username: auditor.phone, password: auditor.password, captchaKey: 'k'.repeat(65), captcha: DEV_ANSWER },
          { token: null },
        )
      ).body.code,
    ).toBe(40000);
  });

  it('refuses odd trigger queries with 40000', async () => {
    expect((await client.get(`${TRIGGER}?username=a&username=b`)).body.code).toBe(40000);
    expect((await client.get(`${TRIGGER}?username=${'1'.repeat(65)}`)).body.code).toBe(40000);
  });
});

describe('captcha image', () => {
  it('is a PNG that names its id in a header, is never cached, and is stored only as a hash for 120 s', async () => {
    const { response, bytes } = await captchaImage();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('access-control-expose-headers')).toBe('Captcha-Key');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.toString('latin1')).not.toContain(DEV_ANSWER);
    const key = response.headers.get('captcha-key')!;
    expect(key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const redis = platform.command.deps.redis;
    const stored = await redis.get(`${platform.config.queuePrefix}:captcha:${key}`);
    expect(stored).toEqual(expect.any(String));
    expect(stored!.toUpperCase()).not.toContain(DEV_ANSWER);
    const ttl = await redis.ttl(`${platform.config.queuePrefix}:captcha:${key}`);
    expect(ttl).toBeGreaterThan(100);
    expect(ttl).toBeLessThanOrEqual(120);
    expect((await solved()).captchaKey).not.toBe(key);
  });

  it('accepts only a cache-busting t in its address, and limits each address per minute', async () => {
    expect((await captchaImage('?t=1712345678')).response.status).toBe(200);
    const odd = await captchaImage('?answer=K7PX');
    expect(odd.response.status).toBe(400);
    expect(JSON.parse(odd.bytes.toString())).toMatchObject({ code: 40000, message: '不支持的参数: answer' });

    await resetCounts();
    for (let i = 0; i < CAPTCHA_PER_MINUTE; i++) expect((await captchaImage()).response.status).toBe(200);
    const limited = await captchaImage();
    expect(limited.response.status).toBe(429);
    expect(JSON.parse(limited.bytes.toString())).toMatchObject({
      code: 42900,
      message: '获取图形验证码过于频繁，请稍后再试',
      data: null,
    });
    await resetCounts();
  });

  it('keeps the dev answer out of production and out of any other SMS provider', () => {
    const base = { JWT_SECRET: 'x'.repeat(32), CAPTCHA_DEV_ANSWER: DEV_ANSWER };
    expect(loadConfig({ ...base, NODE_ENV: 'production', SMS_PROVIDER: 'dev' }).captchaDevAnswer).toBeNull();
    expect(loadConfig({ ...base, NODE_ENV: 'test', SMS_PROVIDER: 'none' }).captchaDevAnswer).toBeNull();
    expect(loadConfig({ ...base, NODE_ENV: 'test', CAPTCHA_DEV_ANSWER: 'a b' }).captchaDevAnswer).toBeNull();
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).captchaDevAnswer).toBe(DEV_ANSWER);
  });
});

describe('SMS-code login', () => {
  it('signs a rule-platform account in with its code, once', async () => {
    const code = await codeFor(auditor.phone);
    const answer = await client.post(
      LOGIN_CODE,
      { mobilePhone: auditor.phone, identifyingCode: code },
      { token: null },
    );
    expect(answer.body).toMatchObject({
      code: 20000,
      message: '登录成功',
      data: { success: true, user: { mobilePhone: auditor.phone, roles: expect.arrayContaining(['auditor']) } },
    });
    const me = await client.get(`${S}/authorization/user/get`, {
      token: null,
      headers: { 'x-token': answer.body.data.accessToken },
    });
    expect(me.body).toMatchObject({ code: 20000, data: { username: auditor.phone } });
    const again = await client.post(LOGIN_CODE, { mobilePhone: auditor.phone, identifyingCode: code }, { token: null });
    expect(again.body).toMatchObject({ code: 40000, message: '验证码已失效，请重新获取' });
  });

  it('refuses missing and malformed fields, wrong and expired codes, unknown phones and customers', async () => {
    expect((await client.post(LOGIN_CODE, {}, { token: null })).body).toMatchObject({
      code: 40000,
      message: '请填写手机号',
    });
    expect(
      (await client.post(LOGIN_CODE, { mobilePhone: '12345', identifyingCode: '123456' }, { token: null })).body
        .message,
    ).toBe('手机号格式不正确');
    expect((await client.post(LOGIN_CODE, { mobilePhone: auditor.phone }, { token: null })).body.message).toBe(
      '请输入验证码',
    );
    expect(
      (await client.post(LOGIN_CODE, { mobilePhone: auditor.phone, identifyingCode: '12ab' }, { token: null })).body
        .message,
    ).toBe('请输入6位数字验证码');
    expect(
      (
        await client.post(
          LOGIN_CODE,
          { mobilePhone: auditor.phone, identifyingCode: '123456', extra: 1 },
          { token: null },
        )
      ).body.message,
    ).toBe('不支持的参数: extra');

    const code = await codeFor(auditor.phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(
      (await client.post(LOGIN_CODE, { mobilePhone: auditor.phone, identifyingCode: wrong }, { token: null })).body,
    ).toMatchObject({ code: 40000, message: '验证码错误' });
    await platform.pool.query(
      `UPDATE feibao_sms_challenges SET expires_at = now() - interval '1 second' WHERE phone = $1`,
      [auditor.phone],
    );
    expect(
      (await client.post(LOGIN_CODE, { mobilePhone: auditor.phone, identifyingCode: code }, { token: null })).body,
    ).toMatchObject({ code: 40000, message: '验证码已失效，请重新获取' });

    const stranger = newPhone();
    const strangerCode = await codeFor(stranger);
    expect(
      (await client.post(LOGIN_CODE, { mobilePhone: stranger, identifyingCode: strangerCode }, { token: null })).body,
    ).toMatchObject({ code: 40400, message: '该手机号未注册' });

    const customerCode = await codeFor(customer.phone);
    const refused = await client.post(
      LOGIN_CODE,
      { mobilePhone: customer.phone, identifyingCode: customerCode },
      { token: null },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 40300, message: '无权访问规则平台', data: null });
  });

  it('counts wrong codes toward the captcha and toward the login limit', async () => {
    const code = await codeFor(auditor.phone);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < CAPTCHA_AFTER; i++)
      expect(
        (await client.post(LOGIN_CODE, { mobilePhone: auditor.phone, identifyingCode: wrong }, { token: null })).body
          .code,
      ).toBe(40000);
    expect(await required(auditor.phone)).toBe(true);
    expect(
      (await client.post(LOGIN_CODE, { mobilePhone: auditor.phone, identifyingCode: code }, { token: null })).body
        .message,
    ).toBe('请输入图形验证码');
    // With captchas solved, the guesses go on until the phone's login limit.
    for (let i = CAPTCHA_AFTER; i < MAX_FAILURES; i++)
      expect(
        (
          await client.post(
            LOGIN_CODE,
            { mobilePhone: auditor.phone, identifyingCode: wrong, ...(await solved()) },
            { token: null },
          )
        ).body.code,
      ).toBe(40000);
    const limited = await client.post(
      LOGIN_CODE,
      { mobilePhone: auditor.phone, identifyingCode: code, ...(await solved()) },
      { token: null },
    );
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 42900, message: '登录尝试过于频繁，请15分钟后再试' });
    // The password login shares that count.
    expect(
      (
        await client.post(
          LOGIN_USER,
          { username: auditor.phone, password: auditor.password, ...(await solved()) },
          { token: null },
        )
      ).body.code,
    ).toBe(42900);
  });
});

describe('admin-style login and info', () => {
  it('answers the token in data.token and the rule roles in the info call', async () => {
    const login = await client.post(
      ADMIN_LOGIN,
      { username: ADMIN.mobilePhone, password: ADMIN.password },
      { token: null },
    );
    expect(login.body).toMatchObject({
      code: 20000,
      data: { token: expect.any(String), refreshToken: expect.any(String) },
    });
    const info = await client.get(ADMIN_INFO, { token: null, headers: { 'x-token': login.body.data.token } });
    expect(info.body).toMatchObject({
      code: 20000,
      data: { roles: ['admin'], username: ADMIN.mobilePhone, avatar: '' },
    });

    const auditorLogin = await client.post(
      ADMIN_LOGIN,
      { username: auditor.phone, password: auditor.password },
      { token: null },
    );
    const auditorInfo = await client.get(ADMIN_INFO, { token: auditorLogin.body.data.token });
    expect(auditorInfo.body).toMatchObject({ code: 20000, data: { roles: ['auditor'], name: '测试用户' } });
  });

  it("answers 'Verification failed, please Login again.' for a missing, invalid, expired or ended session", async () => {
    const failed = { code: 40100, message: 'Verification failed, please Login again.', data: null };
    const none = await client.get(ADMIN_INFO, { token: null });
    expect(none.status).toBe(401);
    expect(none.body).toEqual(failed);
    expect((await client.get(ADMIN_INFO, { token: 'not.a.token' })).body).toEqual(failed);
    const expired = await platform.command.deps.tokens.sign(
      {
        sub: ADMIN.mobilePhone,
        sid: '00000000-0000-4000-8000-000000000000',
        roles: ['user', 'admin'],
        guest: false,
        name: 'x',
      },
      new Date(Date.now() - 24 * 3600 * 1000),
    );
    expect((await client.get(ADMIN_INFO, { token: expired })).body).toEqual(failed);

    const session = platform.client();
    const login = await session.post(
      ADMIN_LOGIN,
      { username: ADMIN.mobilePhone, password: ADMIN.password },
      { token: null },
    );
    const token = login.body.data.token as string;
    expect((await session.post('/api/v1/uav/user/logout', {}, { token })).body.code).toBe(20000);
    expect((await session.get(ADMIN_INFO, { token })).body).toEqual(failed);
  });

  it("answers 'getInfo: roles must be a non-null array!' to accounts without a rule role, and refuses them at login", async () => {
    const noRoles = { code: 40300, message: 'getInfo: roles must be a non-null array!', data: null };
    const shopper = platform.client();
    await signIn(shopper, customer.phone, customer.password);
    expect((await shopper.get(ADMIN_INFO)).body).toEqual(noRoles);
    const guest = platform.client();
    guest.adopt(await guest.post('/api/v1/uav/user/guest'));
    expect((await guest.get(ADMIN_INFO)).body).toEqual(noRoles);

    expect(
      (await client.post(ADMIN_LOGIN, { username: customer.phone, password: customer.password }, { token: null })).body,
    ).toMatchObject({ code: 40300, message: '无权访问规则平台' });
    expect(
      (await client.post(ADMIN_LOGIN, { username: auditor.phone, password: 'wrong-pass' }, { token: null })).body,
    ).toMatchObject({ code: 40000, message: '用户名或密码错误' });
    expect((await client.post(ADMIN_LOGIN, {}, { token: null })).body).toMatchObject({
      code: 40000,
      message: '请输入用户名',
    });
    expect((await client.post(ADMIN_LOGIN, { username: auditor.phone }, { token: null })).body).toMatchObject({
      code: 40000,
      message: '请输入密码',
    });
  });

  it('lets RULES_SUPERUSER in without a rule role, as admin to the info call', async () => {
    const account = await registerUser(platform.client(), superUserPhone);
    const login = await client.post(
      ADMIN_LOGIN,
      { username: account.phone, password: account.password },
      { token: null },
    );
    expect(login.body.code).toBe(20000);
    expect((await client.get(ADMIN_INFO, { token: login.body.data.token })).body).toMatchObject({
      code: 20000,
      data: { roles: ['admin'] },
    });
    expect(
      (await client.post(LOGIN_USER, { username: account.phone, password: account.password }, { token: null })).body
        .code,
    ).toBe(20000);
  });
});

describe('tenant exchange', () => {
  const appKey = () => [...platform.config.clientApps.keys()][0]!;
  const form = async (overrides: Record<string, unknown> = {}) => ({
    tenant: platform.config.loginTenant,
    userName: auditor.phone,
    password: auditor.password,
    appKey: appKey(),
    ...(await solved()),
    ...overrides,
  });

  it('signs in with the tenant, a known app key and a solved captcha', async () => {
    const answer = await client.post(LOGIN_TENANT, await form(), { token: null });
    expect(answer.body).toMatchObject({
      code: 20000,
      message: '登录成功',
      data: { success: true, user: { mobilePhone: auditor.phone } },
    });
    const me = await client.get(`${S}/authorization/user/get`, { token: answer.body.data.accessToken });
    expect(me.body.data).toMatchObject({ username: auditor.phone, roles: expect.arrayContaining(['auditor']) });
  });

  it('always wants a captcha, spends it on any refusal, and names a wrong tenant or app key', async () => {
    const { captchaKey: _key, captcha: _answer, ...bare } = await form();
    expect((await client.post(LOGIN_TENANT, bare, { token: null })).body).toMatchObject({
      code: 40000,
      message: '请输入图形验证码',
    });
    expect((await client.post(LOGIN_TENANT, await form({ captcha: 'QQQQ' }), { token: null })).body).toMatchObject({
      code: 40000,
      message: '图形验证码错误或已过期',
    });

    const wrongTenant = await form({ tenant: 'someone-else' });
    expect((await client.post(LOGIN_TENANT, wrongTenant, { token: null })).body).toMatchObject({
      code: 40000,
      message: '租户不存在',
    });
    // The captcha went with that refusal.
    expect(
      (await client.post(LOGIN_TENANT, { ...wrongTenant, tenant: platform.config.loginTenant }, { token: null })).body
        .message,
    ).toBe('图形验证码错误或已过期');
    expect(
      (await client.post(LOGIN_TENANT, await form({ appKey: 'not-our-app' }), { token: null })).body,
    ).toMatchObject({ code: 40000, message: '应用标识无效' });
    // An app's name is not its key.
    expect(
      (
        await client.post(LOGIN_TENANT, await form({ appKey: platform.config.clientApps.get(appKey()) }), {
          token: null,
        })
      ).body.message,
    ).toBe('应用标识无效');

    expect(
      (await client.post(LOGIN_TENANT, await form({ password: 'wrong-pass' }), { token: null })).body,
    ).toMatchObject({ code: 40000, message: '用户名或密码错误' });
    expect(
      (
        await client.post(LOGIN_TENANT, await form({ userName: customer.phone, password: customer.password }), {
          token: null,
        })
      ).body,
    ).toMatchObject({ code: 40300, message: '无权访问规则平台' });
    expect((await client.post(LOGIN_TENANT, {}, { token: null })).body).toMatchObject({
      code: 40000,
      message: '请输入租户',
    });
    expect(
      (
        await client.post(
          LOGIN_TENANT,
          { tenant: 'feibao', userName: auditor.phone, password: 'x', captchaKey: 'k', captcha: 'c' },
          { token: null },
        )
      ).body.message,
    ).toBe('请输入应用标识');
  });
});

describe('bad input never becomes a 5xx', () => {
  it('answers every junk body and query with an envelope below 500', async () => {
    const bodies = [
      '{"username":',
      '[]',
      '"text"',
      'null',
      '{"username":{"a":1},"password":[1]}',
      JSON.stringify({ mobilePhone: 1, identifyingCode: true, captcha: 5, captchaKey: [] }),
      JSON.stringify({ tenant: 'x'.repeat(100_000) }),
    ];
    for (const path of [LOGIN_USER, LOGIN_CODE, LOGIN_TENANT, ADMIN_LOGIN])
      for (const raw of bodies) {
        const answer = await client.call('POST', path, undefined, { raw, token: null });
        expect(answer.status, `${path} ${raw.slice(0, 40)}`).toBeLessThan(500);
        expect(answer.body.code, `${path} ${raw.slice(0, 40)}`).toBe(40000);
      }
    for (const path of [`${TRIGGER}?username[a]=1`, `${CAPTCHA}?t=1&t=2`, `${ADMIN_INFO}?token=abc`]) {
      const response = await fetch(platform.baseUrl + path);
      expect(response.status, path).toBeLessThan(500);
      expect(JSON.parse(await response.text()), path).toMatchObject({
        code: expect.any(Number),
        message: expect.any(String),
      });
    }
  });
});
