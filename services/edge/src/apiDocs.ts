import { readFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { logger } from '@feibao/platform/logger';
import { OPENAPI_PART_PATH } from '@feibao/platform/http/routeTable';
import { type OpenApiPart, openApiDocument } from '@feibao/platform/http/openapi';
import { ResultCode } from '@feibao/domain/shared/codes';
import { sendEnvelope } from './answers.ts';
import type { Target, Upstream } from './routes.ts';

/** Where the document and its reference page live (docs/api/openapi.md). */
export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

const fetchPart = (target: Target): Promise<OpenApiPart> =>
  new Promise((resolve, reject) => {
    const request = http.get(
      { host: target.host, port: target.port, path: OPENAPI_PART_PATH, timeout: 5000 },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk) => {
          text += chunk;
        });
        answer.on('end', () => {
          try {
            const body = JSON.parse(text) as { data: OpenApiPart };
            if (answer.statusCode !== 200 || typeof body.data?.paths !== 'object')
              throw new Error(`OpenAPI part answered ${answer.statusCode}`);
            resolve(body.data);
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('OpenAPI part timed out')));
    request.on('error', reject);
  });

/**
 * The page is the viewer's own files served from here (the CSP allows scripts and styles of this
 * origin only, securityHeaders.ts, and the platform may run with no internet): no inline script,
 * no CDN. `docs.js` is ours and points the viewer at the document.
 */
const page = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>飞保 API</title>
<link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}/docs.js"></script>
</body>
</html>
`;
// Tags start folded: with every operation open the viewer stopped rendering after the first few tags of a
// document this size (about 150 paths), and a reader looks for one feature's calls anyway.
const starter = `window.ui = SwaggerUIBundle({ url: '${OPENAPI_PATH}', dom_id: '#swagger-ui', deepLinking: true, docExpansion: 'none' });\n`;
const viewerFiles: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};
const viewerRoot = () => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const send = (res: ServerResponse, method: string, contentType: string, body: string | Buffer, cache: string) => {
  res.writeHead(200, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(body),
    'cache-control': cache,
  });
  res.end(method === 'HEAD' ? undefined : body);
};

/**
 * `GET /api/openapi.json`: the services' parts joined (each describes its own routers, platform
 * http/openapi.ts), fetched again after `cacheMs`; `GET /api/docs`: the reference page. False
 * for any other request, which goes on to the services.
 */
export const createApiDocs = (upstreams: Record<Upstream, Target>, options: { version: string; cacheMs?: number }) => {
  const cacheMs = options.cacheMs ?? 5000;
  let cached: { at: number; body: string } | null = null;
  const document = async () => {
    if (cached && Date.now() - cached.at < cacheMs) return cached.body;
    const parts = await Promise.all((Object.keys(upstreams) as Upstream[]).map((name) => fetchPart(upstreams[name])));
    cached = { at: Date.now(), body: JSON.stringify(openApiDocument(parts, { version: options.version })) };
    return cached.body;
  };
  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> => {
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') return false;
    if (pathname === OPENAPI_PATH) {
      try {
        send(res, method, 'application/json; charset=utf-8', await document(), 'no-cache');
      } catch (error) {
        logger.warn({ err: error }, 'edge: OpenAPI parts unavailable');
        sendEnvelope(res, 503, ResultCode.unavailable, '服务启动中，请稍后再试');
      }
      return true;
    }
    if (pathname === API_DOCS_PATH || pathname === `${API_DOCS_PATH}/`) {
      send(res, method, 'text/html; charset=utf-8', page, 'no-cache');
      return true;
    }
    const file = pathname.startsWith(`${API_DOCS_PATH}/`) ? pathname.slice(API_DOCS_PATH.length + 1) : null;
    if (file === 'docs.js') {
      send(res, method, 'text/javascript; charset=utf-8', starter, 'no-cache');
      return true;
    }
    const type = file ? viewerFiles[file] : undefined;
    if (file && type) {
      send(res, method, type, await readFile(path.join(viewerRoot(), file)), 'public, max-age=3600');
      return true;
    }
    return false;
  };
};
export type ApiDocs = ReturnType<typeof createApiDocs>;
