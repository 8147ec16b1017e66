import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

export const lighthouseScores = async (
  baseUrl: string,
  routes: LighthouseRoute[] = LIGHTHOUSE_ROUTES,
  options: LighthouseOptions = {},
): Promise<LighthouseRow[]> => {
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
          const storage = (globalThis as unknown as { localStorage: { clear(): void; setItem(key: string, value: string): void } }).localStorage;
          storage.clear();
          if (keep) for (const [key, value] of Object.entries(entries)) storage.setItem(key, value);
        },
        [options.session ?? {}, signedIn] as const,
      );
      await page.close();
    };
    const rows: LighthouseRow[] = [];
    for (const route of routes) {
      if (route.signedIn && !options.session) throw new Error(`bench/lighthouse.ts: ${route.path} needs options.session`);
      await useSession(Boolean(route.signedIn));
      const result = await lighthouse(
        new URL(route.path, baseUrl).href,
        { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
        route.preset === 'desktop' ? desktopConfig : undefined,
      );
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`bench/lighthouse.ts: no report for ${route.path}`);
      if (lhr.runtimeError) throw new Error(`bench/lighthouse.ts: ${route.path}: ${lhr.runtimeError.message}`);
      const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
      const value = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
      rows.push({
        route: route.path,
        preset: route.preset,
        performance: score('performance'),
        accessibility: score('accessibility'),
        fcpMs: Math.round(value('first-contentful-paint')),
        lcpMs: Math.round(value('largest-contentful-paint')),
        tbtMs: Math.round(value('total-blocking-time')),
        cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
        transferredBytes: Math.round(value('total-byte-weight')),
      });
    }
    return rows;
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
};

/** A markdown table for the bench's results file; performance ≥ 90 is issue 13's goal. */
export const lighthouseTableRows = (rows: LighthouseRow[]) => [
  '| route | preset | performance | accessibility | FCP | LCP | TBT | CLS | transferred |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (row) =>
      `| ${row.route} | ${row.preset} | ${row.performance}${row.performance >= 90 ? ' ✓' : ' ✗'} | ${row.accessibility} | ${(row.fcpMs / 1000).toFixed(1)} s | ${(row.lcpMs / 1000).toFixed(1)} s | ${row.tbtMs} ms | ${row.cls} | ${(row.transferredBytes / 1000).toFixed(0)} kB |`,
  ),
];
