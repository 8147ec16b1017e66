import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { MAIN_ENTRY, RULES_ENTRY } from '@feibao/edge-service/webEntries';
import {
  type Manifest,
  type ManifestChunk,
  type RouteFeatures,
  lazyModulesOf,
  staticClosure,
} from '@feibao/edge-service/webPreloads';

/**
 * First-load JavaScript per route, read from the Vite build's manifest (web/dist/.vite/manifest.json):
 * the entry's chunk and its static imports, transitively, plus the lazily loaded chunk of the route's
 * feature (web/src/features.ts through web/src/routeFeatures.ts, as the edge preloads it) and its static imports. Each file is counted once, at its gzip size
 * (zlib's default level, as Vite's build report). Icons (fetched as they are drawn) and CSS are not
 * JavaScript; CSS is reported beside it. `npm test` holds the limited rows under the limit
 * (scripts/check-bundles.ts); `npm run bench` reports the same rows.
 */
export const FIRST_LOAD_LIMIT_BYTES = 250 * 1000;

export type BundleRoute = {
  route: string;
  /** Manifest key of the HTML entry the edge answers the route with (services/edge/src/webEntries.ts). */
  entry: string;
  /** Held under FIRST_LOAD_LIMIT_BYTES (the first-load goal: the landing page and every mobile route). */
  limited: boolean;
};

const route = (path: string, limited = true, entry = MAIN_ENTRY): BundleRoute => ({ route: path, entry, limited });

/** The landing page, every mobile route, and for the record a desktop list, the back office and the rule platform. */
export const BUNDLE_ROUTES: BundleRoute[] = [
  route('/index/index'),
  route('/touch/index'),
  route('/touch/user/login'),
  route('/touch/user/register'),
  route('/touch/user/passwordReset'),
  route('/touch/userInformation'),
  route('/touch/guide'),
  route('/touch/insure'),
  route('/touch/supportConcept'),
  route('/touch/orderInquiry'),
  route('/touch/applyForCompensation'),
  route('/touch/settlementOfClaim'),
  route('/touch/report'),
  route('/touch/invoice'),
  // Public verification: a phone scanning a policy's QR code opens it first.
  route('/verify/7K3M-9QX2-ZR4T-8VW1-BN6C-P5HD-JA'),
  route('/platform/orderInquiry', false),
  route('/backoffice/quotes', false),
  route('/rules', false, RULES_ENTRY),
];

export type FirstLoadRow = {
  route: string;
  files: string[];
  gzipBytes: number;
  cssGzipBytes: number;
  limited: boolean;
};

const gzipSize = async (file: string) => (await promisify(gzip)(await readFile(file))).length;

export const firstLoadSizes = async (
  distDir: string,
  routes: BundleRoute[] = BUNDLE_ROUTES,
): Promise<FirstLoadRow[]> => {
  const manifest = JSON.parse(await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  // The pages' feature modules as the build ships them to the edge (web/src/routeFeatures.ts), so that
  // a route counts what the edge tells its first visit to fetch.
  const features = JSON.parse(
    await readFile(path.join(distDir, '.vite', 'route-features.json'), 'utf8'),
  ) as RouteFeatures;
  const sizes = new Map<string, Promise<number>>();
  const sizeOf = (file: string) => {
    const known = sizes.get(file);
    if (known) return known;
    const size = gzipSize(path.join(distDir, file));
    sizes.set(file, size);
    return size;
  };
  const rows: FirstLoadRow[] = [];
  for (const { route, entry, limited } of routes) {
    const lazy = entry === MAIN_ENTRY ? lazyModulesOf(features, route) : [];
    let keys: Set<string>;
    try {
      keys = staticClosure(manifest, [entry, ...lazy]);
    } catch (error) {
      // A module renamed in App.tsx must fail loudly here rather than drop out of the count.
      throw new Error(`bench/bundles.ts: ${route}: ${(error as Error).message}`);
    }
    const chunks = [...keys].map((key) => manifest[key] as ManifestChunk);
    const files = [...new Set(chunks.map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
    const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
    const sum = async (list: string[]) => (await Promise.all(list.map(sizeOf))).reduce((a, b) => a + b, 0);
    rows.push({ route, files, gzipBytes: await sum(files), cssGzipBytes: await sum(css), limited });
  }
  return rows;
};

/** The rows over the limit, as lines for a failure message. */
export const overLimit = (rows: FirstLoadRow[], limit = FIRST_LOAD_LIMIT_BYTES) =>
  rows
    .filter((row) => row.limited && row.gzipBytes > limit)
    .map((row) => `${row.route}: ${kB(row.gzipBytes)} > ${kB(limit)}`);

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** A markdown table for the bench's results file. */
export const bundleTableRows = (rows: FirstLoadRow[], limit = FIRST_LOAD_LIMIT_BYTES) => [
  '| route | first-load JS (gzip) | CSS (gzip) | files | limit |',
  '| --- | ---: | ---: | ---: | --- |',
  ...rows.map(
    (row) =>
      `| ${row.route} | ${kB(row.gzipBytes)} | ${kB(row.cssGzipBytes)} | ${row.files.length} | ${row.limited ? (row.gzipBytes <= limit ? `≤ ${kB(limit)} ✓` : `> ${kB(limit)} ✗`) : '—'} |`,
  ),
];
