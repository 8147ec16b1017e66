/**
 * What one save-draft costs, statement by statement (bench/notes.md "What one save costs"). On a database
 * a bench run has already seeded (BENCH_DATABASE_URL, feibao_bench*; it is not recreated), with
 * pg_stat_statements loaded (shared_preload_libraries): starts the command service and the workers as the
 * bench does, warms up, resets pg_stat_statements, saves BENCH_SAVE_REQUESTS drafts at BENCH_CONCURRENCY,
 * waits until every projection has applied them, and prints every statement of this database with its
 * calls and time per save, PostgreSQL's commits and WAL per save, the CPU per save by process, and a
 * Redis MONITOR sample of the loop (commands per save by name). Run it through the bench lock.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Redis } from 'ioredis';
import { loadConfig } from '@feibao/platform/config';
import { createTokenService } from '@feibao/platform/tokens';
import { closeAgent, closedLoop, round } from './lib.ts';
import { phoneOf } from './seed.ts';
import { saveDraft } from './orders.ts';
import { benchPlatformEnv, platformProcesses, settleProjections } from './platform.ts';
import { cpuMeter, cpuLine } from './cpu.ts';
import { paymentBenchEnv } from './payments.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/feibao_bench';
if (!/\/feibao_bench[a-z0-9_]*$/.test(databaseUrl)) throw new Error('a feibao_bench* database only');
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const saves = Number(process.env.BENCH_SAVE_REQUESTS ?? 5_000);
const warmup = Number(process.env.BENCH_WARMUP ?? 1_000);

const env: NodeJS.ProcessEnv = { ...benchPlatformEnv(databaseUrl, redisUrl, '0.2'), ...paymentBenchEnv };
const log = (line: string) => process.stdout.write(`[profile ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const processes = platformProcesses(env);
const cpu = cpuMeter(processes.roles);
const settle = () => settleProjections(pool);
const dbStats = async () =>
  (
    await pool.query(
      `SELECT xact_commit::bigint AS commits, (SELECT wal_records FROM pg_stat_wal) AS wal_records,
              (SELECT wal_bytes FROM pg_stat_wal)::bigint AS wal_bytes, (SELECT wal_sync FROM pg_stat_wal) AS wal_sync
         FROM pg_stat_database WHERE datname = current_database()`,
    )
  ).rows[0] as Record<string, string>;

try {
  await pool.query(`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
  const [command] = await Promise.all([processes.start('command'), processes.start('workers')]);
  const tokens = createTokenService(loadConfig(env));
  const workerTokens = await Promise.all(
    Array.from({ length: concurrency }, (_, w) =>
      tokens.sign({
        sub: phoneOf(1 + w),
        sid: `bench-${phoneOf(1 + w)}`,
        roles: ['user'],
        guest: false,
        name: phoneOf(1 + w),
      }),
    ),
  );
  const call = (w: number) => saveDraft(command.port, workerTokens[w % concurrency]!).then(() => undefined);
  log(`warm-up: ${warmup} saves`);
  await closedLoop({ concurrency, total: warmup, maxSeconds: 60, call });
  await settle();
  await pool.query(`SELECT pg_stat_statements_reset()`);
  const before = await dbStats();
  // A Redis MONITOR sample over the whole loop: every command any client sends, counted by name.
  const monitored = new Redis(redisUrl);
  const monitor = await monitored.monitor();
  const redisCommands = new Map<string, number>();
  monitor.on('monitor', (_time: string, args: string[]) => {
    const name = `${String(args[0]).toUpperCase()}${
      args[0]?.toLowerCase().startsWith('eval')
        ? ` ${String(args[3] ?? '')
            .split(':')
            .slice(1)
            .join(':')
            .replace(/[0-9]{6,}/g, '…')}`
        : ''
    }`;
    redisCommands.set(name, (redisCommands.get(name) ?? 0) + 1);
  });
  log(`measuring: ${saves} saves at concurrency ${concurrency}`);
  const t0 = performance.now();
  const loop = await cpu.around(() => closedLoop({ concurrency, total: saves, maxSeconds: 120, call }));
  await settle();
  const settled = (performance.now() - t0) / 1000;
  monitor.disconnect();
  monitored.disconnect();
  const after = await dbStats();
  const n = loop.requests;
  log(
    `${loop.perSecond} saves/s, p99 ${loop.p99} ms, errors ${loop.errors}; applied by every projection after ${round(settled, 1)} s`,
  );
  log(`CPU per save: ${cpuLine(loop.cpuMsPerRequest)}`);
  log(
    `per save: ${round((Number(after.commits) - Number(before.commits)) / n, 2)} commits, ${round((Number(after.wal_records) - Number(before.wal_records)) / n, 1)} WAL records, ${round((Number(after.wal_bytes) - Number(before.wal_bytes)) / n, 0)} WAL bytes, ${round((Number(after.wal_sync) - Number(before.wal_sync)) / n, 2)} WAL syncs`,
  );
  const { rows } = await pool.query(
    `SELECT toplevel, calls::float8 AS calls, total_exec_time, rows::float8 AS rows, wal_records::float8 AS wal_records, query
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      ORDER BY total_exec_time DESC`,
  );
  let total = 0;
  console.log(
    '\n| calls / save | µs each | µs / save | rows / call | WAL rec / call | statement (nested: inside a function or trigger) |\n|---|---|---|---|---|---|',
  );
  for (const r of rows) {
    if (r.toplevel) total += r.total_exec_time;
    if (r.calls / n < 0.005 && (r.total_exec_time * 1000) / n < 1) continue;
    const text = String(r.query).replace(/\s+/g, ' ').slice(0, 160).replaceAll('|', '\\|');
    console.log(
      `| ${round(r.calls / n, 3)} | ${round((r.total_exec_time * 1000) / r.calls, 1)} | ${round((r.total_exec_time * 1000) / n, 1)} | ${round(r.rows / r.calls, 1)} | ${round(Number(r.wal_records) / r.calls, 1)} | ${r.toplevel ? '' : '(nested) '}${text} |`,
    );
  }
  console.log(`\nexecution time of every top-level statement: ${round((total * 1000) / n, 0)} µs per save`);
  console.log('\n| Redis command | per save |\n|---|---|');
  for (const [name, count] of [...redisCommands].sort((a, b) => b[1] - a[1]))
    console.log(`| ${name} | ${round(count / n, 3)} |`);
} finally {
  await processes.stopAll().catch(() => undefined);
  await pool.end();
  closeAgent();
}
