/**
 * The web's share of the bench: the first-load JavaScript of each route as the build emits it
 * (./bundles.ts, the same computation `npm test` limits) and Lighthouse's audit of four routes
 * (./lighthouse.ts) against the running entry, signed in where the route needs it.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleTableRows, FIRST_LOAD_LIMIT_BYTES, firstLoadSizes, kB, type FirstLoadRow } from './bundles.ts';
import { lighthouseScores, lighthouseTableRows, type LighthouseRow } from './lighthouse.ts';

export type WebResults = {
  bundles: FirstLoadRow[];
  limitBytes: number;
  lighthouse: LighthouseRow[];
  bundlesError?: string;
  lighthouseError?: string;
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = path.join(root, 'web', 'dist');

/** Builds the web app of this commit (the entry serves it, and its manifest gives the sizes). */
export const buildWeb = () => {
  const build = spawnSync('npm', ['run', 'build:web', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build:web failed');
};

export const measureWeb = async (o: {
  baseUrl: string;
  accessToken: string;
  user: { name: string; mobilePhone: string };
}): Promise<WebResults> => {
  // Neither part may lose the run's other figures: a failure is reported in the results instead.
  let bundlesError: string | undefined;
  const bundles = await firstLoadSizes(WEB_DIST).catch((error: Error) => {
    bundlesError = error.message;
    return [];
  });
  const session = {
    'feibao.accessToken': o.accessToken,
    'feibao.userInfo': JSON.stringify({ ...o.user, roles: ['user'] }),
  };
  try {
    return {
      bundles,
      bundlesError,
      limitBytes: FIRST_LOAD_LIMIT_BYTES,
      lighthouse: await lighthouseScores(o.baseUrl, undefined, { session }),
    };
  } catch (error) {
    return {
      bundles,
      bundlesError,
      limitBytes: FIRST_LOAD_LIMIT_BYTES,
      lighthouse: [],
      lighthouseError: (error as Error).message,
    };
  }
};

export const webGoals = (web: WebResults | undefined) => {
  if (!web) return [];
  const limited = web.bundles.filter((b) => b.limited);
  const heaviest = limited.reduce<FirstLoadRow | null>((a, b) => (!a || b.gzipBytes > a.gzipBytes ? b : a), null);
  const lowest = web.lighthouse.reduce<LighthouseRow | null>(
    (a, b) => (!a || b.performance < a.performance ? b : a),
    null,
  );
  return [
    {
      goal: `first load ≤ ${kB(web.limitBytes)} of gzip JavaScript on the landing page and every mobile route`,
      value: heaviest
        ? `${kB(heaviest.gzipBytes)} at most (${heaviest.route})`
        : `not measured${web.bundlesError ? `: ${web.bundlesError}` : ''}`,
      met: heaviest !== null && heaviest.gzipBytes <= web.limitBytes,
    },
    {
      goal: 'Lighthouse performance ≥ 90 on /touch/index, /touch/insure, /index/index, /platform/orderInquiry',
      value: lowest
        ? `${lowest.performance} at the lowest (${lowest.route})`
        : `not measured${web.lighthouseError ? `: ${web.lighthouseError}` : ''}`,
      met: lowest !== null && web.lighthouse.length === 4 && lowest.performance >= 90,
    },
  ];
};

export const webTableRows = (web: WebResults | undefined) => {
  if (!web) return [];
  return [
    '## Web',
    '',
    `First-load JavaScript per route (gzip; the entry, its static imports and the route's own chunks; \`npm test\` fails above ${kB(web.limitBytes)} on the limited rows):`,
    '',
    ...bundleTableRows(web.bundles, web.limitBytes),
    '',
    'Lighthouse (its default mobile throttling for /touch routes, the desktop preset for the others; the signed-in routes as the user with 1,000 orders):',
    '',
    ...(web.lighthouse.length
      ? lighthouseTableRows(web.lighthouse)
      : [`not measured${web.lighthouseError ? `: ${web.lighthouseError}` : ''}`]),
    '',
  ];
};
