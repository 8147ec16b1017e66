import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEdgeServer, DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS, type EdgeOptions } from './edge.ts';
import { relayOverHttp } from './httpRelay.ts';
import { createRouteDirectory } from './routes.ts';

const nowhere = { command: { host: '127.0.0.1', port: 9 }, query: { host: '127.0.0.1', port: 9 } };
const options = (health: EdgeOptions['health']): EdgeOptions => ({
  forward: relayOverHttp(nowhere, () => undefined),
  routes: createRouteDirectory(nowhere),
  bodyLimit: () => 1024,
  webRoot: null,
  health,
});

let close: (() => void) | null = null;
afterEach(() => close?.());

describe('edge server', () => {
  it('limits how long a client may take to send its request, and how long a connection may idle', () => {
    const server = createEdgeServer(options(async () => ({ ok: true, checks: {} })));
    expect([server.headersTimeout, server.requestTimeout, server.timeout]).toEqual([
      DEFAULT_HEADERS_TIMEOUT_MS,
      DEFAULT_REQUEST_TIMEOUT_MS,
      120_000,
    ]);
    expect(DEFAULT_HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
  });

  it('answers its own failure with the generic envelope: the error text stays in the log', async () => {
    const server = createEdgeServer(
      options(async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.3:5432');
      }),
    );
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    close = () => server.close();
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`);
    expect([answer.status, await answer.json()]).toEqual([
      500,
      { code: 50000, message: '服务器繁忙，请稍后再试', data: null },
    ]);
  });
});
