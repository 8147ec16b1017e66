// `npm run typecheck`: every workspace's types with TypeScript 7's native tsc. Each project is
// checked even when an earlier one fails, so one run lists every finding; exits 1 on any error.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules', '.bin', 'tsc');

const projects = [
  ['backend, scripts, unit and integration tests', 'tsconfig.json'],
  ['web', 'web/tsconfig.json'],
  ['browser tests', 'tests/e2e/tsconfig.json'],
  ['bench', 'bench/tsconfig.json'],
];

const failed = [];
for (const [name, project] of projects) {
  const { status } = spawnSync(tsc, ['-p', project, '--noEmit', '--pretty'], { cwd: root, stdio: 'inherit' });
  if (status !== 0) failed.push(`${name} (${project})`);
}

if (failed.length) {
  console.error(`[typecheck] type errors in: ${failed.join('; ')}`);
  process.exit(1);
}
