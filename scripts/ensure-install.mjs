// `npm start` on a fresh clone: install the workspace's packages when they are missing
// or older than the lockfile. Plain Node, because nothing else is installed yet.
import { existsSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';

const marker = 'node_modules/.package-lock.json';
const stale =
  !existsSync(marker) ||
  (existsSync('package-lock.json') && statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs + 1000);
if (stale) {
  console.log('[start] installing npm packages (npm install)…');
  execSync('npm install --no-audit --no-fund', {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
}
