import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@feibao/platform/tokens';
import { ADMIN, newPhone, registerUser, sendCode, startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({ env: { LOGIN_MAX_FAILURES: '3', SMS_HOURLY_PER_ADDRESS: '100000' } });
});
afterAll(async () => platform?.stop());

const profile = {
  enterpriseName: '飞保测试航空科技有限公司',
  phone: '13911112222',
  email: 'ops@feibao.test',
  address: '310000',
  unifiedSocialCreditCode: '91310000MA1FL0000X',
  idCard: '11010519491231002X',
  theInsured: 2,
  insuredType: 1,
  theInsuredName: '上海某培训学校',
  theInsuredPhone: '13922223333',
};

describe('register and log in', () => {
  it('registers with an SMS code and answers with the old and the new token fields', async () => {
    const client = platform.client();
    const { phone, answer } = await registerUser(client);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 20000, message: '注册成功' });
    expect(answer.body.data.code).toBe(20000);
    expect(answer.body.data.message).toBe(answer.body.data.accessToken);
    expect(answer.body.data.refreshToken).toMatch(/^[0-9a-f-]{36}\./);
    expect(answer.body.data.user).toMatchObject({ mobilePhone: phone, roles: ['user'], guest: false });

    const me = await client.get('/api/v1/uav/uc/currentUser');
    expect(me.body).toMatchObject({ code: 20000, data: { nickName: '测试用户', mobilePhone: phone, roles: ['user'] } });
  });

  it('registers a company account (registerType 2) with its profile', async () => {
    const client = platform.client();
    const phone = newPhone();
    const code = await sendCode(client, phone);
    const answer = client.adopt(
      await client.post('/api/v1/uav/user/register', {
        registerType: 2,
        mobilePhone: phone,
        password: 'company-pass-1',
        confirmPassword: 'company-pass-1',
        identifyingCode: code,
        ...profile,
      }),
    );
    expect(answer.body.code).toBe(20000);
    const mine = await client.get('/api/v1/uav/user/getUserByUserName');
    expect(mine.body.data).toMatchObject({
      ...profile,
      registerType: 2,
      companyName: profile.enterpriseName,
      profileComplete: true,
    });
  });

  it('registers through the web enterprise form (companyName, creditCode, verifyCode…)', async () => {
    const client = platform.client();
    const phone = newPhone();
    const code = await sendCode(client, phone);
    const form = {
      companyName: '飞保企业表单公司',
      creditCode: '91310000MA1FL0000X',
      insuredName: '飞保企业表单公司',
      email: 'corp@feibao.test',
      insuredType: 1,
      contactPhone: phone,
      verifyCode: code,
      password: 'abc123',
      confirmPassword: 'abc124',
    };
    const mismatch = await client.post('/api/v1/uav/user/register', form);
    expect(mismatch.body).toMatchObject({ code: 40000, message: '两次输入的密码不一致' });
    const weak = await client.post('/api/v1/uav/user/register', {
      ...form,
      password: 'abcdef',
      confirmPassword: 'abcdef',
    });
    expect(weak.body).toMatchObject({ code: 40000, message: '密码为6-18位字母加数字' });
    const created = client.adopt(
      await client.post('/api/v1/uav/user/register', { ...form, confirmPassword: 'abc123' }),
    );
    expect(created.body).toMatchObject({ code: 20000, message: '注册成功' });
    const mine = await client.get('/api/v1/uav/user/getUserByUserName');
    expect(mine.body.data).toMatchObject({
      mobilePhone: phone,
      enterpriseName: '飞保企业表单公司',
      unifiedSocialCreditCode: '91310000MA1FL0000X',
      theInsured: 1,
      profileComplete: true,
    });
  });

  it('keeps the phone unique, also under concurrent registrations', async () => {
    const client = platform.client();
    const { phone } = await registerUser(client);
    await platform.allowResend(phone);
    const code = await sendCode(client, phone);
    const again = await client.post('/api/v1/uav/user/register', {
      name: '另一个人',
      mobilePhone: phone,
      password: 'another-pass',
      confirmPassword: 'another-pass',
      identifyingCode: code,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 40900, message: '该手机号已注册' });

    // Two registrations of one new phone racing: exactly one wins.
    const racePhone = newPhone();
    const a = platform.client();
    const b = platform.client();
    const codeA = await sendCode(a, racePhone);
    const form = {
      name: '竞争',
      mobilePhone: racePhone,
      password: 'race-pass-1',
      confirmPassword: 'race-pass-1',
      identifyingCode: codeA,
    };
    const results = await Promise.all([
      a.post('/api/v1/uav/user/register', form),
      b.post('/api/v1/uav/user/register', form),
    ]);
    expect(results.filter((r) => r.body.code === 20000)).toHaveLength(1);
  });

  it('logs in with mobilePhone and password (token in data.message)', async () => {
    const { phone, password } = await registerUser(platform.client());
    const client = platform.client();
    const answer = client.adopt(
      await client.post('/api/v1/uav/user/login', { mobilePhone: phone, password, rememberMe: true }),
    );
    expect(answer.body).toMatchObject({ code: 20000, message: '登录成功', data: { code: 20000 } });
    expect((await client.get('/api/v1/uav/uc/currentUser')).body.data.mobilePhone).toBe(phone);
  });

  it('gives a wrong phone and a wrong password the same answer, then throttles', async () => {
    const { phone } = await registerUser(platform.client());
    const client = platform.client();
    const wrongPassword = await client.post('/api/v1/uav/user/login', {
      mobilePhone: phone,
      password: 'not-the-password',
    });
    const unknownPhone = await client.post('/api/v1/uav/user/login', {
      mobilePhone: newPhone(),
      password: 'not-the-password',
    });
    expect(wrongPassword.body).toEqual(unknownPhone.body);
    expect(wrongPassword.body).toMatchObject({ code: 40000, message: '用户名或密码错误' });

    await client.post('/api/v1/uav/user/login', { mobilePhone: phone, password: 'wrong-2' });
    await client.post('/api/v1/uav/user/login', { mobilePhone: phone, password: 'wrong-3' });
    const throttled = await client.post('/api/v1/uav/user/login', { mobilePhone: phone, password: 'passw0rd-ok' });
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({ code: 42900, message: '登录尝试过于频繁，请15分钟后再试' });
  });

  it('logs in by SMS code; a code works once and dies after 5 wrong tries', async () => {
    const { phone } = await registerUser(platform.client());
    const client = platform.client();
    await platform.allowResend(phone);
    const code = await sendCode(client, phone);
    const ok = client.adopt(
      await client.post('/api/v1/uav/user/loginByPhone', { mobilePhone: phone, identifyingCode: code }),
    );
    expect(ok.body).toMatchObject({ code: 20000, data: { code: 20000 } });
    const reused = await client.post('/api/v1/uav/user/loginByPhone', { mobilePhone: phone, identifyingCode: code });
    expect(reused.body).toMatchObject({ code: 40000, message: '验证码已失效，请重新获取' });

    await platform.allowResend(phone);
    const fresh = await sendCode(client, phone);
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const attempt = await client.post('/api/v1/uav/user/loginByPhone', {
        mobilePhone: phone,
        identifyingCode: wrong,
      });
      expect(attempt.body.message).toBe('验证码错误');
    }
    const late = await client.post('/api/v1/uav/user/loginByPhone', { mobilePhone: phone, identifyingCode: fresh });
    expect(late.body).toMatchObject({ code: 40000, message: '验证码已失效，请重新获取' });
  });

  it('refuses an SMS login for a phone with no account', async () => {
    const client = platform.client();
    const phone = newPhone();
    const code = await sendCode(client, phone);
    const answer = await client.post('/api/v1/uav/user/loginByPhone', { mobilePhone: phone, identifyingCode: code });
    expect(answer.body).toMatchObject({ code: 40400, message: '该手机号未注册' });
  });

  it('resets the password with an SMS code and logs in with the new one', async () => {
    const { phone } = await registerUser(platform.client());
    const client = platform.client();
    await platform.allowResend(phone);
    const code = await sendCode(client, phone);
    const reset = await client.post('/api/v1/uav/user/reset', {
      registerType: 1,
      mobilePhone: phone,
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
      identifyingCode: code,
    });
    expect(reset.body).toMatchObject({ code: 20000, message: '密码重置成功', data: { code: 20000 } });
    expect(
      (await client.post('/api/v1/uav/user/login', { mobilePhone: phone, password: 'passw0rd-ok' })).body.code,
    ).toBe(40000);
    expect(
      (await client.post('/api/v1/uav/user/login', { mobilePhone: phone, password: 'brand-new-pass' })).body.code,
    ).toBe(20000);
  });

  it('ends every other session of the account at a password reset, keeping the one it opens', async () => {
    const first = platform.client();
    const { phone } = await registerUser(first);
    const second = platform.client();
    second.adopt(await second.post('/api/v1/uav/user/login', { mobilePhone: phone, password: 'passw0rd-ok' }));
    for (const device of [first, second])
      expect((await device.get('/api/v1/uav/uc/currentUser')).body.code).toBe(20000);

    const resetter = platform.client();
    await platform.allowResend(phone);
    const code = await sendCode(resetter, phone);
    resetter.adopt(
      await resetter.post('/api/v1/uav/user/reset', {
        registerType: 1,
        mobilePhone: phone,
        password: 'brand-new-pass',
        confirmPassword: 'brand-new-pass',
        identifyingCode: code,
      }),
    );
    // The old devices' access tokens stop at once, and their refresh tokens too.
    for (const device of [first, second]) {
      expect((await device.get('/api/v1/uav/uc/currentUser')).body).toMatchObject({
        code: 40100,
        message: '登录已失效，请重新登录',
      });
      expect(
        (await device.post('/api/v1/uav/user/refresh', { refreshToken: device.state.refreshToken })).body.code,
      ).toBe(40100);
    }
    // The session the reset opened works and renews; a later login too.
    expect((await resetter.get('/api/v1/uav/uc/currentUser')).body.code).toBe(20000);
    const renewed = await resetter.post('/api/v1/uav/user/refresh', { refreshToken: resetter.state.refreshToken });
    expect(renewed.body.code, renewed.body.message).toBe(20000);
    resetter.adopt(renewed);
    expect((await resetter.get('/api/v1/uav/uc/currentUser')).body.code).toBe(20000);
    const later = platform.client();
    later.adopt(await later.post('/api/v1/uav/user/login', { mobilePhone: phone, password: 'brand-new-pass' }));
    expect((await later.get('/api/v1/uav/uc/currentUser')).body.code).toBe(20000);
  });
});

describe('SMS codes', () => {
  it('refuses a resend within 60 s and a bad phone', async () => {
    const client = platform.client();
    const phone = newPhone();
    expect((await client.get(`/api/v1/uav/user/phone?phone=${phone}`)).body).toMatchObject({
      code: 20000,
      message: '发送验证码成功',
    });
    const again = await client.get(`/api/v1/uav/user/phone?phone=${phone}`);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 42900, message: '验证码发送过于频繁，请60秒后再试' });
    expect((await client.get('/api/v1/uav/user/phone?phone=12345')).body).toMatchObject({
      code: 40000,
      message: '手机号格式不正确',
    });
    expect((await client.get('/api/v1/uav/user/phone')).body).toMatchObject({ code: 40000, message: '请填写手机号' });
  });

  it('enforces the hourly limit per phone', async () => {
    const client = platform.client();
    const phone = newPhone();
    for (let i = 0; i < platform.config.smsHourlyPerPhone; i++) {
      await platform.allowResend(phone);
      expect((await client.get(`/api/v1/uav/user/phone?phone=${phone}`)).body.code).toBe(20000);
    }
    await platform.allowResend(phone);
    expect((await client.get(`/api/v1/uav/user/phone?phone=${phone}`)).body).toMatchObject({
      code: 42900,
      message: '验证码发送次数过多，请稍后再试',
    });
  });
});

describe('profile', () => {
  it('updates the own profile and reads it back at once', async () => {
    const client = platform.client();
    const { phone } = await registerUser(client);
    const update = await client.post('/api/v1/uav/user/update', { ...profile, mobilePhone: phone });
    expect(update.body).toMatchObject({ code: 20000, message: '修改成功' });
    const mine = await client.get('/api/v1/uav/user/getUserByUserName');
    expect(mine.headers.get('x-consistency')).toBe('consistent');
    expect(mine.body.data).toMatchObject({ ...profile, mobilePhone: phone, profileComplete: true });
  });

  it('applies the insured rules and the Chinese messages', async () => {
    const client = platform.client();
    await registerUser(client);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...profile, enterpriseName: '' }, '请填写企业名称'],
      [{ ...profile, email: 'bad' }, '邮箱格式错误'],
      [{ ...profile, phone: '12911112222' }, '手机号格式错误'],
      [{ ...profile, idCard: '110105194912310021' }, '身份证格式错误!'],
      [{ ...profile, unifiedSocialCreditCode: 'abc' }, '格式错误，请输入18位字符'],
      [{ ...profile, theInsuredName: '' }, '请填写被保险人名称'],
      [{ ...profile, theInsuredPhone: '' }, '请填写被保险人手机号'],
    ];
    for (const [form, message] of cases) {
      const answer = await client.post('/api/v1/uav/user/update', form);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 40000, message });
    }
  });

  it("never lets one user read or change another user's profile", async () => {
    const alice = platform.client();
    const bob = platform.client();
    const { phone: alicePhone } = await registerUser(alice);
    const { phone: bobPhone } = await registerUser(bob);
    const peek = await bob.get(`/api/v1/uav/user/getUserByUserName?userName=${alicePhone}`);
    expect(peek.status).toBe(403);
    expect(peek.body).toMatchObject({ code: 40300, data: null });
    const own = await bob.get(`/api/v1/uav/user/getUserByUserName?userName=${bobPhone}`);
    expect(own.body.data.mobilePhone).toBe(bobPhone);
    const write = await bob.post('/api/v1/uav/user/update', { ...profile, mobilePhone: alicePhone });
    expect(write.body).toMatchObject({ code: 40300, message: '只能修改本人信息' });
    const aliceProfile = await alice.get('/api/v1/uav/user/getUserByUserName');
    expect(aliceProfile.body.data.enterpriseName).toBeUndefined();
  });

  it('lets an admin read any profile', async () => {
    const { phone } = await registerUser(platform.client());
    const admin = platform.client();
    admin.adopt(
      await admin.post('/api/v1/uav/user/login', { mobilePhone: ADMIN.mobilePhone, password: ADMIN.password }),
    );
    const other = await admin.get(`/api/v1/uav/user/getUserByUserName?userName=${phone}`);
    expect(other.body).toMatchObject({ code: 20000, data: { mobilePhone: phone } });
  });
});

describe('sessions', () => {
  it('rotates refresh tokens and revokes the session when an old one is replayed', async () => {
    const client = platform.client();
    await registerUser(client);
    const first = client.state.refreshToken;
    const rotated = client.adopt(await client.post('/api/v1/uav/user/refresh', { refreshToken: first }));
    expect(rotated.body).toMatchObject({ code: 20000, data: { code: 20000 } });
    expect(rotated.body.data.refreshToken).not.toBe(first);
    expect((await client.get('/api/v1/uav/uc/currentUser')).body.code).toBe(20000);

    const replay = await client.post('/api/v1/uav/user/refresh', { refreshToken: first });
    expect(replay.status).toBe(401);
    // The thief's replay ends the session for the holder of the newest token too.
    expect((await client.post('/api/v1/uav/user/refresh', { refreshToken: client.state.refreshToken })).status).toBe(
      401,
    );
    expect((await client.get('/api/v1/uav/uc/currentUser')).status).toBe(401);
  });

  it('logout revokes the access and the refresh token at once', async () => {
    const client = platform.client();
    await registerUser(client);
    expect((await client.post('/api/v1/uav/user/logout')).body).toMatchObject({ code: 20000 });
    expect((await client.get('/api/v1/uav/uc/currentUser')).status).toBe(401);
    expect((await client.post('/api/v1/uav/user/refresh', { refreshToken: client.state.refreshToken })).status).toBe(
      401,
    );
  });

  it('answers 401 for a missing, forged, expired or wrong-audience token', async () => {
    const client = platform.client();
    const path = '/api/v1/uav/uc/currentUser';
    expect((await client.get(path)).status).toBe(401);
    expect((await client.get(path, { token: 'not-a-jwt' })).status).toBe(401);
    const claims = {
      sub: ADMIN.mobilePhone,
      sid: '00000000-0000-4000-8000-000000000000',
      roles: ['admin'],
      guest: false,
      name: 'x',
    };
    const expired = await createTokenService(platform.config).sign(claims, new Date(Date.now() - 3600_000));
    expect((await client.get(path, { token: expired })).body).toMatchObject({ code: 40100 });
    const forged = await createTokenService({ ...platform.config, jwtSecret: 'another-secret-of-enough-length' }).sign(
      claims,
    );
    expect((await client.get(path, { token: forged })).status).toBe(401);
    const otherAudience = await createTokenService({ ...platform.config, jwtAudience: 'someone-else' }).sign(claims);
    expect((await client.get(path, { token: otherAudience })).status).toBe(401);
    const [header, payload] = expired.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    void header;
    expect((await client.get(path, { token: unsigned })).status).toBe(401);
  });

  it('starts a guest session without credentials', async () => {
    const client = platform.client();
    const guest = client.adopt(await client.post('/api/v1/uav/user/guest'));
    expect(guest.body).toMatchObject({ code: 20000, data: { user: { guest: true, name: '访客' } } });
    expect((await client.get('/api/v1/uav/uc/currentUser')).body.data).toMatchObject({ guest: true, nickName: '访客' });
    expect((await client.post('/api/v1/uav/user/update', profile)).body.code).toBe(40300);
    const refreshed = await client.post('/api/v1/uav/user/refresh', { refreshToken: client.state.refreshToken });
    expect(refreshed.body.data.user.guest).toBe(true);
  });

  it('trades a one-time code for a session (uc/authorize → uc/getToken)', async () => {
    const client = platform.client();
    const { phone } = await registerUser(client);
    const { body } = await client.post('/api/v1/uav/uc/authorize');
    const other = platform.client();
    const traded = await other.get(`/api/v1/uav/uc/getToken?code=${body.data.code}`);
    expect(traded.body).toMatchObject({ code: 20000, data: { user: { mobilePhone: phone } } });
    expect(traded.body.data.refresh_token).toBe(traded.body.data.refreshToken);
    expect((await other.get(`/api/v1/uav/uc/getToken?code=${body.data.code}`)).status).toBe(401);
    expect((await other.get('/api/v1/uav/uc/getToken')).body).toMatchObject({ code: 40000, message: '缺少 code 参数' });
  });
});

describe('rule platform login', () => {
  it('lets the seeded admin in and keeps ordinary users out', async () => {
    const client = platform.client();
    const login = await client.post('/sso-platform/authencation/oauth2/login/user', {
      username: ADMIN.mobilePhone,
      password: ADMIN.password,
    });
    expect(login.body).toMatchObject({ code: 20000, data: { success: true } });
    const me = await client.get('/sso-platform/authorization/user/get', { token: login.body.data.accessToken });
    expect(me.body.data).toMatchObject({ username: ADMIN.mobilePhone, roles: expect.arrayContaining(['admin']) });
    // The rule platform's client sends X-Token rather than a bearer header.
    const viaXToken = await client.get('/sso-platform/authorization/user/get', {
      token: null,
      headers: { 'x-token': login.body.data.accessToken },
    });
    expect(viaXToken.body.code).toBe(20000);

    const { phone, password } = await registerUser(platform.client());
    const refused = await client.post('/sso-platform/authencation/oauth2/login/user', { username: phone, password });
    expect(refused.body).toMatchObject({ code: 40300, message: '无权访问规则平台' });
  });
});

describe('bad input never becomes a 5xx', () => {
  it.each([
    ['malformed JSON', '/api/v1/uav/user/login', '{"mobilePhone":', 400, '请求格式错误'],
    ['a JSON array', '/api/v1/uav/user/login', '[1,2]', 400, '请求格式错误'],
    ['wrong types', '/api/v1/uav/user/login', JSON.stringify({ mobilePhone: 13800000000, password: ['x'] }), 400, null],
    [
      'unknown fields',
      '/api/v1/uav/user/login',
      JSON.stringify({ mobilePhone: '13800000000', password: 'x', userName: 'y' }),
      400,
      '不支持的参数: userName',
    ],
    ['missing fields', '/api/v1/uav/user/register', '{}', 400, '请输入用户名'],
    [
      'an oversized body',
      '/api/v1/uav/user/login',
      JSON.stringify({ mobilePhone: 'x'.repeat(400_000) }),
      413,
      '请求内容过大',
    ],
    ['an unknown path', '/api/v1/uav/user/nothing-here', '{}', 404, '请求地址不存在'],
  ])('%s', async (_label, path, raw, status, message) => {
    const answer = await platform.client().call('POST', path, undefined, { raw });
    expect(answer.status).toBe(status);
    expect(answer.body.code).not.toBe(20000);
    if (message) expect(answer.body.message).toBe(message);
    expect(typeof answer.body.message).toBe('string');
  });

  it('answers a form post and an unsupported method with an envelope', async () => {
    const client = platform.client();
    const form = await client.call('POST', '/api/v1/uav/user/login', undefined, {
      raw: 'mobilePhone=13800000000',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(400);
    const put = await client.call('PUT', '/api/v1/uav/user/login', undefined, { raw: '{}' });
    expect(put.status).toBeLessThan(500);
    expect(put.body.code).not.toBe(20000);
  });
});
