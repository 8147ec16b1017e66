import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPhone, registerUser, startTestPlatform, type TestPlatform } from '../support/platform.ts';

/**
 * Password guessing and SMS flooding (docs/security.md "Input and uploads"): the login limit holds
 * per phone and per client address, also for attempts sent all at once; the SMS limits hold per
 * phone and per address; a client rotating X-Forwarded-For (or its cousins) is still one address,
 * because the edge sets that header itself; and an unknown phone costs the same time as a wrong
 * password, so timing does not tell which phones are registered.
 */

const MAX_FAILURES = 3;
const SMS_PER_PHONE = 2;
const SMS_PER_ADDRESS = 4;
const LOGIN = '/api/v1/uav/user/login';
const RULES_LOGIN = '/sso-platform/authencation/oauth2/login/user';

let platform: TestPlatform;
let account: { phone: string; password: string };

/** What a client might send to pass for another address; the edge must ignore all of it. */
let spoofCounter = 0;
const spoofed = () => {
  const n = ++spoofCounter;
  const address = `203.0.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
  return {
    'x-forwarded-for': address,
    'x-real-ip': address,
    forwarded: `for=${address}`,
    'true-client-ip': address,
    'cf-connecting-ip': address,
  };
};

const login = (mobilePhone: string, password: string) =>
  platform.client().post(LOGIN, { mobilePhone, password }, { headers: spoofed() });

/** Forgets every count (a new window), so each test starts from none. */
const resetLimits = async () => {
  const redis = platform.command.deps.redis;
  for (const pattern of [`${platform.config.queuePrefix}:rl:*`, `${platform.config.queuePrefix}:claim:*`]) {
    const keys = await redis.keys(pattern);
    if (keys.length > 0) await redis.del(...keys);
  }
};

beforeAll(async () => {
  platform = await startTestPlatform({
    env: {
      LOGIN_MAX_FAILURES: String(MAX_FAILURES),
      SMS_HOURLY_PER_PHONE: String(SMS_PER_PHONE),
      SMS_HOURLY_PER_ADDRESS: String(SMS_PER_ADDRESS),
    },
  });
  account = await registerUser(platform.client());
});
afterAll(async () => {
  await platform?.stop();
});

describe('login limits', () => {
  it('locks a phone after its failures, whatever address the client claims', async () => {
    await resetLimits();
    for (let i = 0; i < MAX_FAILURES; i++) expect((await login(account.phone, `wrong-${i}`)).body.code).toBe(40000);
    const locked = await login(account.phone, account.password);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 42900, message: '登录尝试过于频繁，请15分钟后再试' });
    // The rule platform's login shares the count.
    const rules = await platform
      .client()
      .post(RULES_LOGIN, { username: account.phone, password: account.password }, { headers: spoofed() });
    expect(rules.body.code).toBe(42900);
  });

  it('counts attempts sent all at once: no more than the limit are ever checked', async () => {
    await resetLimits();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(account.phone, `parallel-${i}`)));
    const checked = answers.filter((a) => a.body.code === 40000).length;
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES);
    expect(answers.filter((a) => a.body.code === 42900)).toHaveLength(20 - checked);
  });

  it('limits one address across many phones, though the client rotates X-Forwarded-For', async () => {
    await resetLimits();
    const perAddress = MAX_FAILURES * 4;
    for (let i = 0; i < perAddress; i++) expect((await login(newPhone(), 'guess-123')).body.code).toBe(40000);
    const blocked = await login(newPhone(), 'guess-123');
    expect(blocked.body).toMatchObject({ code: 42900, message: '登录尝试过于频繁，请15分钟后再试' });
    // The right password of an untouched phone too: the address is spent.
    expect((await login(account.phone, account.password)).body.code).toBe(42900);
  });

  it('lets a right password through and does not count it against the address', async () => {
    await resetLimits();
    for (let i = 0; i < MAX_FAILURES * 4 + 2; i++)
      expect((await login(account.phone, account.password)).body.code).toBe(20000);
  });
});

describe('SMS limits', () => {
  const send = (phone: string) =>
    platform.client().get(`/api/v1/uav/user/phone?phone=${phone}`, { headers: spoofed() });

  it('limits codes per phone, whatever address the client claims', async () => {
    await resetLimits();
    const phone = newPhone();
    expect((await send(phone)).body.code).toBe(20000);
    expect((await send(phone)).body).toMatchObject({ code: 42900, message: '验证码发送过于频繁，请60秒后再试' });
    for (let i = 1; i < SMS_PER_PHONE; i++) {
      await platform.allowResend(phone);
      expect((await send(phone)).body.code).toBe(20000);
    }
    await platform.allowResend(phone);
    expect((await send(phone)).body).toMatchObject({ code: 42900, message: '验证码发送次数过多，请稍后再试' });
  });

  it('limits codes per address across phones, though the client rotates X-Forwarded-For', async () => {
    await resetLimits();
    for (let i = 0; i < SMS_PER_ADDRESS; i++) expect((await send(newPhone())).body.code).toBe(20000);
    expect((await send(newPhone())).body).toMatchObject({ code: 42900, message: '验证码发送次数过多，请稍后再试' });
  });
});

describe('timing', () => {
  it('answers an unknown phone and a wrong password in about the same time (real scrypt cost)', async () => {
    expect(process.env.SCRYPT_N).toBe('16384');
    const timed = async (phone: string) => {
      await resetLimits();
      const started = performance.now();
      const answer = await login(phone, 'not-the-password');
      expect(answer.body).toMatchObject({ code: 40000, message: '用户名或密码错误' });
      return performance.now() - started;
    };
    const wrongPassword: number[] = [];
    const unknownPhone: number[] = [];
    for (let i = 0; i < 7; i++) {
      wrongPassword.push(await timed(account.phone));
      unknownPhone.push(await timed(newPhone()));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const ratio = median(unknownPhone) / median(wrongPassword);
    expect(
      ratio,
      `unknown ${median(unknownPhone).toFixed(1)} ms, wrong password ${median(wrongPassword).toFixed(1)} ms`,
    ).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
