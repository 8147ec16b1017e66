import type { ServerResponse } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ResultCode } from '@feibao/domain';
import { logger } from '@feibao/platform';
import { sendEnvelope } from './answers.ts';
import { spaEntryOf } from './webEntries.ts';

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

const serveFile = async (res: ServerResponse, file: string, method: string) => {
  const info = await stat(file);
  const ext = path.extname(file);
  const immutable = file.includes(`${path.sep}assets${path.sep}`);
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
    'content-length': info.size,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (method === 'HEAD') return res.end();
  // A file that vanishes between stat and read (a rebuild) cuts the answer short; it must not
  // become an unhandled stream error.
  createReadStream(file)
    .on('error', (error) => {
      logger.warn({ err: error, file }, 'web file unreadable');
      res.destroy();
    })
    .pipe(res);
};

/** The built web app: its files, a JSON 404 for a missing asset, and the SPA entry for any page path. */
export const serveWeb = async (res: ServerResponse, webRoot: string | null, pathname: string, method: string) => {
  if (!webRoot) return sendEnvelope(res, 404, ResultCode.notFound, '网页未构建：请先运行 npm run build:web');
  const decoded = decodeURIComponent(pathname);
  const file = path.resolve(webRoot, `.${decoded}`);
  if (file.startsWith(webRoot + path.sep)) {
    const found = await stat(file).catch(() => null);
    if (found?.isFile()) return serveFile(res, file, method);
  }
  // A missing asset is a real 404; any other path is a client-side route of the SPA.
  if (decoded.startsWith('/assets/')) return sendEnvelope(res, 404, ResultCode.notFound, '文件不存在');
  return serveFile(res, path.join(webRoot, spaEntryOf(decoded)), method);
};
