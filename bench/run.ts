/**
 * `npm run bench`: the performance benchmark of FeiBao (not part of `npm test`).
 *
 *   1. recreate the bench database, seed BENCH_ORDERS orders of BENCH_USERS users and BENCH_CLAIMS claims
 *      (plus in-force orders to claim on) with set-based SQL
 *   2. (d) rebuild every read model from the seeded events: events/s (this also builds them)
 *   3. start command, query and workers as separate processes on ephemeral ports
 *   4. (b) order list page 1 and page 50 with totalCount for the user with 1,000 orders
 *   5. (a) raw single-row INSERTs/s at concurrency 32, then save-draft commands/s through HTTP
 *   6. (c) projection lag from the command's acknowledgement to the read model's commit
 *   7. (f) claim list, then (e) create + save claim commands through HTTP (./claims.ts)
 *   8. (h) inquiry acknowledged → order quoted, at the test time scale (./inquiry.ts)
 *   9. (g) the rule engine in process: whole quotes and the price range (./rules.ts)
 *  10. write bench/results/<name>.md and .json
 *
 * HTTP goes straight to the command and query services (not through the edge proxy).
 * Every request loop is bounded by a count and a time cap, and talks to 127.0.0.1 only.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  CHECKPOINT_CHANNEL,
  createPool,
  createTokenService,
  loadConfig,
  migrate,
  rebuildProjections,
} from '@feibao/platform';
import { allProjections, readModelMigrations } from '@feibao/read-models';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { closeAgent, closedLoop, expectOk, newHistogram, postJson, recordMs, round, summary, type LoadResult } from './lib.ts';
import { HEAVY_USER, phoneOf, seed, storedForm } from './seed.ts';
import { seedClaims, type ClaimSeedPlan } from './claimSeed.ts';
import { checkClaimReadModels, claimTableRows, measureClaims } from './claims.ts';
import { measureRules, rulesGoal, rulesTableRows } from './rules.ts';
import { inquiryCustomers, inquiryGoal, inquiryTableRows, measureInquiries, seedInquiryCustomers } from './inquiry.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const int = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw.replaceAll('_', ''));
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer`);
  return n;
};

const settings = {
  orders: int('BENCH_ORDERS', 1_000_000),
  users: int('BENCH_USERS', 100_000),
  heavyOrders: int('BENCH_HEAVY_ORDERS', 1_000),
  claims: int('BENCH_CLAIMS', 100_000),
  heavyClaims: int('BENCH_HEAVY_CLAIMS', 1_000),
  seedChunk: int('BENCH_SEED_CHUNK', 100_000),
  concurrency: int('BENCH_CONCURRENCY', 32),
  warmup: int('BENCH_WARMUP', 1_000),
  saveRequests: int('BENCH_SAVE_REQUESTS', 10_000),
  rawInserts: int('BENCH_RAW_INSERTS', 20_000),
  listConcurrency: int('BENCH_LIST_CONCURRENCY', 16),
  listRequests: int('BENCH_LIST_REQUESTS', 5_000),
  lagSamples: int('BENCH_LAG_SAMPLES', 1_000),
  lagRatePerSecond: int('BENCH_LAG_RATE', 50),
  maxSecondsPerLoop: int('BENCH_MAX_SECONDS', 120),
  ruleRounds: int('BENCH_RULE_ROUNDS', 200),
  inquiries: int('BENCH_INQUIRIES', 200),
  inquiryConcurrency: int('BENCH_INQUIRY_CONCURRENCY', 8),
  inquiryPollMs: int('BENCH_INQUIRY_POLL_MS', 20),
};
const resultName = process.env.BENCH_RESULT_NAME ?? 'latest';
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/feibao_bench';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
for (const url of [databaseUrl, redisUrl])
  if (!['127.0.0.1', 'localhost'].includes(new URL(url).hostname)) throw new Error(`bench talks to 127.0.0.1 only: ${url}`);
if (settings.users < 2 || settings.orders < settings.heavyOrders) throw new Error('need ≥ 2 users and ≥ BENCH_HEAVY_ORDERS orders');
const claimPlan: ClaimSeedPlan = {
  claims: settings.claims,
  heavyClaims: settings.heavyClaims,
  users: settings.users,
  // One in-force order per create + save pair (a policy may have one unfinished claim), warm-up included.
  inForceOrders: settings.saveRequests + settings.warmup,
  orderOwners: Math.min(settings.concurrency, settings.users - 1),
  chunk: settings.seedChunk,
};

const benchEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'development',
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  QUEUE_PREFIX: 'feibao-bench',
  JWT_SECRET: 'feibao-bench-secret-0123456789',
  SMS_PROVIDER: 'dev',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  ADMIN_MOBILE: '',
  ADMIN_PASSWORD: '',
  // (h): a working day of the simulated insurers lasts this long; no request times out meanwhile.
  QUOTE_DAY_SECONDS: process.env.BENCH_QUOTE_DAY_SECONDS || '0.2',
  QUOTE_DEADLINE_DAYS: '300',
};
const config = loadConfig(benchEnv);
const log = (line: string) => process.stdout.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

// ---------------------------------------------------------------- database
const recreateDatabase = async () => {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^feibao_bench[a-z0-9_]*$/.test(name)) throw new Error(`refusing to drop ${name}: the bench database must be feibao_bench*`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
};

// ---------------------------------------------------------------- platform processes
const children: ChildProcess[] = [];
const startRole = (role: 'command' | 'query' | 'workers') =>
  new Promise<number>((resolve, reject) => {
    const child = fork(path.join(here, 'serve.ts'), [role], { env: benchEnv, execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    children.push(child);
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
const stopChildren = async () => {
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null) return resolve();
          const timer = setTimeout(() => c.kill('SIGKILL'), 15_000);
          c.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          c.send('stop');
        }),
    ),
  );
};

// ---------------------------------------------------------------- projection lag
/**
 * The runner NOTIFYs `<projection>:<position>` in the transaction that moves its checkpoint,
 * so PostgreSQL delivers it only once the read model holding that position is committed:
 * lag = notification arrival − arrival of the command's acknowledgement (the append commit
 * happened before the ack left the command service, so this slightly understates the lag).
 */
const lagMeter = async () => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
  let visible = 0;
  let beforeAck = 0;
  let pending: { position: number; at: number }[] = [];
  let h = newHistogram();
  client.on('notification', (n) => {
    const payload = n.payload ?? '';
    const cut = payload.lastIndexOf(':');
    if (payload.slice(0, cut) !== 'orders') return;
    visible = Math.max(visible, Number(payload.slice(cut + 1)));
    const now = performance.now();
    pending = pending.filter((p) => {
      if (p.position > visible) return true;
      recordMs(h, now - p.at);
      return false;
    });
  });
  return {
    track(position: number, at: number) {
      if (position <= visible) {
        beforeAck++;
        recordMs(h, 0);
      } else pending.push({ position, at });
    },
    /** Waits for every tracked position, then returns and resets the histogram. */
    async collect(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (pending.length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const result = { ...summary(h), visibleBeforeAck: beforeAck, neverSeen: pending.length };
      h = newHistogram();
      pending = [];
      beforeAck = 0;
      return result;
    },
    close: () => client.end(),
  };
};

// ---------------------------------------------------------------- main
// BENCH_REPORT_ONLY=1 re-renders the markdown (e.g. after editing bench/notes.md) from the JSON;
// BENCH_RULES_ONLY=1 measures the rule engine (g) alone into the same JSON, then re-renders; BENCH_INQUIRY_ONLY=1 the same for (h).
const rulesOnly = process.env.BENCH_RULES_ONLY === '1';
const inquiryOnly = process.env.BENCH_INQUIRY_ONLY === '1';
const reportOnly = process.env.BENCH_REPORT_ONLY === '1' || rulesOnly || inquiryOnly;
const inquiries = (commandPort: number, queryPort: number, customers: string[]) =>
  measureInquiries({ tokens: createTokenService(config), commandPort, queryPort, customers, inquiries: settings.inquiries, concurrency: settings.inquiryConcurrency,
    pollMs: settings.inquiryPollMs, capSeconds: 60, maxSeconds: settings.maxSecondsPerLoop, quoteDaySeconds: config.quoteDaySeconds, quoteDeadlineDays: config.quoteDeadlineDays, log });
const jsonPath = path.join(here, 'results', `${resultName}.json`);
const results: Record<string, unknown> = reportOnly
  ? JSON.parse(readFileSync(jsonPath, 'utf8'))
  : { settings, startedAt: new Date().toISOString(), loadAverageAtStart: os.loadavg().map((l) => round(l, 2)) };
const started = performance.now();
if (rulesOnly) {
  results.rules = await measureRules({ rounds: settings.ruleRounds, log });
  (results.settings as typeof settings).ruleRounds = settings.ruleRounds;
}
if (inquiryOnly) try {
  await recreateDatabase();
  await migrate(databaseUrl, [readModelMigrations]);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect().then(() => seedInquiryCustomers(client, settings.inquiries, log)).finally(() => client.end());
  const [commandPort, queryPort] = await Promise.all([startRole('command'), startRole('query'), startRole('workers')]);
  results.inquiry = await inquiries(commandPort, queryPort, inquiryCustomers(settings.inquiries + 1, 0, settings.inquiries));
  Object.assign(results.settings as typeof settings, { inquiries: settings.inquiries, inquiryConcurrency: settings.inquiryConcurrency, inquiryPollMs: settings.inquiryPollMs });
} finally {
  await stopChildren().catch(() => undefined);
  closeAgent();
}
if (!reportOnly) try {
  log(`sizes: ${settings.orders} orders, ${settings.users} users (heavy user ${HEAVY_USER}: ${settings.heavyOrders} orders)`);
  await recreateDatabase();
  await migrate(databaseUrl, [readModelMigrations]);
  const pool = createPool(databaseUrl, settings.concurrency + 4);

  // ---- seed
  log('seeding events with set-based SQL');
  let t0 = performance.now();
  const seedClient = await pool.connect();
  try {
    await seed(seedClient, { orders: settings.orders, users: settings.users, heavyOrders: settings.heavyOrders, chunk: settings.seedChunk }, log);
    await seedClaims(seedClient, claimPlan, log);
  } finally {
    seedClient.release();
  }
  const seedSeconds = (performance.now() - t0) / 1000;
  t0 = performance.now();
  // A store this size would have been vacuumed by autovacuum long since; do it now so the
  // rebuild does not pay for setting hint bits on every page of a just-loaded table.
  await pool.query(`VACUUM (ANALYZE) emt_messages, emt_streams`);
  const vacuumSeconds = (performance.now() - t0) / 1000;
  const eventCount = Number((await pool.query(`SELECT count(*) AS n FROM emt_messages`)).rows[0].n);
  results.seed = {
    events: eventCount,
    seconds: round(seedSeconds, 1),
    eventsPerSecond: round(eventCount / seedSeconds, 0),
    vacuumSeconds: round(vacuumSeconds, 1),
    emtMessagesSize: (await pool.query(`SELECT pg_size_pretty(pg_total_relation_size('emt_messages_emt_default_active')) AS s`)).rows[0].s,
  };
  log(`seeded ${eventCount} events in ${seedSeconds.toFixed(1)} s (+${vacuumSeconds.toFixed(1)} s vacuum)`);

  // ---- (d) rebuild: also builds the read models the rest of the bench reads
  log('(d) rebuilding read models from the seeded events');
  t0 = performance.now();
  await rebuildProjections(pool, allProjections);
  const rebuildSeconds = (performance.now() - t0) / 1000;
  results.rebuild = {
    projections: allProjections.map((p) => p.name),
    events: eventCount,
    seconds: round(rebuildSeconds, 1),
    eventsPerSecond: round(eventCount / rebuildSeconds, 0),
  };
  log(`rebuilt in ${rebuildSeconds.toFixed(1)} s: ${Math.round(eventCount / rebuildSeconds)} events/s`);
  const counts = (await pool.query(
    `SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM order_list) AS list,
            (SELECT count(*) FROM user_profiles) AS users,
            (SELECT count(*) FROM order_list WHERE data->>'userName' = $1) AS heavy`,
    [HEAVY_USER],
  )).rows[0];
  const allOrders = settings.orders + claimPlan.inForceOrders;
  if (Number(counts.orders) !== allOrders || Number(counts.list) !== allOrders || Number(counts.users) !== settings.users || Number(counts.heavy) !== settings.heavyOrders)
    throw new Error(`read models do not match the seed: ${JSON.stringify(counts)}`);
  await checkClaimReadModels(pool, claimPlan);
  // The workers-only dispatchers (no read model) start at the head, as if they had long since
  // dispatched the seeded history: otherwise the in-force orders' inquiries would be sent to the
  // insurers again and every seeded submission would get an SLA timer that fires at once.
  await pool.query(
    `INSERT INTO feibao_projections (name, version, position, position_xid)
       SELECT name, 1, global_position, transaction_id
         FROM (SELECT global_position, transaction_id FROM emt_messages ORDER BY transaction_id DESC, global_position DESC LIMIT 1) head,
              unnest(ARRAY['insurer-dispatch', 'claim-timers', 'claim-picture-dispatch']) AS name
     ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, position_xid = EXCLUDED.position_xid`,
  );
  // As autovacuum does after a bulk insert: statistics, and the visibility map that lets the
  // list's count and offset walk stay inside the index.
  await pool.query(`VACUUM (ANALYZE) orders, order_list, user_profiles`);

  // ---- platform
  log('starting command, query and workers processes');
  const [commandPort, queryPort] = await Promise.all([startRole('command'), startRole('query'), startRole('workers')]);
  const tokens = createTokenService(config);
  const tokenFor = (phone: string) => tokens.sign({ sub: phone, sid: `bench-${phone}`, roles: ['user'], guest: false, name: phone });

  // ---- (b) order list
  const heavyToken = await tokenFor(HEAVY_USER);
  const listPage = async (currentPage: number) => {
    const answer = expectOk(await postJson(queryPort, '/api/v1/uav/order/page', { currentPage, pageSize: 20 }, heavyToken));
    if (answer.body.data.totalCount !== settings.heavyOrders || answer.body.data.datas.length !== 20)
      throw new Error(`unexpected page: ${answer.body.data.totalCount} total, ${answer.body.data.datas.length} rows`);
  };
  const list: Record<string, LoadResult> = {};
  for (const page of [1, 50]) {
    log(`(b) order list page ${page}: warm-up, then ${settings.listRequests} requests at concurrency ${settings.listConcurrency}, and 1,000 one at a time`);
    await closedLoop({ concurrency: settings.listConcurrency, total: Math.ceil(settings.listRequests / 10), maxSeconds: 60, call: () => listPage(page) });
    const loaded = await closedLoop({ concurrency: settings.listConcurrency, total: settings.listRequests, maxSeconds: settings.maxSecondsPerLoop, call: () => listPage(page) });
    const single = await closedLoop({ concurrency: 1, total: 1_000, maxSeconds: settings.maxSecondsPerLoop, call: () => listPage(page) });
    list[`page${page}`] = loaded;
    list[`page${page}Serial`] = single;
    log(`    ${loaded.perSecond} req/s, p99 ${loaded.p99} ms; one at a time p99 ${single.p99} ms`);
  }
  results.list = { user: HEAVY_USER, orders: settings.heavyOrders, pageSize: 20, concurrency: settings.listConcurrency, via: 'query service', ...list };

  // ---- (a) raw INSERT ceiling, then save-draft through HTTP
  const eventJson = JSON.stringify({
    form: storedForm(),
    owner: phoneOf(1),
    orderId: '00000000-0000-0000-0000-000000000000',
    orderNo: 'FB20260101000000',
    savedAt: new Date().toISOString(),
    orderType: 0,
  });
  await pool.query(`CREATE TABLE bench_raw_insert (id BIGSERIAL PRIMARY KEY, stream_id TEXT NOT NULL, data JSONB NOT NULL)`);
  const rawInsert = (i: number) =>
    pool.query(`INSERT INTO bench_raw_insert (stream_id, data) VALUES ($1, $2)`, [`raw-${i}`, eventJson]).then(() => undefined);
  log(`(a) raw single-row INSERTs: warm-up, then ${settings.rawInserts} at concurrency ${settings.concurrency}`);
  await closedLoop({ concurrency: settings.concurrency, total: settings.warmup, maxSeconds: 60, call: (_, i) => rawInsert(-i - 1) });
  const raw = await closedLoop({ concurrency: settings.concurrency, total: settings.rawInserts, maxSeconds: settings.maxSecondsPerLoop, call: (_, i) => rawInsert(i) });
  log(`    ${raw.perSecond} inserts/s, p99 ${raw.p99} ms`);

  const workerTokens = await Promise.all(Array.from({ length: settings.concurrency }, (_, w) => tokenFor(phoneOf(1 + (w % (settings.users - 1))))));
  const form = generalApplication();
  const lag = await lagMeter();
  const save = async (token: string) => {
    const answer = expectOk(await postJson(commandPort, '/api/v1/uav/order/save', form, token));
    const position = Number(answer.headers['x-consistency-token']);
    if (!(position > 0)) throw new Error('save answered without a consistency token');
    return position;
  };
  log(`(a) save-draft: warm-up, then ${settings.saveRequests} commands at concurrency ${settings.concurrency}`);
  await closedLoop({ concurrency: settings.concurrency, total: settings.warmup, maxSeconds: 60, call: (w) => save(workerTokens[w]!).then(() => undefined) });
  await lag.collect();
  const saves = await closedLoop({
    concurrency: settings.concurrency,
    total: settings.saveRequests,
    maxSeconds: settings.maxSecondsPerLoop,
    call: async (w) => lag.track(await save(workerTokens[w]!), performance.now()),
  });
  const lagUnderLoad = await lag.collect();
  log(`    ${saves.perSecond} commands/s, p99 ${saves.p99} ms (${round((100 * saves.perSecond) / raw.perSecond, 0)} % of raw INSERTs)`);
  results.save = {
    via: 'command service (POST /api/v1/uav/order/save, bearer token; not through the edge)',
    concurrency: settings.concurrency,
    rawInsert: raw,
    saveDraft: saves,
    ratio: round(saves.perSecond / raw.perSecond, 3),
    lagUnderSaturation: lagUnderLoad,
  };

  // ---- (c) projection lag at a steady rate
  log(`(c) projection lag: ${settings.lagSamples} saves at ${settings.lagRatePerSecond}/s`);
  const interval = 1000 / settings.lagRatePerSecond;
  const lagStart = performance.now();
  const inFlight: Promise<void>[] = [];
  let lagErrors = 0;
  for (let i = 0; i < settings.lagSamples; i++) {
    const wait = lagStart + i * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      save(workerTokens[i % workerTokens.length]!)
        .then((position) => lag.track(position, performance.now()))
        .catch(() => void lagErrors++),
    );
  }
  await Promise.all(inFlight);
  const steadyLag = await lag.collect();
  await lag.close();
  results.lag = { ratePerSecond: settings.lagRatePerSecond, samples: settings.lagSamples, errors: lagErrors, ...steadyLag };
  log(`    p50 ${steadyLag.p50} ms, p95 ${steadyLag.p95} ms`);

  // ---- (e), (f) the claims path
  results.claims = await measureClaims({
    pool,
    tokens,
    commandPort,
    queryPort,
    plan: claimPlan,
    concurrency: settings.concurrency,
    saveRequests: settings.saveRequests,
    warmup: settings.warmup,
    listConcurrency: settings.listConcurrency,
    listRequests: settings.listRequests,
    maxSeconds: settings.maxSecondsPerLoop,
    log,
  });
  // ---- (h) inquiry → quoted, on customers clear of the heavy user and the claims' order owners
  results.inquiry = await inquiries(commandPort, queryPort, inquiryCustomers(settings.users, claimPlan.orderOwners, settings.inquiries));

  await stopChildren();
  await pool.end();

  // ---- (g) the rule engine, in this process once the platform is stopped (it is CPU-bound)
  results.rules = await measureRules({ rounds: settings.ruleRounds, log });
} finally {
  await stopChildren().catch(() => undefined);
  closeAgent();
}

// ---------------------------------------------------------------- report
const environment = reportOnly ? (results.environment as Record<string, string | number>) : await (async () => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const setting = async (name: string) => (await client.query(`SELECT current_setting($1) AS v`, [name])).rows[0].v as string;
  const env = {
    postgres: (await client.query(`SHOW server_version`)).rows[0].server_version,
    shared_buffers: await setting('shared_buffers'),
    synchronous_commit: await setting('synchronous_commit'),
    fsync: await setting('fsync'),
    cpus: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    commit: execSync('git rev-parse --short HEAD', { cwd: here }).toString().trim(),
  };
  await client.end();
  return env;
})();
results.environment = environment;
if (!reportOnly) {
  results.totalSeconds = round((performance.now() - started) / 1000, 0);
  results.loadAverageAtEnd = os.loadavg().map((l) => round(l, 2));
}
const shown = results.settings as typeof settings;

const r = results as any;
const goals = [
  { goal: 'save-draft ≥ 40 % of raw INSERT ceiling', value: `${round(r.save.ratio * 100, 0)} %`, met: r.save.ratio >= 0.4 },
  {
    goal: `order list p99 ≤ 30 ms (page 1 / page 50, concurrency ${shown.listConcurrency})`,
    value: `${r.list.page1.p99} / ${r.list.page50.p99} ms (one at a time: ${r.list.page1Serial.p99} / ${r.list.page50Serial.p99} ms)`,
    met: r.list.page1.p99 <= 30 && r.list.page50.p99 <= 30,
  },
  { goal: 'projection lag p95 ≤ 100 ms', value: `${r.lag.p95} ms`, met: r.lag.p95 <= 100 },
  { goal: 'rebuild ≥ 5,000 events/s', value: `${r.rebuild.eventsPerSecond} events/s`, met: r.rebuild.eventsPerSecond >= 5000 },
  ...(r.rules ? [rulesGoal(r.rules)] : []),
  ...(r.inquiry ? [inquiryGoal(r.inquiry)] : []),
];
results.goals = goals;

const md = [
  `# FeiBao benchmark — ${resultName}`,
  '',
  `${r.startedAt} · commit ${environment.commit} · ${environment.cpus} cores, ${environment.memoryGb} GB · PostgreSQL ${environment.postgres} (shared_buffers ${environment.shared_buffers}, synchronous_commit ${environment.synchronous_commit}, fsync ${environment.fsync}) · Node ${environment.node} · total ${r.totalSeconds} s · load average (1/5/15 min) ${r.loadAverageAtStart.join(' / ')} at start, ${r.loadAverageAtEnd.join(' / ')} at end (the machine is shared)`,
  '',
  `Seed: ${shown.orders.toLocaleString('en')} orders across ${shown.users.toLocaleString('en')} users${r.claims ? `, ${r.claims.claims.toLocaleString('en')} claims (${r.claims.submittedClaims.toLocaleString('en')} submitted) and ${r.claims.inForceOrders.toLocaleString('en')} in-force orders to claim on` : ''} = ${r.seed.events.toLocaleString('en')} events, written in ${r.seed.seconds} s (${r.seed.eventsPerSecond.toLocaleString('en')} events/s, set-based SQL) + ${r.seed.vacuumSeconds} s VACUUM ANALYZE; emt_messages ${r.seed.emtMessagesSize}.`,
  '',
  '## Results',
  '',
  '| measurement | throughput | p50 | p95 | p99 | max | requests (errors) |',
  '|---|---|---|---|---|---|---|',
  `| (a) raw single-row INSERT, concurrency ${shown.concurrency} (ceiling) | ${r.save.rawInsert.perSecond} /s | ${r.save.rawInsert.p50} ms | ${r.save.rawInsert.p95} ms | ${r.save.rawInsert.p99} ms | ${r.save.rawInsert.max} ms | ${r.save.rawInsert.requests} (${r.save.rawInsert.errors}) |`,
  `| (a) save-draft over HTTP, concurrency ${shown.concurrency} | ${r.save.saveDraft.perSecond} /s (${round(r.save.ratio * 100, 0)} % of ceiling) | ${r.save.saveDraft.p50} ms | ${r.save.saveDraft.p95} ms | ${r.save.saveDraft.p99} ms | ${r.save.saveDraft.max} ms | ${r.save.saveDraft.requests} (${r.save.saveDraft.errors}) |`,
  `| (b) order list page 1 + totalCount, concurrency ${shown.listConcurrency} | ${r.list.page1.perSecond} req/s | ${r.list.page1.p50} ms | ${r.list.page1.p95} ms | ${r.list.page1.p99} ms | ${r.list.page1.max} ms | ${r.list.page1.requests} (${r.list.page1.errors}) |`,
  `| (b) order list page 50 + totalCount, concurrency ${shown.listConcurrency} | ${r.list.page50.perSecond} req/s | ${r.list.page50.p50} ms | ${r.list.page50.p95} ms | ${r.list.page50.p99} ms | ${r.list.page50.max} ms | ${r.list.page50.requests} (${r.list.page50.errors}) |`,
  `| (b) order list page 1, one request at a time | ${r.list.page1Serial.perSecond} req/s | ${r.list.page1Serial.p50} ms | ${r.list.page1Serial.p95} ms | ${r.list.page1Serial.p99} ms | ${r.list.page1Serial.max} ms | ${r.list.page1Serial.requests} (${r.list.page1Serial.errors}) |`,
  `| (b) order list page 50, one request at a time | ${r.list.page50Serial.perSecond} req/s | ${r.list.page50Serial.p50} ms | ${r.list.page50Serial.p95} ms | ${r.list.page50Serial.p99} ms | ${r.list.page50Serial.max} ms | ${r.list.page50Serial.requests} (${r.list.page50Serial.errors}) |`,
  `| (c) projection lag, ${shown.lagRatePerSecond} saves/s | — | ${r.lag.p50} ms | ${r.lag.p95} ms | ${r.lag.p99} ms | ${r.lag.max} ms | ${r.lag.count} (${r.lag.errors}) |`,
  `| (c′) projection lag under the saturating save-draft load | — | ${r.save.lagUnderSaturation.p50} ms | ${r.save.lagUnderSaturation.p95} ms | ${r.save.lagUnderSaturation.p99} ms | ${r.save.lagUnderSaturation.max} ms | ${r.save.lagUnderSaturation.count} |`,
  `| (d) rebuild (${r.rebuild.projections.join(', ')}) over ${r.rebuild.events.toLocaleString('en')} events | ${r.rebuild.eventsPerSecond.toLocaleString('en')} events/s | | | | | ${r.rebuild.seconds} s |`,
  ...claimTableRows(r.claims),
  ...rulesTableRows(r.rules),
  ...inquiryTableRows(r.inquiry),
  '',
  '## Goals',
  '',
  '| goal | reached | met |',
  '|---|---|---|',
  ...goals.map((g) => `| ${g.goal} | ${g.value} | ${g.met ? 'yes' : '**no**'} |`),
  '',
];
const notes = path.join(here, 'notes.md');
if (existsSync(notes)) md.push(readFileSync(notes, 'utf8'));
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(jsonPath, `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(path.join(here, 'results', `${resultName}.md`), `${md.join('\n')}\n`);
log(`wrote bench/results/${resultName}.md and .json`);
console.log(`\n${md.slice(0, md.indexOf('## Goals') + 4 + goals.length + 1).join('\n')}`);
