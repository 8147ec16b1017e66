/**
 * `npm run check:bundles` (one test of `npm test`): the JavaScript a first visit of each limited
 * route loads stays under bench/bundles.ts's limit (the first-load goal, docs/adr/0012-web-first-load.md: 250 kB of gzip on the landing page and
 * every mobile route). Reads web/dist's manifest; builds the web app first when web/dist is missing
 * or older than its sources (after the browser suite, whose platform start built it, it is not).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { FIRST_LOAD_LIMIT_BYTES, bundleTableRows, firstLoadSizes, kB, overLimit } from '../bench/bundles.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'web', 'dist');
const manifest = path.join(dist, '.vite', 'manifest.json');

const newestIn = (entry: string): number => {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(
    0,
    ...readdirSync(entry)
      .filter((name) => name !== 'node_modules' && name !== 'dist')
      .map((name) => newestIn(path.join(entry, name))),
  );
};

// The web app's inputs: its own files and the domain source it imports, and the installed packages.
const sources = [path.join(root, 'web'), path.join(root, 'domain', 'src'), path.join(root, 'package-lock.json')];
const built = existsSync(manifest) ? statSync(manifest).mtimeMs : 0;
if (built < Math.max(...sources.map(newestIn))) {
  console.log('[bundles] web/dist is missing or older than its sources: building it');
  const build = spawnSync('npm', ['run', '--silent', 'build:web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) {
    console.error('[bundles] the web build failed');
    process.exit(1);
  }
}

const rows = await firstLoadSizes(dist);
console.log(bundleTableRows(rows).join('\n'));
const over = overLimit(rows);
if (over.length) {
  console.error(`[bundles] first-load JavaScript over ${kB(FIRST_LOAD_LIMIT_BYTES)}:\n  ${over.join('\n  ')}`);
  process.exit(1);
}
