import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ResultCode } from '@feibao/domain';
import { logger, metricsFor, requestIdOf, ROUTE_TABLE_VERSION_HEADER, runInContext } from '@feibao/platform';
import { isApiPath, type RouteDirectory, type Target, type Upstream } from './routes.ts';
import { spaEntryOf } from './webEntries.ts';

export type EdgeOptions = {
  upstreams: Record<Upstream, Target>;
  routes: RouteDirectory;
  /** Largest request body relayed to a path; a bigger one is refused here with 413. */
  bodyLimit: (path: string, contentType: string) => number;
  webRoot: string | null;
  health: () => Promise<{ ok: boolean; checks: unknown }>;
  /** The edge's own /internal/health and /metrics (platform processes.ts); false for any other path. */
  internal?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
};

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

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

const sendEnvelope = (res: ServerResponse, status: number, code: number, message: string, headers: http.OutgoingHttpHeaders = {}) => {
  const body = JSON.stringify({ code, message, data: null });
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
};

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

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

const ROUTE_TABLE_HEADER = ROUTE_TABLE_VERSION_HEADER.toLowerCase();

const proxy = (
  req: IncomingMessage,
  res: ServerResponse,
  target: Target,
  limit: number,
  onTable: (version: string | string[] | undefined) => void,
) => {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return refuseTooLarge(req, res);
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  const client = req.socket.remoteAddress ?? '';
  // The edge is the trust boundary: what a client claims in X-Forwarded-For is replaced.
  headers['x-forwarded-for'] = client;
  headers['x-forwarded-proto'] = 'http';
  let answered = false;
  const upstream = http.request(
    { host: target.host, port: target.port, method: req.method, path: req.url, headers, agent, timeout: 60_000 },
    (answer) => {
      answered = true;
      onTable(answer.headers[ROUTE_TABLE_HEADER]);
      const out: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name) && name !== ROUTE_TABLE_HEADER) out[name] = value;
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
  upstream.on('error', (error) => {
    // The answer is being relayed (or the edge refused the body itself): a write error on
    // the rest of the body changes nothing.
    if (answered || res.headersSent) return;
    logger.warn({ err: error, path: req.url }, 'upstream unavailable');
    drain(req);
    sendEnvelope(res, 502, ResultCode.serverError, '服务暂不可用，请稍后再试');
  });
  req.pipe(upstream);
};

const serveFile = async (res: ServerResponse, file: string, method: string) => {
  const info = await stat(file);
  const ext = path.extname(file);
  const immutable = file.includes(`${path.sep}assets${path.sep}`);
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
    'content-length': info.size,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  if (method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
};

const serveWeb = async (req: IncomingMessage, res: ServerResponse, webRoot: string | null, pathname: string) => {
  if (!webRoot) return sendEnvelope(res, 404, ResultCode.notFound, '网页未构建：请先运行 npm run build:web');
  const decoded = decodeURIComponent(pathname);
  const file = path.resolve(webRoot, `.${decoded}`);
  if (file.startsWith(webRoot + path.sep)) {
    const found = await stat(file).catch(() => null);
    if (found?.isFile()) return serveFile(res, file, req.method ?? 'GET');
  }
  // A missing asset is a real 404; any other path is a client-side route of the SPA.
  if (decoded.startsWith('/assets/')) return sendEnvelope(res, 404, ResultCode.notFound, '文件不存在');
  return serveFile(res, path.join(webRoot, spaEntryOf(decoded)), req.method ?? 'GET');
};

/** One origin for the browser: the web app, the API routed per path, and /healthz. */
export const createEdgeServer = (options: EdgeOptions) => {
  const handle = async (req: IncomingMessage, res: ServerResponse, started: number) => {
    const method = req.method ?? 'GET';
    try {
      const url = new URL(req.url ?? '/', 'http://edge');
      if (options.internal && (await options.internal(req, res))) return observe(res, method, url.pathname, started);
      if (url.pathname === '/healthz') {
        observe(res, method, '/healthz', started);
        const report = await options.health();
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
        return proxy(req, res, options.upstreams[upstream], limit, (version) => options.routes.observe(upstream, version));
      }
      observe(res, method, '(web)', started);
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendEnvelope(res, 405, ResultCode.badRequest, '请求方法不支持');
      await serveWeb(req, res, options.webRoot, url.pathname);
    } catch (error) {
      logger.error({ err: error, url: req.url }, 'edge failure');
      if (!res.headersSent) sendEnvelope(res, 400, ResultCode.badRequest, '请求地址无效');
      else res.destroy();
    }
  };
  /**
   * The request id starts here: a client's own (if a plain token) or a new one, forwarded to the
   * service as X-Request-Id, echoed to the client, and in the context of every edge log line.
   */
  const server = http.createServer((req, res) => {
    const started = performance.now();
    const requestId = requestIdOf(typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : undefined);
    req.headers['x-request-id'] = requestId;
    res.setHeader('X-Request-Id', requestId);
    void runInContext({ service: 'edge', requestId }, () => handle(req, res, started));
  });
  // A client that asks before sending (Expect: 100-continue; curl does above 1 MB) is refused
  // before it sends a body too large; it never sends one, so the connection closes.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://edge');
    const declared = Number(req.headers['content-length']);
    if (isApiPath(url.pathname) && declared > options.bodyLimit(url.pathname, req.headers['content-type'] ?? ''))
      return sendEnvelope(res, 413, ResultCode.tooLarge, '请求内容过大', { connection: 'close' });
    res.writeContinue();
    server.emit('request', req, res);
  });
  return server;
};
