import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';

/**
 * Lighthouse (a third-party audit) on the web app's routes, in Debian's Chromium: its default mobile
 * settings (simulated slow 4G and a 4× slower CPU) for /touch routes, its desktop preset for the
 * others. Playwright launches the browser with a profile of its own and a debugging port that
 * Lighthouse connects to; a signed-in route gets the session in localStorage first, where the web
 * app keeps it (web/src/api/session.ts; Lighthouse leaves localStorage alone between runs and clears
 * the HTTP cache, so each run is a first visit).
 */
export type LighthouseRoute = { path: string; preset: 'mobile' | 'desktop'; signedIn?: boolean };

export const LIGHTHOUSE_ROUTES: LighthouseRoute[] = [
  { path: '/touch/index', preset: 'mobile' },
  // Signed in: the insure form itself (an anonymous visitor is sent to the login page).
  { path: '/touch/insure', preset: 'mobile', signedIn: true },
  { path: '/index/index', preset: 'desktop' },
  { path: '/platform/orderInquiry', preset: 'desktop', signedIn: true },
];

export type LighthouseRow = {
  route: string;
  preset: LighthouseRoute['preset'];
  /** Category scores, 0–100. */
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Every response's transferred size (Lighthouse's total-byte-weight). */
  transferredBytes: number;
};

export type LighthouseOptions = {
  /** localStorage entries of a signed-in session (STORAGE_KEYS of web/src/api/session.ts), for routes with signedIn. */
  session?: Record<string, string>;
  chromePath?: string;
};

const debuggingPort = async (profile: string) => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const written = await readFile(path.join(profile, 'DevToolsActivePort'), 'utf8').catch(() => '');
    const port = Number(written.split('\n')[0]);
    if (port > 0) return port;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('bench/lighthouse.ts: Chromium wrote no DevToolsActivePort');
};

type Lhr = {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<
    string,
    | { score: number | null; scoreDisplayMode?: string; title: string; numericValue?: number; details?: unknown }
    | undefined
  >;
  runtimeError?: { message: string };
};

/**
 * One Lighthouse run per route, in one Chromium; `read` turns each report into a row. A signed-in
 * route gets the session in localStorage first.
 */
const runLighthouse = async <T>(
  baseUrl: string,
  routes: LighthouseRoute[],
  options: LighthouseOptions,
  categories: string[],
  read: (route: LighthouseRoute, lhr: Lhr) => T,
): Promise<T[]> => {
  const profile = await mkdtemp(path.join(tmpdir(), 'feibao-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: options.chromePath ?? process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    // Lighthouse emulates the device itself; a Playwright viewport would override it.
    viewport: null,
    args: ['--no-sandbox', '--remote-debugging-port=0'],
  });
  try {
    const port = await debuggingPort(profile);
    const useSession = async (signedIn: boolean) => {
      const page = await context.newPage();
      await page.goto(new URL('/404', baseUrl).href);
      await page.evaluate(
        ([entries, keep]) => {
          // Runs in the page (the bench compiles without the DOM's types).
          const storage = (
            globalThis as unknown as { localStorage: { clear(): void; setItem(key: string, value: string): void } }
          ).localStorage;
          storage.clear();
          if (keep) for (const [key, value] of Object.entries(entries)) storage.setItem(key, value);
        },
        [options.session ?? {}, signedIn] as const,
      );
      await page.close();
    };
    const rows: T[] = [];
    for (const route of routes) {
      if (route.signedIn && !options.session)
        throw new Error(`bench/lighthouse.ts: ${route.path} needs options.session`);
      await useSession(Boolean(route.signedIn));
      const result = await lighthouse(
        new URL(route.path, baseUrl).href,
        { port, output: 'json', logLevel: 'error', onlyCategories: categories },
        route.preset === 'desktop' ? desktopConfig : undefined,
      );
      const lhr = result?.lhr as Lhr | undefined;
      if (!lhr) throw new Error(`bench/lighthouse.ts: no report for ${route.path}`);
      if (lhr.runtimeError) throw new Error(`bench/lighthouse.ts: ${route.path}: ${lhr.runtimeError.message}`);
      rows.push(read(route, lhr));
    }
    return rows;
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
};

const score = (lhr: Lhr, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

export const lighthouseScores = (
  baseUrl: string,
  routes: LighthouseRoute[] = LIGHTHOUSE_ROUTES,
  options: LighthouseOptions = {},
): Promise<LighthouseRow[]> =>
  runLighthouse(baseUrl, routes, options, ['performance', 'accessibility'], (route, lhr) => {
    const value = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
    return {
      route: route.path,
      preset: route.preset,
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      fcpMs: Math.round(value('first-contentful-paint')),
      lcpMs: Math.round(value('largest-contentful-paint')),
      tbtMs: Math.round(value('total-blocking-time')),
      cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
      transferredBytes: Math.round(value('total-byte-weight')),
    };
  });

/**
 * The pages held to an accessibility score of 100 (docs/accessibility.md): both landing pages, the insure form
 * and the order list of both sites, the last two signed in as a customer with orders.
 */
export const ACCESSIBILITY_ROUTES: LighthouseRoute[] = [
  { path: '/index/index', preset: 'desktop' },
  { path: '/touch/index', preset: 'mobile' },
  { path: '/platform/insure', preset: 'desktop', signedIn: true },
  { path: '/touch/insure', preset: 'mobile', signedIn: true },
  { path: '/platform/orderInquiry', preset: 'desktop', signedIn: true },
  { path: '/touch/orderInquiry', preset: 'mobile', signedIn: true },
];

export type AccessibilityRow = {
  route: string;
  preset: LighthouseRoute['preset'];
  /** 0–100. */
  score: number;
  /** Each failing audit: its id and title, and the elements it names (selector or snippet). */
  failing: { id: string; title: string; items: string[] }[];
};

/** The elements a failing audit lists (its details' table of nodes). */
const auditItems = (details: unknown): string[] => {
  const items = (details as { items?: { node?: { selector?: string; snippet?: string } }[] } | undefined)?.items ?? [];
  return items.map((item) => item.node?.selector ?? item.node?.snippet ?? '').filter(Boolean);
};

/** Lighthouse's accessibility category alone (one pass per route), with what fails where. */
export const lighthouseAccessibility = (
  baseUrl: string,
  routes: LighthouseRoute[] = ACCESSIBILITY_ROUTES,
  options: LighthouseOptions = {},
): Promise<AccessibilityRow[]> =>
  runLighthouse(baseUrl, routes, options, ['accessibility'], (route, lhr) => ({
    route: route.path,
    preset: route.preset,
    score: score(lhr, 'accessibility'),
    failing: Object.entries(lhr.audits)
      .filter(([, audit]) => audit && audit.scoreDisplayMode === 'binary' && audit.score === 0)
      .map(([id, audit]) => ({ id, title: audit!.title, items: auditItems(audit!.details) })),
  }));

/**
 * `tsx bench/lighthouse.ts accessibility <base URL>`: lighthouseAccessibility on ACCESSIBILITY_ROUTES,
 * its rows as one JSON line on stdout; LIGHTHOUSE_SESSION holds the signed-in routes' localStorage
 * entries (JSON). The browser tests run it (tests/e2e/a11y.e2e.spec.ts) in a process of its own: in
 * theirs, Playwright's test runner would lay its own browser options over this browser's.
 */
if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url) &&
  process.argv[2] === 'accessibility'
) {
  const baseUrl = process.argv[3];
  if (!baseUrl) throw new Error('usage: tsx bench/lighthouse.ts accessibility <base URL>');
  const session = process.env.LIGHTHOUSE_SESSION
    ? (JSON.parse(process.env.LIGHTHOUSE_SESSION) as Record<string, string>)
    : undefined;
  const rows = await lighthouseAccessibility(baseUrl, ACCESSIBILITY_ROUTES, { session });
  process.stdout.write(`${JSON.stringify(rows)}\n`);
}

/** A markdown table for the bench's results file; performance ≥ 90 is one of the speed goals. */
export const lighthouseTableRows = (rows: LighthouseRow[]) => [
  '| route | preset | performance | accessibility | FCP | LCP | TBT | CLS | transferred |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (row) =>
      `| ${row.route} | ${row.preset} | ${row.performance}${row.performance >= 90 ? ' ✓' : ' ✗'} | ${row.accessibility} | ${(row.fcpMs / 1000).toFixed(1)} s | ${(row.lcpMs / 1000).toFixed(1)} s | ${row.tbtMs} ms | ${row.cls} | ${(row.transferredBytes / 1000).toFixed(0)} kB |`,
  ),
];
