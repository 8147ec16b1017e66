import type { ServerResponse } from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ResultCode } from '@feibao/domain/shared/codes';
import { logger } from '@feibao/platform/logger';
import { sendEnvelope } from './answers.ts';
import { MAIN_ENTRY, spaEntryOf } from './webEntries.ts';
import { type Manifest, preloadLinkHeader, type RouteFeatures } from './webPreloads.ts';

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

/**
 * The build stores a brotli and a gzip copy beside each text file worth compressing
 * (web/precompress.ts, docs/adr/0012-web-first-load.md); the answer is the best copy the client
 * accepts. Compressed once at build time, at the highest levels, instead of per request.
 */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
export type ContentEncoding = (typeof PRECOMPRESSED)[number]['encoding'];

/** The encodings an Accept-Encoding header allows (a `q=0` refuses one), best first: brotli, then gzip. */
export const acceptedEncodings = (header: string | undefined): ContentEncoding[] => {
  const allowed = new Set<string>();
  let wildcard = false;
  const refused = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((item) => item.trim());
    const q = params.find((param) => param.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === '*') wildcard = accepted;
    else if (accepted) allowed.add(name);
    else refused.add(name);
  }
  return PRECOMPRESSED.map((variant) => variant.encoding).filter(
    (encoding) => allowed.has(encoding) || (wildcard && !refused.has(encoding)),
  );
};

const fileToSend = async (file: string, acceptEncoding: string | undefined) => {
  const accepted = acceptedEncodings(acceptEncoding);
  for (const { encoding, suffix } of PRECOMPRESSED) {
    if (!accepted.includes(encoding)) continue;
    const info = await stat(file + suffix).catch(() => null);
    if (info?.isFile()) return { path: file + suffix, size: info.size, encoding };
  }
  return { path: file, size: (await stat(file)).size, encoding: null };
};

const serveFile = async (res: ServerResponse, file: string, method: string, link?: string) => {
  const sent = await fileToSend(file, res.req?.headers['accept-encoding']);
  const ext = path.extname(file);
  const immutable = file.includes(`${path.sep}assets${path.sep}`);
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
    'content-length': sent.size,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    // Caches must keep each encoding apart, whichever this answer used.
    vary: 'Accept-Encoding',
    ...(sent.encoding ? { 'content-encoding': sent.encoding } : {}),
    ...(link ? { link } : {}),
  });
  if (method === 'HEAD') return res.end();
  // A file that vanishes between stat and read (a rebuild) cuts the answer short; it must not
  // become an unhandled stream error.
  createReadStream(sent.path)
    .on('error', (error) => {
      logger.warn({ err: error, file: sent.path }, 'web file unreadable');
      res.destroy();
    })
    .pipe(res);
};

/** The build's manifest and route table (web/dist/.vite) as last read, per web root; read again after a build. */
type BuildTables = { manifest: Manifest; features: RouteFeatures } | null;
const buildTables = new Map<string, { mtimeMs: number; tables: BuildTables }>();

const readJson = async <T>(file: string) => JSON.parse(await readFile(file, 'utf8')) as T;

const buildTablesOf = async (webRoot: string): Promise<BuildTables> => {
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  const info = await stat(manifestFile).catch(() => null);
  if (!info) return null;
  const known = buildTables.get(webRoot);
  if (known?.mtimeMs === info.mtimeMs) return known.tables;
  const tables = await Promise.all([
    readJson<Manifest>(manifestFile),
    readJson<RouteFeatures>(path.join(webRoot, '.vite', 'route-features.json')),
  ])
    .then(([manifest, features]) => ({ manifest, features }))
    .catch(() => null);
  buildTables.set(webRoot, { mtimeMs: info.mtimeMs, tables });
  return tables;
};

/** The Link header for a page of the customer app, or none (an older build, a shell page, the rule platform). */
const pagePreloads = async (webRoot: string, entry: string, pathname: string): Promise<string | undefined> => {
  if (entry !== MAIN_ENTRY) return undefined;
  const tables = await buildTablesOf(webRoot);
  if (!tables) return undefined;
  try {
    return preloadLinkHeader(tables.manifest, tables.features, entry, pathname);
  } catch (error) {
    // Tables of two different builds: the page still works, only without its preload.
    logger.warn({ err: error, pathname }, 'web preload skipped');
    return undefined;
  }
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
  const entry = spaEntryOf(decoded);
  return serveFile(res, path.join(webRoot, entry), method, await pagePreloads(webRoot, entry, decoded));
};
