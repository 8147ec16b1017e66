import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_KEY_HEADER, UNKNOWN_ACCESS_KEY } from '@feibao/platform/http/clientApp';
import { captureLogs } from '@feibao/platform/logger';
import { loadConfig } from '@feibao/platform/config';
import { registerUser, startTestPlatform, type Client, type TestPlatform } from '../support/platform.ts';

/**
 * The fixed access-key header of the old clients (CLIENT_APPS in docs/configuration.md), checked by
 * the shared Koa pipeline of the command and the query service, with every call made through the edge.
 */

// The keys the web bundles send (web/src/api/client.ts, web/src/rules/api/client.ts): the defaults.
const WEB_KEY = 'feibao-web-2026';
const RULES_KEY = 'feibao-rules-2026';

let platform: TestPlatform;
let account: { phone: string; password: string };
let client: Client;

beforeAll(async () => {
  platform = await startTestPlatform({
    env: { CLIENT_APPS: `web:${WEB_KEY}, rules:${RULES_KEY}, partner:partner-key-1` },
  });
  client = platform.client();
  account = await registerUser(client);
});

afterAll(async () => {
  await platform?.stop();
});

const login = (key?: string) =>
  client.post(
    '/api/v1/uav/user/login',
    { mobilePhone: account.phone, password: account.password },
    key === undefined ? {} : { headers: { [ACCESS_KEY_HEADER]: key } },
  );
const regions = (key?: string) =>
  client.get('/api/v1/uav/order/listRegion', key === undefined ? {} : { headers: { [ACCESS_KEY_HEADER]: key } });

describe('client apps by access key', () => {
  it('defaults to the keys the web app and the rule platform send', () => {
    const apps = loadConfig({}).clientApps;
    expect(apps.get(WEB_KEY)).toBe('web');
    expect(apps.get(RULES_KEY)).toBe('rules');
  });

  it('refuses an unknown key on a command path and a query path with an envelope', async () => {
    for (const answer of [await login('stolen-or-stale-key'), await regions('stolen-or-stale-key')]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ code: 40300, message: UNKNOWN_ACCESS_KEY, data: null });
    }
    // Refused before anything is read: a well-formed register body with a bad key changes nothing.
    const register = await client.post(
      '/api/v1/uav/user/register',
      { registerType: 1 },
      { headers: { [ACCESS_KEY_HEADER]: 'nope' } },
    );
    expect(register.body.code).toBe(40300);
  });

  it('accepts the known keys, whatever their case of header name, and requests without a key', async () => {
    expect((await login(WEB_KEY)).body).toMatchObject({ code: 20000, message: '登录成功' });
    expect((await regions(RULES_KEY)).body.data).toHaveLength(34);
    expect(
      (await client.get('/api/v1/uav/order/listRegion', { headers: { 'x-access-key': 'partner-key-1' } })).body.code,
    ).toBe(20000);
    expect((await login()).body.code).toBe(20000);
    expect((await regions()).body.code).toBe(20000);
    // An empty header is no key at all.
    expect((await regions('')).body.code).toBe(20000);
  });

  it('names the app in the log lines of the request on both services', async () => {
    const commandId = `it-${randomUUID()}`;
    const queryId = `it-${randomUUID()}`;
    const refusedId = `it-${randomUUID()}`;
    const logs = captureLogs('debug');
    try {
      await client.post(
        '/api/v1/uav/user/login',
        { mobilePhone: account.phone, password: account.password },
        { headers: { [ACCESS_KEY_HEADER]: WEB_KEY, 'x-request-id': commandId } },
      );
      await client.get('/api/v1/uav/order/listRegion', {
        headers: { [ACCESS_KEY_HEADER]: RULES_KEY, 'x-request-id': queryId },
      });
      await client.get('/api/v1/uav/order/listRegion', {
        headers: { [ACCESS_KEY_HEADER]: 'unknown-key', 'x-request-id': refusedId },
      });
    } finally {
      logs.stop();
    }
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        service: 'command',
        requestId: commandId,
        clientApp: 'web',
        msg: 'request',
        status: 200,
      }),
    );
    // The login's own audit line carries it too: it comes from the request's context.
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ requestId: commandId, clientApp: 'web', msg: 'login' }),
    );
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        service: 'query',
        requestId: queryId,
        clientApp: 'rules',
        msg: 'request',
        status: 200,
      }),
    );
    const refused = logs.lines.filter((line) => line.requestId === refusedId);
    expect(refused).toContainEqual(
      expect.objectContaining({ msg: 'unknown client access key', accessKey: 'unknown-key' }),
    );
    expect(refused).toContainEqual(expect.objectContaining({ msg: 'request', status: 403 }));
    for (const line of refused) expect(line.clientApp).toBeUndefined();
  });
});
