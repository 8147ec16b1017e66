import type { IncomingMessage, RequestListener } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEdgeServer } from './edge.ts';
import { dispatchInProcess } from './inProcess.ts';
import { createRouteDirectory } from './routes.ts';
import { CONTENT_SECURITY_POLICY } from './securityHeaders.ts';

type Seen = { req: IncomingMessage; body: string; clientPort: number | undefined };

/** An edge whose every API path is the command app's, that app being `app`. */
const startEdge = async (app: RequestListener, limit = 1024) => {
  const routes = createRouteDirectory({
    command: { host: '127.0.0.1', port: 9 },
    query: { host: '127.0.0.1', port: 9 },
  });
  routes.lookup = async () => 'command';
  const server = createEdgeServer({
    forward: dispatchInProcess({ command: app, query: app }),
    routes,
    bodyLimit: () => limit,
    webRoot: null,
    health: async () => ({ ok: true, checks: {} }),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
};

/** A raw HTTP/1.1 exchange, so the test controls the connection and sees every byte back. */
const raw = (port: number, text: string | (string | Buffer)[], waitMs = 400) =>
  new Promise<{ answer: string; localPort: number }>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (c) => {
      answer += c;
    });
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      const localPort = socket.localPort ?? 0;
      for (const piece of Array.isArray(text) ? text : [text]) socket.write(piece);
      setTimeout(() => {
        socket.destroy();
        resolve({ answer, localPort });
      }, waitMs);
    });
  });

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });

let close: (() => void) | null = null;
afterEach(() => close?.());

describe('API requests handed to an app in the edge’s process', () => {
  it('are the client’s own request, no second connection, with X-Forwarded-* replaced by what the edge saw', async () => {
    const seen: Seen[] = [];
    const { server, port } = await startEdge(async (req, res) => {
      seen.push({ req, body: await readBody(req), clientPort: req.socket.remotePort });
      res.setHeader('content-type', 'application/json');
      res.end('{"code":20000}');
    });
    close = () => server.close();
    const body = '{"a":1}';
    const { answer, localPort } = await raw(
      port,
      `POST /api/v1/uav/order/save HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 6.6.6.6\r\nX-Forwarded-Proto: https\r\nX-Request-Id: abc-1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.clientPort).toBe(localPort);
    expect(seen[0]?.body).toBe(body);
    expect(seen[0]?.req.headers).toMatchObject({
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-request-id': 'abc-1',
    });
  });

  it('keeps the edge’s security headers over the app’s, even when the app clears every header', async () => {
    const { server, port } = await startEdge((_req, res) => {
      res.setHeader('Content-Security-Policy', 'default-src *');
      res.setHeader('X-Frame-Options', 'ALLOWALL');
      res.setHeader('X-Route-Table', 'abc');
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      res.writeHead(200, { 'x-content-type-options': 'sniff', 'content-type': 'text/plain' });
      res.end('ok');
    });
    close = () => server.close();
    const { answer } = await raw(port, 'GET /api/v1/uav/x HTTP/1.1\r\nHost: x\r\n\r\n');
    const head = answer.split('\r\n\r\n')[0]?.toLowerCase() ?? '';
    expect(head).toContain(`content-security-policy: ${CONTENT_SECURITY_POLICY.toLowerCase()}`);
    expect(head).toContain('x-frame-options: deny');
    expect(head).toContain('x-content-type-options: nosniff');
    expect(head).toContain('x-request-id: ');
    expect(head).not.toContain('x-route-table');
    expect(head.match(/x-content-type-options/g)).toHaveLength(1);
  });

  it('refuses a declared body over the limit before the app sees it', async () => {
    let called = 0;
    const { server, port } = await startEdge((_req, res) => {
      called += 1;
      res.end();
    });
    close = () => server.close();
    const { answer } = await raw(
      port,
      'POST /api/v1/uav/order/save HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"code":41300');
    expect(called).toBe(0);
  });

  it('refuses a chunked body once it passes the limit, and the app’s stream ends', async () => {
    let appEnded = false;
    const { server, port } = await startEdge(async (req, res) => {
      await readBody(req).catch(() => undefined);
      appEnded = true;
      // Too late: the edge answered.
      if (!res.headersSent) res.end('from-the-app');
    });
    close = () => server.close();
    const chunk = `400\r\n${'a'.repeat(0x400)}\r\n`;
    const { answer } = await raw(port, [
      'POST /api/v1/uav/order/save HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n',
      chunk,
      chunk,
      chunk,
      '0\r\n\r\n',
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).not.toContain('from-the-app');
    expect(appEnded).toBe(true);
  });

  it('reads away the body after an app’s early answer, and serves the next request on the connection', async () => {
    let calls = 0;
    const { server, port } = await startEdge(
      (_req, res) => {
        calls += 1;
        res.setHeader('content-type', 'application/json');
        res.statusCode = 401;
        res.end('{"code":40100}');
      },
      10 * 1024 * 1024,
    );
    close = () => server.close();
    const size = 2 * 1024 * 1024;
    const { answer } = await raw(
      port,
      [
        Buffer.from(`POST /api/v1/uav/file/uploadBatch HTTP/1.1\r\nHost: x\r\nContent-Length: ${size}\r\n\r\n`),
        Buffer.alloc(size, 'b'),
        Buffer.from('GET /api/v1/uav/y HTTP/1.1\r\nHost: x\r\n\r\n'),
      ],
      1000,
    );
    expect(answer.match(/HTTP\/1\.1 401 /g)).toHaveLength(2);
    expect(calls).toBe(2);
  });
});
