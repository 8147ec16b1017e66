import { createHmac, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, registerUser, signIn, startTestPlatform, type Client, type TestPlatform } from '../support/platform.ts';
import { rawCall } from '../support/securityFixtures.ts';

/**
 * Forged tokens (docs/security.md "Who may do what"), beyond the missing, expired, wrong-key and
 * wrong-audience tokens of accounts.int.spec.ts: an unsigned ("alg": "none") token, other
 * algorithms (HS512 with the right secret, RS256 with a key of the sender's), a payload
 * promoted to admin under its old signature, and the two kinds of token swapped. Each is
 * refused with the 401 envelope wherever a token is read: the Bearer header, the rule
 * platform's X-Token and the operations board's cookie. Controls show each forgery starts from
 * a payload the server accepts when properly signed.
 */

const U = '/api/v1/uav';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
const hmac = (algorithm: 'sha256' | 'sha512', secret: string, input: string) =>
  createHmac(algorithm, secret).update(input).digest('base64url');

let platform: TestPlatform;
let admin: Client;
let user: Client;
let secret: string;
beforeAll(async () => {
  platform = await startTestPlatform({ env: { SMS_HOURLY_PER_ADDRESS: '100000' } });
  secret = platform.config.jwtSecret;
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  user = platform.client();
  await registerUser(user);
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

/** Signs a header and payload as given (HS256 with the platform's secret unless told otherwise). */
const sign = (
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  signer: (input: string) => string = (input) => hmac('sha256', secret, input),
) => {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${signer(input)}`;
};

/** Every place a token is read, with what it answers to a bad one (and to a good one, for the controls). */
const places = [
  {
    name: 'Bearer, customer call',
    call: (token: string) => rawCall(platform.baseUrl, 'GET', `${U}/uc/currentUser`, { token }),
    refused: 40100,
  },
  {
    name: 'Bearer, admin call',
    call: (token: string) => rawCall(platform.baseUrl, 'GET', `${U}/backoffice/users`, { token }),
    refused: 40100,
  },
  {
    name: 'X-Token, rule platform',
    call: async (token: string) => {
      const response = await fetch(`${platform.baseUrl}/api/v1/rules/menu`, { headers: { 'x-token': token } });
      return { status: response.status, body: (await response.json()) as { code: number; data: unknown } };
    },
    refused: 50008,
  },
  {
    name: 'board cookie',
    call: async (token: string) => {
      const response = await fetch(`${platform.baseUrl}${U}/backoffice/ops/board/api/queues`, {
        headers: { cookie: `feibao_ops_board=${token}` },
      });
      const text = await response.text();
      return {
        status: response.status,
        body: (text.startsWith('{"code"') ? JSON.parse(text) : null) as { code: number; data: unknown } | null,
      };
    },
    refused: 40100,
  },
];

const expectRefusedEverywhere = async (token: string) => {
  const wrong: string[] = [];
  for (const place of places) {
    const answer = await place.call(token);
    if (answer.status !== 401 || answer.body?.code !== place.refused || answer.body.data !== null)
      wrong.push(`${place.name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
  }
  expect(wrong).toEqual([]);
};

describe('forged access tokens', () => {
  it("controls: the admin's payload re-signed as the server signs passes everywhere", async () => {
    const token = sign({ alg: 'HS256', typ: 'JWT' }, decode(admin.state.accessToken!));
    for (const place of places) expect((await place.call(token)).status, place.name).toBe(200);
  });

  it('refuses an unsigned token ("alg": "none"), however the signature part is written', async () => {
    const payload = decode(admin.state.accessToken!);
    for (const alg of ['none', 'None', 'NONE']) {
      await expectRefusedEverywhere(`${b64({ alg, typ: 'JWT' })}.${b64(payload)}.`);
      await expectRefusedEverywhere(`${b64({ alg, typ: 'JWT' })}.${b64(payload)}`);
    }
  });

  it("refuses other algorithms: HS512 with the right secret, RS256 with the sender's own key, HS256 with another key", async () => {
    const payload = decode(admin.state.accessToken!);
    await expectRefusedEverywhere(
      sign({ alg: 'HS512', typ: 'JWT' }, payload, (input) => hmac('sha512', secret, input)),
    );
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rs256 = (input: string) => createSign('RSA-SHA256').update(input).sign(privateKey).toString('base64url');
    await expectRefusedEverywhere(sign({ alg: 'RS256', typ: 'JWT' }, payload, rs256));
    // The classic confusion: the public key as an HMAC secret, with a header naming that key.
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    await expectRefusedEverywhere(
      sign({ alg: 'HS256', typ: 'JWT', jwk: publicKey.export({ format: 'jwk' }) }, payload, (input) =>
        hmac('sha256', pem, input),
      ),
    );
    await expectRefusedEverywhere(sign({ alg: 'HS256', typ: 'JWT' }, payload, (input) => hmac('sha256', '', input)));
  });

  it("refuses a customer's token promoted to admin under its old signature", async () => {
    const [header, , signature] = user.state.accessToken!.split('.');
    const promoted = { ...decode(user.state.accessToken!), roles: ['user', 'admin'] };
    await expectRefusedEverywhere(`${header}.${b64(promoted)}.${signature}`);
    await expectRefusedEverywhere(
      `${header}.${b64({ ...decode(user.state.accessToken!), sub: ADMIN.mobilePhone })}.${signature}`,
    );
    // Control: the same payload signed with the server's secret would have been an admin's.
    expect(
      (
        await rawCall(platform.baseUrl, 'GET', `${U}/backoffice/users`, {
          token: sign(JSON.parse(Buffer.from(header!, 'base64url').toString()), promoted),
        })
      ).status,
    ).toBe(200);
  });

  it('refuses tokens passed anywhere but the header (query string), and blank or placeholder bearers', async () => {
    const token = user.state.accessToken!;
    for (const query of [`token=${token}`, `access_token=${token}`, `X-Token=${token}`])
      expect((await rawCall(platform.baseUrl, 'GET', `${U}/uc/currentUser?${query}`)).status, query).toBe(401);
    for (const bearer of ['null', 'undefined', '""', 'Bearer', '.', '..'])
      expect(
        (await rawCall(platform.baseUrl, 'GET', `${U}/uc/currentUser`, { token: bearer })).body?.code,
        bearer,
      ).toBe(40100);
  });
});

describe('swapped tokens', () => {
  it('refuses a refresh token used as an access token', async () => {
    const client = platform.client();
    await registerUser(client);
    await expectRefusedEverywhere(client.state.refreshToken!);
  });

  it('refuses an access token used as a refresh token, and the session lives on', async () => {
    const client = platform.client();
    await registerUser(client);
    const answer = await client.post(`${U}/user/refresh`, { refreshToken: client.state.accessToken });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 40100, data: null });
    expect(
      client.adopt(await client.post(`${U}/user/refresh`, { refreshToken: client.state.refreshToken })).body.code,
    ).toBe(20000);
  });

  it("refuses a refresh token forged for someone's session, without ending that session", async () => {
    const victim = platform.client();
    await registerUser(victim);
    const sid = String(decode(victim.state.accessToken!).sid);
    const forged = await platform
      .client()
      .post(`${U}/user/refresh`, { refreshToken: `${sid}.${randomBytes(32).toString('base64url')}` });
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ code: 40100, data: null });
    expect((await victim.get(`${U}/uc/currentUser`)).body.code).toBe(20000);
    expect(
      victim.adopt(await victim.post(`${U}/user/refresh`, { refreshToken: victim.state.refreshToken })).body.code,
    ).toBe(20000);
  });
});
