import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { ResultCode } from '@feibao/domain';
import { logger, metricsFor, requestIdOf, ROUTE_TABLE_VERSION_HEADER, runInContext } from '@feibao/platform';
import { answerClientError, sendEnvelope } from './answers.ts';
import { clientOf, type TrustedProxies } from './clients.ts';
import { isApiPath, type RouteDirectory, type Target, type Upstream } from './routes.ts';
import { SECURITY_HEADER_NAMES, securityHeaders } from './securityHeaders.ts';
import { serveWeb } from './staticFiles.ts';

export type EdgeOptions = {
  upstreams: Record<Upstream, Target>;
  routes: RouteDirectory;
  /** Largest request body relayed to a path; a bigger one is refused here with 413. */
  bodyLimit: (path: string, contentType: string) => number;
  webRoot: string | null;
  health: () => Promise<{ ok: boolean; checks: unknown }>;
  /** The edge's own /internal/health and /metrics (platform processes.ts); false for any other path. */
  internal?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
  /** Whether this caller may read why a health check failed (the internals' rule); others see only names and ok. */
  mayReadHealthDetails?: (req: IncomingMessage) => boolean;
  /** Peers whose X-Forwarded-Proto and X-Forwarded-For the edge believes (clients.ts); default nobody. */
  trustedProxies?: TrustedProxies;
  /** How long a client has to send its headers, and its whole request (body included); then 408 and the connection closes. */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
};

/** Node's own limits, tightened: a slow-loris client holds a connection at most this long. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 20_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 300_000;
/** A connection on which nothing moves (a client that stopped reading its answer) is closed after this. */
const IDLE_SOCKET_TIMEOUT_MS = 120_000;

const nobody: TrustedProxies = { trusts: () => false };

/**
 * The edge's HTTP metrics. Its routes are coarse on purpose (which service, the web app, its own
 * endpoints): the services label their requests by route template themselves.
 */
const observe = (res: ServerResponse, method: string, route: string, started: number) => {
  const record = () => {
    const metrics = metricsFor('edge');
    metrics.httpRequests.inc({ method, route, status: String(res.statusCode) });
    metrics.httpDuration.observe({ method, route }, (performance.now() - started) / 1000);
  };
  // The edge's own endpoints have answered by the time they are labelled.
  if (res.writableFinished) record();
  else res.once('finish', record);
};

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/** What the edge reads away from a refused request before it gives up and closes the connection. */
const DRAIN_MAX_BYTES = 128 * 1024 * 1024;
const DRAIN_MAX_MS = 15_000;

/**
 * Reads away the rest of a body nobody will use, so a client that keeps sending after its
 * answer reads that answer instead of a reset connection (EPIPE); one that sends too much
 * or too long is cut off. Once the body is in, the connection can carry the next request.
 */
const draining = new WeakSet<IncomingMessage>();
const drain = (req: IncomingMessage) => {
  req.unpipe();
  if (req.complete || draining.has(req)) return void req.resume();
  draining.add(req);
  let drained = 0;
  const socket = req.socket;
  const cutOff = () => socket.destroy();
  const done = () => {
    clearTimeout(timer);
    socket.off('close', done);
  };
  const timer = setTimeout(cutOff, DRAIN_MAX_MS);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_MAX_BYTES) cutOff();
  });
  req.once('end', done);
  socket.once('close', done);
  req.resume();
};

/** Refuses an oversized body with the envelope; the rest of it is read away. */
const refuseTooLarge = (req: IncomingMessage, res: ServerResponse) => {
  drain(req);
  if (!res.headersSent) sendEnvelope(res, 413, ResultCode.tooLarge, '请求内容过大');
};

/**
 * `timeout` lets the agent honour the services' Keep-Alive hint (Node closes an idle connection
 * after 5 s; the agent then drops its idle socket a second earlier). Without it the agent kept idle
 * sockets until the service closed them, and a request sent on one as it closed failed with
 * ECONNRESET: a 502 for a write under load (tests/int/concurrency.int.spec.ts).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 4_000 });

const ROUTE_TABLE_HEADER = ROUTE_TABLE_VERSION_HEADER.toLowerCase();

const proxy = (
  req: IncomingMessage,
  res: ServerResponse,
  target: Target,
  limit: number,
  client: ReturnType<typeof clientOf>,
  onTable: (version: string | string[] | undefined) => void,
) => {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return refuseTooLarge(req, res);
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  // The edge is the trust boundary: what a client claims in X-Forwarded-* is replaced by what
  // the edge saw, or what a trusted proxy in front of it saw (clients.ts).
  headers['x-forwarded-for'] = client.address;
  headers['x-forwarded-proto'] = client.overTls ? 'https' : 'http';
  let answered = false;
  let clientGone = false;
  const upstream = http.request(
    { host: target.host, port: target.port, method: req.method, path: req.url, headers, agent, timeout: 60_000 },
    (answer) => {
      answered = true;
      onTable(answer.headers[ROUTE_TABLE_HEADER]);
      const out: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers))
        if (!HOP_BY_HOP.has(name) && name !== ROUTE_TABLE_HEADER && !SECURITY_HEADER_NAMES.has(name)) out[name] = value;
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
      answer.on('end', () => {
        // An upstream that answered before the body was in (a refusal) gets no more of it.
        if (!req.complete) {
          drain(req);
          upstream.destroy();
        }
      });
    },
  );
  let received = 0;
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    // A chunked body has no declared length: count it.
    if (received > limit && !answered && !res.headersSent) {
      upstream.destroy();
      refuseTooLarge(req, res);
    }
  });
  upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
  // A client cut off (a timeout, a reset) before its answer ended: the service's work is not waited for.
  res.once('close', () => {
    if (res.writableFinished) return;
    clientGone = true;
    upstream.destroy();
  });
  upstream.on('error', (error) => {
    // The answer is being relayed (or the edge refused the body itself, or the client is gone):
    // a write error on the rest of the body changes nothing.
    if (answered || res.headersSent || clientGone) return;
    logger.warn({ err: error, path: req.url }, 'upstream unavailable');
    drain(req);
    sendEnvelope(res, 502, ResultCode.serverError, '服务暂不可用，请稍后再试');
  });
  req.pipe(upstream);
};

const withoutDetails = (checks: unknown) =>
  Object.fromEntries(Object.entries(checks as Record<string, { ok?: boolean }>).map(([name, check]) => [name, { ok: check?.ok === true }]));

/** One origin for the browser: the web app, the API routed per path, and /healthz. */
export const createEdgeServer = (options: EdgeOptions) => {
  const proxies = options.trustedProxies ?? nobody;
  const handle = async (req: IncomingMessage, res: ServerResponse, started: number, client: ReturnType<typeof clientOf>) => {
    const method = req.method ?? 'GET';
    try {
      const url = new URL(req.url ?? '/', 'http://edge');
      if (options.internal && (await options.internal(req, res))) return observe(res, method, url.pathname, started);
      if (url.pathname === '/healthz') {
        observe(res, method, '/healthz', started);
        const report = await options.health();
        // Why a check failed names hosts, ports and errors of the internals: only for whoever may read those.
        if (!options.mayReadHealthDetails?.(req)) report.checks = withoutDetails(report.checks);
        res.writeHead(report.ok ? 200 : 503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(JSON.stringify(report));
      }
      if (isApiPath(url.pathname)) {
        const upstream = await options.routes.lookup(req.method ?? 'GET', url.pathname);
        observe(res, method, upstream ? `(api:${upstream})` : '(unmatched)', started);
        if (!upstream) {
          drain(req);
          if (!options.routes.ready()) return sendEnvelope(res, 503, ResultCode.serverError, '服务启动中，请稍后再试');
          return sendEnvelope(res, 404, ResultCode.notFound, '请求地址不存在');
        }
        const limit = options.bodyLimit(url.pathname, req.headers['content-type'] ?? '');
        return proxy(req, res, options.upstreams[upstream], limit, client, (version) => options.routes.observe(upstream, version));
      }
      observe(res, method, '(web)', started);
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendEnvelope(res, 405, ResultCode.badRequest, '请求方法不支持');
      await serveWeb(res, options.webRoot, url.pathname, method);
    } catch (error) {
      // A path that is no URL (`%E0`) is the client's fault; anything else is ours, and its text stays in the log.
      const badPath = error instanceof URIError || (error as NodeJS.ErrnoException).code === 'ERR_INVALID_URL';
      if (badPath) logger.warn({ err: error, url: req.url }, 'edge: invalid path');
      else logger.error({ err: error, url: req.url }, 'edge failure');
      if (res.headersSent) res.destroy();
      else if (badPath) sendEnvelope(res, 400, ResultCode.badRequest, '请求地址无效');
      else sendEnvelope(res, 500, ResultCode.serverError, '服务器繁忙，请稍后再试');
    }
  };
  /** Every answer, whatever writes it, carries the security headers: they are set before anything else runs. */
  const begin = (req: IncomingMessage, res: ServerResponse) => {
    const client = clientOf(req, proxies);
    for (const [name, value] of Object.entries(securityHeaders(client.overTls))) res.setHeader(name, value as string);
    return client;
  };
  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  /**
   * The request id starts here: a client's own (if a plain token) or a new one, forwarded to the
   * service as X-Request-Id, echoed to the client, and in the context of every edge log line.
   */
  const server = http.createServer(
    {
      headersTimeout: Math.min(headersTimeout, requestTimeout),
      requestTimeout,
      // Node looks for expired requests this often (30 s by default): a fraction of the shortest limit.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(Math.min(headersTimeout, requestTimeout) / 4))),
    },
    (req, res) => {
      const started = performance.now();
      const client = begin(req, res);
      const requestId = requestIdOf(typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : undefined);
      req.headers['x-request-id'] = requestId;
      res.setHeader('X-Request-Id', requestId);
      void runInContext({ service: 'edge', requestId }, () => handle(req, res, started, client));
    },
  );
  server.setTimeout(IDLE_SOCKET_TIMEOUT_MS);
  // A request that cannot be read (bad request line, headers too large, too slow) gets an envelope, not node's bare status line.
  server.on('clientError', answerClientError);
  // A client that asks before sending (Expect: 100-continue; curl does above 1 MB) is refused
  // before it sends a body too large; it never sends one, so the connection closes.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    begin(req, res);
    const pathname = URL.parse(req.url ?? '/', 'http://edge')?.pathname ?? '/';
    const declared = Number(req.headers['content-length']);
    if (isApiPath(pathname) && declared > options.bodyLimit(pathname, req.headers['content-type'] ?? ''))
      return sendEnvelope(res, 413, ResultCode.tooLarge, '请求内容过大', { connection: 'close' });
    res.writeContinue();
    server.emit('request', req, res);
  });
  return server;
};
