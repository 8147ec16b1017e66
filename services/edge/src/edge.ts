import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ResultCode } from '@feibao/domain';
import { logger } from '@feibao/platform';
import { isApiPath, upstreamFor, type Upstream } from './routes.ts';

export type EdgeOptions = {
  upstreams: Record<Upstream, { host: string; port: number }>;
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

const sendEnvelope = (res: ServerResponse, status: number, code: number, message: string) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ code, message, data: null }));
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

const proxy = (req: IncomingMessage, res: ServerResponse, target: { host: string; port: number }) => {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  const client = req.socket.remoteAddress ?? '';
  // The edge is the trust boundary: what a client claims in X-Forwarded-For is replaced.
  headers['x-forwarded-for'] = client;
  headers['x-forwarded-proto'] = 'http';
  const upstream = http.request(
    { host: target.host, port: target.port, method: req.method, path: req.url, headers, agent, timeout: 60_000 },
    (answer) => {
      const out: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
    },
  );
  upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
  upstream.on('error', (error) => {
    logger.warn({ err: error, path: req.url }, 'upstream unavailable');
    if (!res.headersSent) sendEnvelope(res, 502, ResultCode.serverError, '服务暂不可用，请稍后再试');
    else res.destroy();
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
      if (isApiPath(url.pathname)) return proxy(req, res, options.upstreams[upstreamFor(req.method ?? 'GET', url.pathname)]);
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendEnvelope(res, 405, ResultCode.badRequest, '请求方法不支持');
      await serveWeb(req, res, options.webRoot, url.pathname);
    } catch (error) {
      logger.error({ err: error, url: req.url }, 'edge failure');
      if (!res.headersSent) sendEnvelope(res, 400, ResultCode.badRequest, '请求地址无效');
      else res.destroy();
    }
  });
