import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyProfile } from '../support/policies.ts';
import { newPhone } from '../support/platform.ts';
import { ADMIN, startCluster, type Cluster } from './cluster.ts';
import { buyPolicy, newStats } from './journeys.ts';
import { claimReport, injuredPerson } from '../support/claims.ts';

/**
 * What the processes write to their logs while every flow that carries a secret runs, at
 * LOG_LEVEL=debug (the access line per request included): no password, token, one-time code or SMS
 * code, and phones and ID numbers only masked. The processes run as `npm start` runs them, so the
 * log files are exactly what an operator would collect.
 */
const API = '/api/v1/uav';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A valid resident ID number (ISO 7064 check character) from 17 digits. */
const idNumber = (first17: string) => {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(first17[i]), 0);
  return `${first17}${'10X98765432'[sum % 11]}`;
};

let cluster: Cluster;
let redis: Redis;
beforeAll(async () => {
  cluster = await startCluster({ env: { LOG_LEVEL: 'debug', QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '50' } });
  redis = new Redis(cluster.redisUrl);
}, 120_000);
afterAll(async () => {
  redis?.disconnect();
  await cluster?.stop();
});

describe('logs at LOG_LEVEL=debug', () => {
  it('hold no password, token or code, and no whole phone or ID number', async () => {
    const client = cluster.client();
    const secrets: string[] = [];
    const smsCodes: string[] = [];
    const keep = (...values: (string | null | undefined)[]) => {
      for (const v of values) if (v) secrets.push(v);
    };
    const tokensOf = (answer: { body: { data: { accessToken?: string; refreshToken?: string } } }) => {
      expect(answer.body.data.accessToken).toBeTruthy();
      keep(answer.body.data.accessToken, answer.body.data.refreshToken);
      return answer;
    };
    /** A code as the SMS worker delivers it; the one-send-a-minute limit lifted, as waiting would. */
    const smsCode = async (phone: string, purpose: string) => {
      await redis.del(`${cluster.queuePrefix}:claim:sms:resend:${phone}`);
      const before = (await client.get(`${API}/dev/sms/latest?phone=${phone}`)).body.data?.sentAt;
      expect((await client.get(`${API}/user/phone?phone=${phone}&purpose=${purpose}`)).body.code).toBe(20000);
      for (let i = 0; i < 100; i++) {
        const latest = await client.get(`${API}/dev/sms/latest?phone=${phone}`);
        if (latest.body.code === 20000 && latest.body.data.sentAt !== before) {
          smsCodes.push(latest.body.data.code);
          return latest.body.data.code as string;
        }
        await sleep(50);
      }
      throw new Error('SMS never delivered');
    };

    const phone = newPhone();
    const password = 'first-Passw0rd';
    const newPassword = 'second-Passw0rd';
    const ownId = idNumber('11010519880307123');
    const injuredId = idNumber('44030519900101456');
    keep(
      phone,
      password,
      newPassword,
      'wrong-Passw0rd',
      ownId,
      injuredId,
      ADMIN.mobilePhone,
      ADMIN.password,
      companyProfile.phone,
    );

    // Registration with an SMS code, then a profile with the legal representative's ID number.
    const code = await smsCode(phone, 'register');
    const registered = client.adopt(
      await client.post(`${API}/user/register`, {
        registerType: 1,
        name: '日志测试',
        mobilePhone: phone,
        password,
        confirmPassword: password,
        identifyingCode: code,
      }),
    );
    tokensOf(registered);
    expect((await client.post(`${API}/user/update`, { ...companyProfile, idCard: ownId })).body.code).toBe(20000);

    // A wrong password (logged as refused), then the right one, then a refresh.
    expect((await client.post(`${API}/user/login`, { mobilePhone: phone, password: 'wrong-Passw0rd' })).body.code).toBe(
      40000,
    );
    const login = tokensOf(client.adopt(await client.post(`${API}/user/login`, { mobilePhone: phone, password })));
    tokensOf(client.adopt(await client.post(`${API}/user/refresh`, { refreshToken: login.body.data.refreshToken })));

    // Password reset and SMS login, each with its own code.
    const resetCode = await smsCode(phone, 'reset');
    const reset = await client.post(`${API}/user/reset`, {
      registerType: 1,
      mobilePhone: phone,
      password: newPassword,
      confirmPassword: newPassword,
      identifyingCode: resetCode,
    });
    tokensOf(client.adopt(reset));
    const loginCode = await smsCode(phone, 'login');
    tokensOf(
      client.adopt(await client.post(`${API}/user/loginByPhone`, { mobilePhone: phone, identifyingCode: loginCode })),
    );

    // A one-time code traded for a session (the code travels in the query string), then logout.
    const authorized = await client.post(`${API}/uc/authorize`);
    const oneTime: string = authorized.body.data.code;
    keep(oneTime);
    const traded = cluster.client();
    tokensOf(traded.adopt(await traded.get(`${API}/uc/getToken?code=${encodeURIComponent(oneTime)}`)));
    expect((await traded.post(`${API}/user/logout`)).body.code).toBe(20000);
    // Pages the edge cannot decode, carrying the code and the phone: its warning names the path only.
    await fetch(`${cluster.baseUrl()}/authorize%E0?code=${encodeURIComponent(oneTime)}`).then((r) => r.text());
    await fetch(`${cluster.baseUrl()}/%E0?phone=${phone}`).then((r) => r.text());

    // The rule platform: phone and password, then an X-Token call.
    const rules = await client.post('/sso-platform/authencation/oauth2/login/user', {
      username: ADMIN.mobilePhone,
      password: ADMIN.password,
    });
    tokensOf(rules);
    const menu = await client.get('/api/v1/rules/menu', {
      token: null,
      headers: { 'x-token': rules.body.data.accessToken },
    });
    expect(menu.body.code).toBe(20000);

    // A policy and a claim naming an injured person by ID number.
    const stats = newStats();
    const orderId = await buyPolicy(client, stats);
    const created = await client.get(`${API}/claim/settlement/createClaimSettlement?orderId=${orderId}`);
    expect(created.body.code).toBe(20000);
    const saved = await client.post(
      `${API}/claim/settlement/save`,
      claimReport(created.body.data, { injuryInfoList: [injuredPerson({ technicalLevel: injuredId })] }),
    );
    expect(saved.body.code).toBe(20000);

    // A call relayed while its service is down: the edge's warning names the path, not the query.
    const query = cluster.sets[0]!.query;
    await query.kill();
    const down = await fetch(`${cluster.baseUrl()}${API}/dev/sms/latest?phone=${phone}`);
    // Never reached the stopped service: the retryable answer (a 502 would be a request that may have been acted on).
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('2');
    await query.start();

    await sleep(500);
    const logs = readdirSync(cluster.dir)
      .filter((f) => f.endsWith('.log'))
      .map((f) => ({ file: f, text: readFileSync(path.join(cluster.dir, f), 'utf8') }));
    const all = logs.map((l) => l.text).join('\n');
    // The debug access lines and the refused login are there, the phone masked in it.
    expect(all).toContain('"msg":"request"');
    expect(all).toContain(`"phone":"${phone.slice(0, 3)}****${phone.slice(-4)}"`);
    expect(all).toContain('upstream unavailable');

    const leaks: string[] = [];
    for (const { file, text } of logs) {
      for (const secret of secrets) if (text.includes(secret)) leaks.push(`${file}: ${secret}`);
      // Six digits also occur by chance: an SMS code counts as a JSON value, a query value or in the SMS text.
      for (const sms of smsCodes)
        if (new RegExp(`["=为]${sms}(?!\\d)`).test(text)) leaks.push(`${file}: SMS code ${sms}`);
    }
    expect(leaks).toEqual([]);
  }, 120_000);
});
