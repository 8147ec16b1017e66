import http from 'node:http';
import net from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdge } from '@feibao/edge-service/service';
import { createKoaApp } from '@feibao/platform/http/app';
import { ADMIN, registerUser, signIn, startTestPlatform, type TestPlatform } from '../support/platform.ts';

/**
 * The edge is the one public port, so what every answer carries is decided there: security
 * headers (a CSP without inline scripts or eval), HSTS only behind a trusted TLS proxy, no
 * internal error texts, cut-offs for clients that trickle their request, and cookies that
 * scripts cannot read (docs/security.md "The edge").
 */
let platform: TestPlatform;
let webRoot: string;
/** A stand-in for the command service: echoes what the edge forwarded, weakens headers, resets. */
let fake: http.Server;
let fakePort: number;
/** No trusted proxy, short client time limits; command routes from the stand-in, query routes real. */
let plain: Awaited<ReturnType<typeof startEdge>>;
/** The same behind a trusted TLS proxy (this host, as EDGE_TRUSTED_PROXIES names it). */
let proxied: Awaited<ReturnType<typeof startEdge>>;

const startFakeUpstream = () =>
  new Promise<void>((resolve) => {
    fake = http.createServer((req, res) => {
      if (req.url === '/internal/ping') return void res.end('ok');
      if (req.url === '/internal/routes') {
        res.setHeader('content-type', 'application/json');
        const data = [
          { method: 'GET', path: '/api/v1/uav/fake/echo' },
          { method: 'POST', path: '/api/v1/uav/fake/echo' },
          { method: 'GET', path: '/api/v1/uav/fake/reset' },
        ];
        return void res.end(JSON.stringify({ code: 20000, message: '成功', data }));
      }
      if (req.url === '/api/v1/uav/fake/reset') return void req.socket.destroy();
      req.resume();
      req.on('end', () => {
        res.writeHead(200, {
          'content-type': 'application/json',
          // A service that answers weaker values must not weaken the edge's.
          'content-security-policy': "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
          'x-frame-options': 'SAMEORIGIN',
          'strict-transport-security': 'max-age=1',
        });
        const forwarded = { for: req.headers['x-forwarded-for'], proto: req.headers['x-forwarded-proto'] };
        res.end(JSON.stringify({ code: 20000, message: '成功', data: forwarded }));
      });
    });
    fake.listen(0, '127.0.0.1', () => {
      fakePort = (fake.address() as net.AddressInfo).port;
      resolve();
    });
  });

beforeAll(async () => {
  platform = await startTestPlatform();
  webRoot = mkdtempSync(path.join(tmpdir(), 'feibao-edge-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><title>app</title><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(path.join(webRoot, 'rules.html'), '<!doctype html><title>rules</title>');
  writeFileSync(path.join(webRoot, 'assets', 'app.js'), 'export {};');
  await startFakeUpstream();
  const upstreams = { commandPort: fakePort, queryPort: platform.query.port, webRoot };
  plain = await startEdge(platform.config, { port: 0, ...upstreams, headersTimeoutMs: 400, requestTimeoutMs: 1200 });
  // Read from the environment, as in production.
  process.env.EDGE_TRUSTED_PROXIES = '127.0.0.1, ::1';
  try {
    proxied = await startEdge(platform.config, { port: 0, ...upstreams });
  } finally {
    delete process.env.EDGE_TRUSTED_PROXIES;
  }
});
afterAll(async () => {
  await plain?.stop();
  await proxied?.stop();
  await new Promise((resolve) => fake?.close(resolve));
  await platform?.stop();
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
});

const at = (edge: { port: number }, pathname: string) => `http://127.0.0.1:${edge.port}${pathname}`;

/** One exchange on a raw socket: the chunks are written `everyMs` apart; what came back and when the edge closed. */
const rawExchange = (port: number, chunks: string[], everyMs = 0, giveUpMs = 4000) =>
  new Promise<{ answer: string; closedAfterMs: number | null }>((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | null = null;
    socket.setEncoding('utf8');
    socket.on('data', (text) => {
      answer += text;
    });
    socket.on('error', () => undefined);
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closedAfterMs: null });
    }, giveUpMs);
    socket.on('close', () => {
      clearTimeout(giveUp);
      if (timer) clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
    const queue = [...chunks];
    const next = () => {
      const chunk = queue.shift();
      if (chunk === undefined) {
        if (timer) clearInterval(timer);
        return;
      }
      if (!socket.destroyed) socket.write(chunk);
    };
    if (everyMs === 0) while (queue.length) next();
    else {
      next();
      timer = setInterval(next, everyMs);
    }
  });

/** Status, lower-cased headers and body of a raw HTTP/1.1 answer. */
const parseRaw = (answer: string) => {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
};

const expectSecurityHeaders = (what: string, headers: Headers, hsts = false) => {
  const csp = headers.get('content-security-policy') ?? '';
  const directives = Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values.join(' ')]),
  );
  expect({ what, scripts: directives['script-src'] }).toEqual({ what, scripts: "'self'" });
  expect(csp, what).not.toMatch(/unsafe-eval/);
  expect({
    what,
    objects: directives['object-src'],
    base: directives['base-uri'],
    framing: directives['frame-ancestors'],
    forms: directives['form-action'],
    connect: directives['connect-src'],
    images: directives['img-src'],
    nosniff: headers.get('x-content-type-options'),
    referrer: headers.get('referrer-policy'),
    frames: headers.get('x-frame-options'),
    opener: headers.get('cross-origin-opener-policy'),
    hsts: headers.get('strict-transport-security'),
  }).toEqual({
    what,
    objects: "'none'",
    base: "'self'",
    framing: "'none'",
    forms: "'self'",
    connect: "'self'",
    images: "'self' data: blob:",
    nosniff: 'nosniff',
    referrer: 'strict-origin-when-cross-origin',
    frames: 'DENY',
    opener: 'same-origin',
    hsts: hsts ? 'max-age=31536000' : null,
  });
};

describe('security headers on every answer of the edge', () => {
  it('covers the web app, its assets, API answers, refusals, failures and /healthz', async () => {
    const requests: [string, string, RequestInit?][] = [
      ['page', '/'],
      ['client route', '/platform/order/list'],
      ['rule platform', '/rules/login'],
      ['asset', '/assets/app.js'],
      ['missing asset', '/assets/missing.js'],
      ['unknown API path', '/api/v1/uav/nothing/here'],
      ['relayed answer (weaker headers of its own)', '/api/v1/uav/fake/echo'],
      ['service answer', '/api/v1/uav/order/orderDetails?id=x'],
      ['upstream reset (502)', '/api/v1/uav/fake/reset'],
      ['invalid path', '/%E0'],
      ['method on a page', '/', { method: 'DELETE' }],
      [
        'oversized body',
        '/api/v1/uav/fake/echo',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.alloc(300 * 1024, ' ') },
      ],
      ['health', '/healthz'],
    ];
    const statuses: Record<string, number> = {};
    for (const [what, pathname, init] of requests) {
      const answer = await fetch(at(plain, pathname), init);
      await answer.arrayBuffer();
      statuses[what] = answer.status;
      expectSecurityHeaders(what, answer.headers);
    }
    expect(statuses).toMatchObject({
      page: 200,
      asset: 200,
      'missing asset': 404,
      'upstream reset (502)': 502,
      'invalid path': 400,
      'oversized body': 413,
    });
  });

  it('puts them on the answers node would give bare: a bad request line, headers too large', async () => {
    const garbage = parseRaw((await rawExchange(plain.port, ['NOT A REQUEST\r\n\r\n'])).answer);
    expect([garbage.status, JSON.parse(garbage.body)]).toEqual([
      400,
      { code: 40000, message: '请求格式错误', data: null },
    ]);
    expectSecurityHeaders('bad request line', garbage.headers);

    const huge = parseRaw(
      (await rawExchange(plain.port, [`GET / HTTP/1.1\r\nHost: edge\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`])).answer,
    );
    expect([huge.status, (JSON.parse(huge.body) as { code: number }).code]).toEqual([431, 41300]);
    expectSecurityHeaders('headers too large', huge.headers);
  });

  it('sends HSTS and forwards https only when a trusted proxy says the visit came over TLS', async () => {
    const spoofed = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.1, 203.0.113.9' };
    // No proxy configured: whoever sends X-Forwarded-* is not believed.
    const direct = await fetch(at(plain, '/api/v1/uav/fake/echo'), { headers: spoofed });
    expectSecurityHeaders('untrusted https claim', direct.headers, false);
    expect(((await direct.json()) as { data: unknown }).data).toEqual({ for: '127.0.0.1', proto: 'http' });

    const viaProxy = await fetch(at(proxied, '/api/v1/uav/fake/echo'), { headers: spoofed });
    expectSecurityHeaders('trusted proxy over TLS', viaProxy.headers, true);
    // The last entry is the address the trusted proxy itself saw; what the client claimed before it is not used.
    expect(((await viaProxy.json()) as { data: unknown }).data).toEqual({ for: '203.0.113.9', proto: 'https' });

    const page = await fetch(at(proxied, '/'), { headers: { 'x-forwarded-proto': 'https' } });
    expectSecurityHeaders('page over TLS', page.headers, true);
    const overHttp = await fetch(at(proxied, '/'), { headers: { 'x-forwarded-proto': 'http' } });
    expectSecurityHeaders('trusted proxy over plain http', overHttp.headers, false);
  });
});

describe('no stack traces or internal error texts in answers', () => {
  const internals = /Error|ECONN|Unexpected|JSON at|node_modules|\.ts:\d|\bat \S+ \(|127\.0\.0\.1|localhost/;

  it('answers a malformed body and an unreachable service with plain envelopes', async () => {
    const malformed = await fetch(`${platform.baseUrl}/api/v1/uav/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"mobilePhone": "1',
    });
    const text = await malformed.text();
    expect([malformed.status, JSON.parse(text)]).toEqual([400, { code: 40000, message: '请求格式错误', data: null }]);
    const reset = await (await fetch(at(plain, '/api/v1/uav/fake/reset'))).text();
    expect(JSON.parse(reset)).toEqual({ code: 50000, message: '服务暂不可用，请稍后再试', data: null });
    expect(text + reset).not.toMatch(internals);
  });

  it('keeps the reasons of failed health checks from callers that may not read internals', async () => {
    // The stand-in has no projections or workers of its own: the edge's report fails with reasons.
    const local = (await (await fetch(at(plain, '/healthz'))).json()) as {
      checks: Record<string, { detail?: unknown }>;
    };
    expect(Object.values(local.checks).some((check) => check.detail !== undefined)).toBe(true);
    // A request a proxy relayed (X-Forwarded-For) is the public's.
    const relayed = await fetch(at(plain, '/healthz'), { headers: { 'x-forwarded-for': '203.0.113.9' } });
    const text = await relayed.text();
    const report = JSON.parse(text) as { ok: boolean; checks: Record<string, unknown> };
    expect(Object.keys(report.checks)).toEqual(
      expect.arrayContaining(['eventStore', 'commandService', 'queryService']),
    );
    for (const check of Object.values(report.checks)) expect(Object.keys(check as object)).toEqual(['ok']);
    expect(text).not.toMatch(internals);
  });

  it('answers a service failure and a 4xx with its own text with the generic envelope (Koa pipeline)', async () => {
    const app = createKoaApp({ trustProxy: false, service: 'security-test' });
    app.use(async (ctx) => {
      if (ctx.path === '/crash')
        throw new Error('connect ECONNREFUSED 10.0.0.3:5432 at Pool.connect (node_modules/pg/lib/index.js:45)');
      ctx.throw(400, 'column "password_hash" does not exist');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const port = (server.address() as net.AddressInfo).port;
      const crash = await fetch(`http://127.0.0.1:${port}/crash`);
      const exposed = await fetch(`http://127.0.0.1:${port}/other`);
      expect([crash.status, await crash.json()]).toEqual([
        500,
        { code: 50000, message: '服务器繁忙，请稍后再试', data: null },
      ]);
      expect([exposed.status, await exposed.json()]).toEqual([
        400,
        { code: 40000, message: '请求格式错误', data: null },
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('clients that trickle their request are cut off', () => {
  const expectTimeout = (result: { answer: string; closedAfterMs: number | null }) => {
    expect(result.closedAfterMs, 'the edge closed the connection').not.toBeNull();
    expect(result.closedAfterMs).toBeLessThan(3000);
    const answer = parseRaw(result.answer);
    expect([answer.status, JSON.parse(answer.body)]).toEqual([408, { code: 40000, message: '请求超时', data: null }]);
    expectSecurityHeaders('request timeout', answer.headers);
  };

  it('closes a connection that sends nothing, or its headers a line at a time', async () => {
    expectTimeout(await rawExchange(plain.port, []));
    const lines = [
      'GET /healthz HTTP/1.1\r\n',
      'Host: edge\r\n',
      ...Array.from({ length: 60 }, (_, i) => `X-Slow-${i}: 1\r\n`),
    ];
    expectTimeout(await rawExchange(plain.port, lines, 100));
  });

  it('closes a relayed request whose body trickles in past the request time limit', async () => {
    const head =
      'POST /api/v1/uav/fake/echo HTTP/1.1\r\nHost: edge\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    expectTimeout(await rawExchange(plain.port, [head, ...Array.from({ length: 60 }, () => ' ')], 100));
  });
});

describe('cookies', () => {
  const setCookies = (headers: Headers) => headers.getSetCookie();

  it('sign-in, registration, refresh, guest and the rule platform’s login set none', async () => {
    const client = platform.client();
    const registered = await registerUser(client);
    const login = await signIn(client, registered.phone, registered.password);
    const refresh = await client.post('/api/v1/uav/user/refresh', { refreshToken: client.state.refreshToken });
    const guest = await client.post('/api/v1/uav/user/guest', {});
    const rules = await client.post('/sso-platform/authencation/oauth2/login/user', {
      username: ADMIN.mobilePhone,
      password: ADMIN.password,
    });
    expect([registered.answer, login, refresh, guest, rules].map((a) => a.body.code)).toEqual([
      20000, 20000, 20000, 20000, 20000,
    ]);
    expect([registered.answer, login, refresh, guest, rules].flatMap((a) => setCookies(a.headers))).toEqual([]);
  });

  it('the one cookie (bull-board’s) is HttpOnly, SameSite=Strict, path-scoped, and Secure behind TLS', async () => {
    const admin = platform.client();
    await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
    const open = (edge: { port: number }, headers: Record<string, string> = {}) =>
      fetch(at(edge, '/api/v1/uav/backoffice/ops/boardSession'), {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.state.accessToken}`, 'content-type': 'application/json', ...headers },
        body: '{}',
      });
    const overHttp = setCookies((await open(plain)).headers);
    const overTls = setCookies((await open(proxied, { 'x-forwarded-proto': 'https' })).headers);
    for (const cookie of [...overHttp, ...overTls]) {
      expect(cookie).toMatch(/;\s*httponly/i);
      expect(cookie).toMatch(/;\s*samesite=strict/i);
      expect(cookie).toMatch(/;\s*path=\/api\/v1\/uav\/backoffice\/ops\/board/i);
    }
    expect(overHttp).toHaveLength(1);
    expect(overTls).toHaveLength(1);
    expect(overTls[0]).toMatch(/;\s*secure/i);
    expect(overHttp[0]).not.toMatch(/;\s*secure/i);
  });
});
