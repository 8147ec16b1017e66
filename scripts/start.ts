/**
 * `npm start`: the whole platform on one origin. Starts the stores a bare machine lacks,
 * builds the web app and the server entries (compiled JavaScript in dist/, scripts/build.ts),
 * migrates, then runs two kinds of process: the combined process (edge, command and query
 * services in one, WEB_PROCESSES copies sharing the port: scripts/combined-main.ts) and the
 * workers. Each service can also run alone: npm run start:command | start:query | start:workers | start:edge.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@feibao/platform/config';
import { migrate } from '@feibao/platform/migrate';
import { readModelMigrations } from '@feibao/read-models/projections';
import { buildServer, serverDist } from './build.ts';
import { ensureRedis, persistentSecret, startEmbeddedPostgres, type LocalService } from './localServices.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data');
const env: NodeJS.ProcessEnv = { ...process.env };
const stores: LocalService[] = [];
const children: ChildProcess[] = [];
let stopping = false;

const say = (line: string) => process.stdout.write(`[start] ${line}\n`);

const stopAll = async (code: number) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  for (const store of stores.reverse()) await store.stop().catch(() => undefined);
  process.exit(code);
};
process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));

let databaseDescription = `PostgreSQL at ${env.DATABASE_URL}`;
if (!env.DATABASE_URL) {
  const pg = await startEmbeddedPostgres(dataDir, Number(env.EMBEDDED_PG_PORT ?? 54329));
  stores.push(pg);
  env.DATABASE_URL = pg.url;
  databaseDescription = pg.description;
}
let redisDescription = `Redis at ${env.REDIS_URL}`;
if (!env.REDIS_URL) {
  const redis = await ensureRedis(dataDir, Number(env.SPAWNED_REDIS_PORT ?? 63790));
  stores.push(redis);
  env.REDIS_URL = redis.url;
  redisDescription = redis.description;
}
const production = env.NODE_ENV === 'production';
env.JWT_SECRET ??= production ? undefined : persistentSecret(dataDir, 'jwt-secret');
if (!production && !env.ADMIN_MOBILE && !env.ADMIN_PASSWORD) {
  env.ADMIN_MOBILE = '19900000000';
  env.ADMIN_PASSWORD = persistentSecret(dataDir, 'dev-admin-password', 12);
}

// A demo quote should arrive within a minute: an insurer working day lasts 10 s in development.
if (!production) env.QUOTE_DAY_SECONDS ??= '10';
env.UPLOAD_DIR ??= path.join(dataDir, 'uploads');
const config = loadConfig(env);
const migrated = await migrate(config.databaseUrl, [readModelMigrations]);
if (migrated.applied.length > 0) say(`migrated the database: ${migrated.applied.join(', ')}`);

if (env.SKIP_WEB_BUILD !== '1') {
  say('building the web app…');
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'web', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (build.status !== 0) {
    say('web build failed');
    await stopAll(1);
  }
}

if (env.SKIP_SERVER_BUILD !== '1') {
  const built = await buildServer(['combined', 'workers']).catch((error: Error) => {
    say(`server build failed: ${error.message}`);
    return null;
  });
  if (!built) await stopAll(1);
  else say(`compiled the server entries in ${built.ms} ms`);
}

const services = [
  { name: 'combined', entry: 'combined.js' },
  { name: 'workers', entry: 'workers.js' },
];
for (const service of services) {
  const child = spawn(process.execPath, [path.join(serverDist, service.entry)], {
    cwd: root,
    env: { ...env, FEIBAO_SERVICE: service.name },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.once('exit', (code, signal) => {
    if (stopping) return;
    say(`${service.name} exited (${signal ?? code}); stopping the platform`);
    void stopAll(1);
  });
  children.push(child);
}

const base = `http://${config.host}:${config.port}`;
const deadline = Date.now() + 60_000;
let healthy = false;
let lastReport = '';
while (!healthy && Date.now() < deadline && !stopping) {
  await new Promise((r) => setTimeout(r, 500));
  try {
    const answer = await fetch(`${base}/healthz`);
    const report = (await answer.json()) as { checks?: Record<string, { ok: boolean; detail?: unknown }> };
    // Names what is still down, for the message if the platform never gets healthy.
    lastReport = Object.entries(report.checks ?? {})
      .filter(([, check]) => !check.ok)
      .map(
        ([name, check]) => `${name}: ${typeof check.detail === 'string' ? check.detail : JSON.stringify(check.detail)}`,
      )
      .join('; ');
    healthy = answer.ok;
  } catch {
    // not listening yet
  }
}
if (!healthy) {
  say(`the platform did not become healthy within 60 s: ${lastReport || 'the edge never answered /healthz'}`);
  await stopAll(1);
}

say('飞保 FeiBao is running');
say(`  web app        ${base}/index/index  (mobile: ${base}/touch/index)`);
say(`  API            ${base}/api/v1/uav/…   health: ${base}/healthz`);
say(
  `  processes      ${env.WEB_PROCESSES || `${os.availableParallelism()} (one per core)`} × edge + command + query in one process (WEB_PROCESSES), 1 × workers; compiled JavaScript in dist/`,
);
say(`  event store    ${databaseDescription}`);
say(`  read models    JSON documents in the same PostgreSQL`);
say(`  queue          ${redisDescription}`);
say(
  `  SMS provider   ${config.smsProvider}${config.smsProvider === 'dev' ? ` (codes at ${base}/api/v1/uav/dev/sms/latest?phone=…)` : ''}`,
);
say(
  `  payments       ${config.paymentProvider}${config.paymentProvider === 'dev' ? ` (simulated gateway; cashier at ${config.publicBaseUrl}/pay/<token>)` : ''}`,
);
if (config.adminMobile)
  say(
    `  admin account  ${config.adminMobile}${process.env.ADMIN_PASSWORD ? '' : ` / ${config.adminPassword} (dev password in ${path.join(dataDir, 'dev-admin-password')})`}`,
  );
say('Ctrl+C stops everything.');
