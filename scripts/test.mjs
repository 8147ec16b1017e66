// `npm test`: unit and integration suites (vitest, real PostgreSQL and Redis), then the
// browser end-to-end suite (Playwright driving Debian's chromium) against the whole
// platform started exactly as `npm start` starts it. Ends with one "N passed, N failed" line.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SKIPPED_EXIT_CODE as AUDIT_SKIPPED } from './audit.mjs';

const root = path.resolve(import.meta.dirname, '..');
const results = mkdtempSync(path.join(tmpdir(), 'feibao-test-results-'));
const only = process.argv[2]; // optional: unit | int | e2e
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

const run = (command, args, env = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

const postgresAnswers = async (url) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
};

// 0. types of every workspace (TypeScript 7's native tsc: seconds), the linter with the
// import-boundary rules of biome.json (docs/architecture.md; any warning fails), and the
// advisories of the production dependencies (scripts/audit.mjs). Each check counts as one
// test in the summary line; an audit that could reach no advisory database counts as skipped.
if (!only || only === 'unit') {
  for (const check of ['typecheck', 'lint', 'format:check', 'audit']) {
    const code = await run('npm', ['run', '--silent', check]);
    if (code === 0) {
      totals.passed += 1;
    } else if (check === 'audit' && code === AUDIT_SKIPPED) {
      totals.skipped += 1;
    } else {
      totals.failed += 1;
      failedSteps.push(check);
    }
  }
}

// The first-load JavaScript limit (scripts/check-bundles.ts), one test: it reads web/dist, so it runs
// after the browser suite when that runs (its platform start has just built the web app), and on its
// own with the unit checks otherwise (building the web app only if its sources changed).
const checkBundles = async () => {
  if ((await run('npm', ['run', '--silent', 'check:bundles'])) === 0) {
    totals.passed += 1;
  } else {
    totals.failed += 1;
    failedSteps.push('bundle size');
  }
};
if (only === 'unit') await checkBundles();

// 1. unit + integration
if (!only || only === 'unit' || only === 'int') {
  const file = path.join(results, 'vitest.json');
  const projects =
    only === 'unit' ? ['--project', 'unit', '--project', 'web'] : only === 'int' ? ['--project', 'int'] : [];
  const code = await run('npx', [
    'vitest',
    'run',
    ...projects,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${file}`,
  ]);
  const report = readJson(file);
  if (report) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  }
  if (code !== 0) failedSteps.push('vitest');
}

// 2. browser end-to-end against the real platform
if (!only || only === 'e2e') {
  const id = `${Date.now().toString(36)}${process.pid}`;
  const port = Number(process.env.E2E_PORT ?? 3210);
  const env = {
    PORT: String(port),
    COMMAND_PORT: String(port + 1),
    QUERY_PORT: String(port + 2),
    WORKERS_PORT: String(port + 5),
    QUEUE_PREFIX: `feibao-e2e-${id}`,
    SMS_PROVIDER: 'dev',
    NODE_ENV: 'test',
    SCRYPT_N: '16384',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Each browser test registers several accounts from one address.
    SMS_HOURLY_PER_ADDRESS: '1000',
    // A test that signs in with a code right after registering need not wait out the minute.
    SMS_RESEND_SECONDS: '3',
    DATA_DIR: path.join(results, 'data'),
    EMBEDDED_PG_PORT: String(port + 3),
    SPAWNED_REDIS_PORT: String(port + 4),
    // The admin the browser tests sign in as (claims amendments); a fresh one per run.
    ADMIN_MOBILE: '19900000000',
    ADMIN_PASSWORD: `e2e-admin-${id}`,
    // Every captcha reads this (honoured only outside production with the dev SMS inbox): the
    // browser tests solve the rule platform's captcha as a person would.
    CAPTCHA_DEV_ANSWER: 'K7PX',
  };
  const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let database = null;
  if (await postgresAnswers(serverUrl)) {
    database = `feibao_e2e_${id}`;
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
  }
  const platform = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => platform.on('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  let healthy = false;
  for (let i = 0; i < 240 && !healthy && platform.exitCode === null; i++) {
    await new Promise((r) => setTimeout(r, 500));
    healthy = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
  }
  if (!healthy) {
    console.error('[test] the platform did not become healthy; end-to-end tests not run');
    failedSteps.push('e2e platform start');
  } else {
    const file = path.join(results, 'playwright.json');
    // E2E_FILES (space-separated spec names) narrows a local run to some files; CI runs all.
    const files = (process.env.E2E_FILES ?? '').split(/\s+/).filter(Boolean);
    // A narrowed run skips the dependency between the projects (the exclusive specs after the shared ones).
    const narrowed = files.length > 0 ? ['--no-deps', ...files] : [];
    const code = await run(
      'npx',
      ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json', ...narrowed],
      {
        E2E_BASE_URL: base,
        E2E_ADMIN_MOBILE: env.ADMIN_MOBILE,
        E2E_ADMIN_PASSWORD: env.ADMIN_PASSWORD,
        CAPTCHA_DEV_ANSWER: env.CAPTCHA_DEV_ANSWER,
        // The operations console test writes a malformed event straight into the store to park a projection.
        E2E_DATABASE_URL: env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${port + 3}/feibao`,
        PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      },
    );
    const report = readJson(file);
    if (report) {
      totals.passed += report.stats.expected;
      totals.failed += report.stats.unexpected + report.stats.flaky;
      totals.skipped += report.stats.skipped;
    }
    if (code !== 0) failedSteps.push('playwright');
  }
  platform.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (database) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

if (!only || only === 'e2e') await checkBundles();

rmSync(results, { recursive: true, force: true });
if (failedSteps.length) console.error(`[test] failed: ${failedSteps.join(', ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
