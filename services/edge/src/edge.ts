import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { ResultCode } from '@feibao/domain/shared/codes';
import { logger } from '@feibao/platform/logger';
import { metricsFor } from '@feibao/platform/metrics';
import { requestIdOf } from '@feibao/platform/http/app';
import { runInContext } from '@feibao/platform/context';
import { answerClientError, sendEnvelope, sendUnavailable } from './answers.ts';
import { type Client, clientOf, type TrustedProxies } from './clients.ts';
import { drain } from './drain.ts';
import { type Forward, isApiPath, type RouteDirectory } from './routes.ts';
import { securityHeaders } from './securityHeaders.ts';
import { serveWeb } from './staticFiles.ts';

export type EdgeOptions = {
  /** How an API request reaches its service: relayed over HTTP, or handed to its app in this process. */
  forward: Forward;
  routes: RouteDirectory;
  /** Largest request body relayed to a path; a bigger one is refused here with 413. */
  bodyLimit: (path: string, contentType: string) => number;
  webRoot: string | null;
  health: () => Promise<{ ok: boolean; checks: unknown }>;
  /** The OpenAPI document and its reference page (apiDocs.ts); false for any other path. */
  apiDocs?: (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<boolean>;
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

const withoutDetails = (checks: unknown) =>
  Object.fromEntries(
    Object.entries(checks as Record<string, { ok?: boolean }>).map(([name, check]) => [
      name,
      { ok: check?.ok === true },
    ]),
  );

/** One origin for the browser: the web app, the API routed per path, and /healthz. */
export const createEdgeServer = (options: EdgeOptions) => {
  const proxies = options.trustedProxies ?? nobody;
  const handle = async (req: IncomingMessage, res: ServerResponse, started: number, client: Client) => {
    const method = req.method ?? 'GET';
    try {
      const url = new URL(req.url ?? '/', 'http://edge');
      if (options.internal && (await options.internal(req, res))) return observe(res, method, url.pathname, started);
      if (url.pathname === '/healthz') {
        observe(res, method, '/healthz', started);
        const report = await options.health();
        // Why a check failed names hosts, ports and errors of the internals: only for whoever may read those.
        if (!options.mayReadHealthDetails?.(req)) report.checks = withoutDetails(report.checks);
        res.writeHead(report.ok ? 200 : 503, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
        });
        return res.end(JSON.stringify(report));
      }
      if (options.apiDocs && (await options.apiDocs(req, res, url.pathname)))
        return observe(res, method, '(api-docs)', started);
      if (isApiPath(url.pathname)) {
        const upstream = await options.routes.lookup(req.method ?? 'GET', url.pathname);
        observe(res, method, upstream ? `(api:${upstream})` : '(unmatched)', started);
        if (!upstream) {
          drain(req);
          // Not one service has been reached yet: nothing was done, the same request may be sent again.
          if (!options.routes.ready()) return sendUnavailable(res, '服务启动中，请稍后再试');
          return sendEnvelope(res, 404, ResultCode.notFound, '请求地址不存在');
        }
        const limit = options.bodyLimit(url.pathname, req.headers['content-type'] ?? '');
        return options.forward(req, res, upstream, limit, client);
      }
      observe(res, method, '(web)', started);
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return sendEnvelope(res, 405, ResultCode.badRequest, '请求方法不支持');
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
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(1000, Math.floor(Math.min(headersTimeout, requestTimeout) / 4)),
      ),
    },
    (req, res) => {
      const started = performance.now();
      const client = begin(req, res);
      const requestId = requestIdOf(
        typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : undefined,
      );
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
