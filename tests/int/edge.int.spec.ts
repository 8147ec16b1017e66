import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommandService } from '@feibao/command-service/service';
import { startEdge } from '@feibao/edge-service/service';
import { registerUser, startTestPlatform, until, type TestPlatform } from '../support/platform.ts';

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
const stream = (
  port: number,
  path: string,
  headers: Record<string, string>,
  totalBytes: number,
  chunked = false,
  prefix = '',
  suffix = '',
) =>
  new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: chunked ? headers : { ...headers, 'content-length': String(totalBytes) },
      },
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

/**
 * A client that writes its whole body before it reads anything, as simple clients do: the
 * edge must let it finish and then answer, not reset the connection under it.
 */
const sendAllThenRead = (port: number, head: string, totalBytes: number) =>
  new Promise<{ answer: string; writeError: string | null }>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let writeError: string | null = null;
    socket.setEncoding('utf8');
    socket.on('data', (text) => {
      answer += text;
    });
    socket.on('error', (e) => {
      writeError = (e as NodeJS.ErrnoException).code ?? e.message;
    });
    socket.on('close', () => resolve({ answer, writeError }));
    socket.write(head);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < totalBytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, totalBytes - sent));
        sent += piece.length;
        if (!socket.write(piece)) return void socket.once('drain', pump);
      }
      // Everything is sent: now read the answer, then let the edge close.
      setTimeout(() => socket.end(), 200);
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
        expect({ method, path, servedBy: answer.headers.get('x-served-by') }).toEqual({
          method,
          path,
          servedBy: service,
        });
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
    const edge = await startEdge(platform.config, {
      port: 0,
      commandPort,
      queryPort: platform.query.port,
      webRoot: '/nonexistent',
    });
    let command: Awaited<ReturnType<typeof startCommandService>> | null = null;
    try {
      const down = await fetch(`http://127.0.0.1:${edge.port}/healthz`);
      expect(down.status).toBe(503);
      const report = (await down.json()) as { checks: Record<string, { ok: boolean; detail: string }> };
      expect(report.checks.commandService?.ok).toBe(false);
      expect(report.checks.commandService?.detail).toContain(String(commandPort));
      expect(report.checks.queryService?.ok).toBe(true);

      command = await startCommandService(platform.config, { port: commandPort });
      // Healthy once the edge has fetched the started service's route table (at once, or at its next refresh
      // when the machine is busy), never before it answers.
      const up = await until(
        async () => (await fetch(`http://127.0.0.1:${edge.port}/healthz`)).status,
        (status) => status === 200,
        10_000,
      );
      expect(up).toBe(200);
    } finally {
      await command?.stop();
      await edge.stop();
    }
  }, 20_000);
});

describe('a service that is down', () => {
  const unavailable = { code: 50300, message: '服务暂时不可用，请稍后重试', data: null };

  it('answers a request that never reached it 503 50300 with Retry-After: nothing was done, sending again is safe', async () => {
    const commandPort = await freePort();
    let command: Awaited<ReturnType<typeof startCommandService>> | null = await startCommandService(platform.config, {
      port: commandPort,
    });
    const edge = await startEdge(platform.config, {
      port: 0,
      commandPort,
      queryPort: platform.query.port,
      webRoot: '/nonexistent',
    });
    try {
      await command.stop();
      command = null;
      const answer = await fetch(`http://127.0.0.1:${edge.port}/api/v1/uav/order/save`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('2');
      expect(await answer.json()).toEqual(unavailable);
      // The other service still answers.
      expect(
        (await fetch(`http://127.0.0.1:${edge.port}/api/v1/uav/dev/sms/latest?phone=13900000000`)).status,
      ).not.toBe(503);
    } finally {
      await command?.stop();
      await edge.stop();
    }
  }, 20_000);

  it('answers 503 50300 with Retry-After while no service has been reached since the edge started', async () => {
    const edge = await startEdge(platform.config, {
      port: 0,
      commandPort: await freePort(),
      queryPort: await freePort(),
      webRoot: '/nonexistent',
    });
    try {
      const answer = await fetch(`http://127.0.0.1:${edge.port}/api/v1/uav/order/save`, { method: 'POST' });
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('2');
      expect(await answer.json()).toEqual({ code: 50300, message: '服务启动中，请稍后再试', data: null });
    } finally {
      await edge.stop();
    }
  }, 20_000);
});

describe('oversized bodies through the edge', () => {
  const edgePort = () => Number(new URL(platform.baseUrl).port);
  const tooLarge = { code: 41300, message: '请求内容过大', data: null };

  it('refuses a 5 MB JSON body with the envelope, never a 502 or a reset', async () => {
    const answer = await stream(
      edgePort(),
      '/api/v1/uav/order/save',
      { 'content-type': 'application/json' },
      5 * 1024 * 1024,
    );
    expect(answer).toEqual({ status: 413, body: JSON.stringify(tooLarge) });
  });

  it('lets a client that keeps sending after the refusal finish, then answers 413 on the same connection', async () => {
    const size = 5 * 1024 * 1024;
    const head = `POST /api/v1/uav/order/save HTTP/1.1\r\nHost: edge\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`;
    const { answer, writeError } = await sendAllThenRead(edgePort(), head, size);
    expect(writeError).toBeNull();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe(JSON.stringify(tooLarge));
  }, 30_000);

  it('answers fetch with 5 MB of JSON with the envelope', async () => {
    const answer = await fetch(`${platform.baseUrl}/api/v1/uav/order/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(5 * 1024 * 1024, ' '),
    });
    expect([answer.status, await answer.json()]).toEqual([413, tooLarge]);
  });

  it('refuses before the body is sent when the client expects 100-continue', async () => {
    const answer = await new Promise<{ status: number; body: string; continued: boolean }>((resolve, reject) => {
      let continued = false;
      const request = http.request(
        {
          host: '127.0.0.1',
          port: edgePort(),
          path: '/api/v1/uav/order/save',
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': String(5 * 1024 * 1024),
            expect: '100-continue',
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c) => {
            body += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, continued }));
        },
      );
      request.on('continue', () => {
        continued = true;
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(answer).toEqual({ status: 413, body: JSON.stringify(tooLarge), continued: false });
  });

  it('refuses a chunked body once it passes the limit', async () => {
    const answer = await stream(
      edgePort(),
      '/api/v1/uav/order/save',
      { 'content-type': 'application/json' },
      2 * 1024 * 1024,
      true,
    );
    expect(answer).toEqual({ status: 413, body: JSON.stringify(tooLarge) });
  });

  it('relays the upload service’s own refusal of a 30 MB file', async () => {
    const client = platform.client();
    await registerUser(client);
    const boundary = 'feibao-edge-test';
    const answer = await stream(
      edgePort(),
      '/api/v1/uav/file/uploadBatch?type=3',
      {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${client.state.accessToken}`,
      },
      30 * 1024 * 1024,
      false,
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      `\r\n--${boundary}--\r\n`,
    );
    expect('status' in answer ? answer.status : answer).not.toBe(502);
    expect('status' in answer ? [answer.status, JSON.parse(answer.body)] : answer).toEqual([
      413,
      { code: 41300, message: '文件过大', data: null },
    ]);
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
