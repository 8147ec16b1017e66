import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ResultCode } from '@feibao/domain';
import { logger } from '@feibao/platform';
import { isApiPath, type RouteDirectory, type Target, type Upstream } from './routes.ts';

export type EdgeOptions = {
  upstreams: Record<Upstream, Target>;
  routes: RouteDirectory;
  /** Largest request body relayed to a path; a bigger one is refused here with 413. */
  bodyLimit: (path: string, contentType: string) => number;
  webRoot: string | null;
  health: () => Promise<{ ok: boolean; checks: unknown }>;
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
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify({ code, message, data: null }));
};

/**
 * Refuses an oversized body with the envelope and reads the rest of it away, so a client
 * still sending gets the answer instead of a reset connection; the connection then closes.
 */
const refuseTooLarge = (req: IncomingMessage, res: ServerResponse) => {
  req.unpipe();
  req.resume();
  if (!res.headersSent) sendEnvelope(res, 413, ResultCode.tooLarge, '请求内容过大', { connection: 'close' });
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

const proxy = (req: IncomingMessage, res: ServerResponse, target: Target, limit: number) => {
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
      const out: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
      // An upstream that answers before the body is in (a refusal) gets no more of it.
      const early = !req.complete;
      if (early) out.connection = 'close';
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
      answer.on('end', () => {
        if (!req.complete) {
          req.unpipe(upstream);
          req.resume();
          upstream.destroy();
        }
      });
    },
  );
  let received = 0;
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    // A chunked body has no declared length: count it.
    if (received > limit && !answered) {
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
    req.unpipe(upstream);
    req.resume();
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
  return serveFile(res, path.join(webRoot, 'index.html'), req.method ?? 'GET');
};

/** One origin for the browser: the web app, the API routed per path, and /healthz. */
export const createEdgeServer = (options: EdgeOptions) =>
  http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://edge');
      if (url.pathname === '/healthz') {
        const report = await options.health();
        res.writeHead(report.ok ? 200 : 503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(JSON.stringify(report));
      }
      if (isApiPath(url.pathname)) {
        const upstream = await options.routes.lookup(req.method ?? 'GET', url.pathname);
        if (!upstream) {
          req.resume();
          if (!options.routes.ready()) return sendEnvelope(res, 503, ResultCode.serverError, '服务启动中，请稍后再试');
          return sendEnvelope(res, 404, ResultCode.notFound, '请求地址不存在');
        }
        return proxy(req, res, options.upstreams[upstream], options.bodyLimit(url.pathname, req.headers['content-type'] ?? ''));
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendEnvelope(res, 405, ResultCode.badRequest, '请求方法不支持');
      await serveWeb(req, res, options.webRoot, url.pathname);
    } catch (error) {
      logger.error({ err: error, url: req.url }, 'edge failure');
      if (!res.headersSent) sendEnvelope(res, 400, ResultCode.badRequest, '请求地址无效');
      else res.destroy();
    }
  });
