import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommandService } from '@feibao/command-service/service';
import { startEdge } from '@feibao/edge-service/service';
import { registerUser, startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => platform?.stop());

type RouteEntry = { method: string; path: string };
const tableOf = async (port: number) =>
  ((await (await fetch(`http://127.0.0.1:${port}/internal/routes`)).json()) as { data: RouteEntry[] }).data;

/** A port nothing listens on (yet). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * A raw request through the edge that streams its body in chunks, as a browser uploading a
 * big file does, and reports what came back — or how the connection failed.
 */
const stream = (port: number, path: string, headers: Record<string, string>, totalBytes: number, chunked = false, prefix = '', suffix = '') =>
  new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', headers: chunked ? headers : { ...headers, 'content-length': String(totalBytes) } },
      (answer) => {
        let body = '';
        answer.setEncoding('utf8');
        answer.on('data', (c) => {
          body += c;
        });
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
        answer.on('error', (e) => resolve({ error: e.message }));
      },
    );
    request.on('error', (e) => resolve({ error: (e as NodeJS.ErrnoException).code ?? e.message }));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    if (prefix) request.write(prefix);
    let sent = Buffer.byteLength(prefix) + Buffer.byteLength(suffix);
    const pump = () => {
      while (sent < totalBytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, totalBytes - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once('drain', pump);
      }
      request.end(suffix);
    };
    pump();
  });

describe('edge routing from the services’ own route tables', () => {
  it('reaches every route of every router through the edge, at the service that declared it', async () => {
    const tables = { command: await tableOf(platform.command.port), query: await tableOf(platform.query.port) };
    expect(tables.command.length).toBeGreaterThan(10);
    expect(tables.query.length).toBeGreaterThan(5);
    let checked = 0;
    for (const [service, entries] of Object.entries(tables))
      for (const { method, path } of entries) {
        if (!path.startsWith('/api/') && !path.startsWith('/sso-platform/')) continue; // /internal/* is not public
        const url = `${platform.baseUrl}${path.replace(/:[^/]+/g, 'x')}`;
        const answer = await fetch(url, {
          method,
          headers: method === 'GET' || method === 'HEAD' ? {} : { 'content-type': 'application/json' },
          body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
        });
        await answer.arrayBuffer();
        expect({ method, path, servedBy: answer.headers.get('x-served-by') }).toEqual({ method, path, servedBy: service });
        checked++;
      }
    expect(checked).toBeGreaterThan(20);
  });

  it('answers an unknown API path with its own JSON 404', async () => {
    for (const path of ['/api/v1/uav/order/noSuchCall', '/api/v1/uav/nothing/here', '/sso-platform/unknown']) {
      const answer = await fetch(`${platform.baseUrl}${path}`);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('x-served-by')).toBeNull();
      expect(await answer.json()).toEqual({ code: 40400, message: '请求地址不存在', data: null });
    }
  });

  it('keeps /internal/* private', async () => {
    const answer = await fetch(`${platform.baseUrl}/internal/routes`);
    expect(answer.headers.get('x-served-by')).toBeNull();
    expect(answer.status).toBe(404);
  });
});

describe('/healthz covers every upstream', () => {
  it('is 503 naming the command service while it is not listening, 200 once it is', async () => {
    const commandPort = await freePort();
    const edge = await startEdge(platform.config, { port: 0, commandPort, queryPort: platform.query.port, webRoot: '/nonexistent' });
    let command: Awaited<ReturnType<typeof startCommandService>> | null = null;
    try {
      const down = await fetch(`http://127.0.0.1:${edge.port}/healthz`);
      expect(down.status).toBe(503);
      const report = (await down.json()) as { checks: Record<string, { ok: boolean; detail: string }> };
      expect(report.checks.commandService?.ok).toBe(false);
      expect(report.checks.commandService?.detail).toContain(String(commandPort));
      expect(report.checks.queryService?.ok).toBe(true);

      command = await startCommandService(platform.config, { port: commandPort });
      const up = await fetch(`http://127.0.0.1:${edge.port}/healthz`);
      expect(up.status).toBe(200);
    } finally {
      await command?.stop();
      await edge.stop();
    }
  }, 20_000);
});

describe('oversized bodies through the edge', () => {
  const edgePort = () => Number(new URL(platform.baseUrl).port);
  const tooLarge = { code: 41300, message: '请求内容过大', data: null };

  it('refuses a 5 MB JSON body with the envelope, never a 502 or a reset', async () => {
    const answer = await stream(edgePort(), '/api/v1/uav/order/save', { 'content-type': 'application/json' }, 5 * 1024 * 1024);
    expect(answer).toEqual({ status: 413, body: JSON.stringify(tooLarge) });
  });

  it('refuses a chunked body once it passes the limit', async () => {
    const answer = await stream(edgePort(), '/api/v1/uav/order/save', { 'content-type': 'application/json' }, 2 * 1024 * 1024, true);
    expect(answer).toEqual({ status: 413, body: JSON.stringify(tooLarge) });
  });

  it('relays the upload service’s own refusal of a 30 MB file', async () => {
    const client = platform.client();
    await registerUser(client);
    const boundary = 'feibao-edge-test';
    const answer = await stream(
      edgePort(),
      '/api/v1/uav/file/uploadBatch?type=3',
      { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${client.state.accessToken}` },
      30 * 1024 * 1024,
      false,
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      `\r\n--${boundary}--\r\n`,
    );
    expect('status' in answer ? answer.status : answer).not.toBe(502);
    expect('status' in answer ? [answer.status, JSON.parse(answer.body).code] : answer).toEqual([413, 41300]);
  }, 30_000);

  it('relays an early refusal (no login) of a big upload instead of dropping the connection', async () => {
    const answer = await stream(
      edgePort(),
      '/api/v1/uav/file/uploadBatch?type=3',
      { 'content-type': 'multipart/form-data; boundary=x' },
      30 * 1024 * 1024,
    );
    expect('status' in answer ? [answer.status, JSON.parse(answer.body).code] : answer).toEqual([401, 40100]);
  }, 30_000);
});
