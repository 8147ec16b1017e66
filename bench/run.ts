/**
 * `npm run bench`: the performance benchmark of FeiBao (not part of `npm test`).
 *
 *   1. recreate the bench database, seed BENCH_ORDERS orders of BENCH_USERS users and BENCH_CLAIMS claims
 *      (plus in-force orders to claim on) with set-based SQL
 *   2. (d) rebuild every read model from the seeded events: events/s (this also builds them)
 *   3. start command, query and workers as separate processes on ephemeral ports
 *   4. (b) order list page 1 and page 50 with totalCount for the user with 1,000 orders
 *      (b/f) page 1 of both lists per customer size (BENCH_LIST_TIERS), (v) for 10,000 orders,
 *      (q) the 对比 comparison after (h), all through the entry (./tiers.ts)
 *   5. (a) raw single-row INSERTs/s at concurrency 32, (a′) Emmett's own append with and without an inline
 *      Pongo projection (./peers.ts), then save-draft commands/s through HTTP
 *      (n) the payment notify endpoint at the command service: genuine, repeated, forged (./payments.ts)
 *   6. (c) projection lag from the command's acknowledgement to the read model's commit
 *   7. (f) claim list, then (e) create + save claim commands through HTTP (./claims.ts)
 *   8. (h) inquiry acknowledged → order quoted, at the test time scale (./inquiry.ts)
 *   9. (g) the rule engine in process: whole quotes and the price range (./rules.ts)
 *      (p) the electronic policy rendered in process, 1 and 50 drones (./documents.ts)
 *  10. write bench/results/<name>.md and .json
 *
 * HTTP goes straight to the command and query services (not through the edge proxy).
 * Every request loop is bounded by a count and a time cap, and talks to 127.0.0.1 only.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPool } from '@feibao/platform/db';
import { createRedis } from '@feibao/platform/redis';
import { createTokenService } from '@feibao/platform/tokens';
import { loadConfig } from '@feibao/platform/config';
import { migrate } from '@feibao/platform/migrate';
import { rebuildProjections } from '@feibao/platform/projections/runner';
import { allProjections, readModelMigrations } from '@feibao/read-models/projections';
import { closeAgent, closedLoop, openLoop, plain, round, type LoadResult } from './lib.ts';
import { HEAVY_USER, phoneOf, seed, storedForm } from './seed.ts';
import { seedClaims, type ClaimSeedPlan } from './claimSeed.ts';
import { checkClaimReadModels, CLAIM_LIST_PATH, measureClaims } from './claims.ts';
import { measureRules } from './rules.ts';
import { measureDocuments } from './documents.ts';
import { measurePayments, paymentBenchEnv } from './payments.ts';
import { measurePeers } from './peers.ts';
import { inquiryCustomers, measureInquiries, seedInquiryCustomers } from './inquiry.ts';
import { readHistory, recordHistory } from './history.ts';
import { bareBaseline, listPage, measured, measureJustSavedVisible, measureSaveDraft, saveDraft } from './orders.ts';
import { benchPlatformEnv, lagMeter, platformProcesses, settleProjections, type Role } from './platform.ts';
import { historyRowOf, renderReport } from './report.ts';
import { buildWeb, measureWeb } from './web.ts';
import { cpuMeter } from './cpu.ts';
import { jobsRecoveredMarker } from '@feibao/workers/recovery';
import { checkTierCounts, claimOwnersOf, orderOwnersOf, parseTiers, planTiers } from './tierPlan.ts';
import { measureComparison, measureTierLists, measureVisibleTier } from './tiers.ts';

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
  listConcurrency: int('BENCH_LIST_CONCURRENCY', 32),
  listRequests: int('BENCH_LIST_REQUESTS', 5_000),
  lagSamples: int('BENCH_LAG_SAMPLES', 1_000),
  lagRatePerSecond: int('BENCH_LAG_RATE', 50),
  maxSecondsPerLoop: int('BENCH_MAX_SECONDS', 120),
  ruleRounds: int('BENCH_RULE_ROUNDS', 200),
  documentRounds: int('BENCH_DOCUMENT_ROUNDS', 30),
  inquiries: int('BENCH_INQUIRIES', 200),
  inquiryConcurrency: int('BENCH_INQUIRY_CONCURRENCY', 8),
  inquiryPollMs: int('BENCH_INQUIRY_POLL_MS', 20),
  entryConnections: int('BENCH_WEB_DB_CONNECTIONS', 48),
  paymentOrders: int('BENCH_PAYMENT_ORDERS', 200),
  paymentRepeats: int('BENCH_PAYMENT_REPEATS', 2_000),
  paymentForged: int('BENCH_PAYMENT_FORGED', 2_000),
  // One customer per size holds that many orders (and claims): ./tierPlan.ts.
  listTiers: parseTiers(process.env.BENCH_LIST_TIERS),
  visibleTier: int('BENCH_VISIBLE_TIER', 10_000),
};
const entryConnections = settings.entryConnections;
const resultName = process.env.BENCH_RESULT_NAME ?? 'latest';
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/feibao_bench';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
for (const url of [databaseUrl, redisUrl])
  if (!['127.0.0.1', 'localhost'].includes(new URL(url).hostname))
    throw new Error(`bench talks to 127.0.0.1 only: ${url}`);
if (settings.users < 2 || settings.orders < settings.heavyOrders)
  throw new Error('need ≥ 2 users and ≥ BENCH_HEAVY_ORDERS orders');
const orderOwners = Math.min(settings.concurrency, settings.users - 1);
// The tiers' customers come right after the claims' order owners (users 1…orderOwners, who also save in (a)).
const tierPlan = planTiers({
  tiers: settings.listTiers,
  orders: settings.orders,
  claims: settings.claims,
  users: settings.users,
  heavyOrders: settings.heavyOrders,
  heavyClaims: settings.heavyClaims,
  base: orderOwners + 1,
  reservedTop: settings.inquiries + settings.concurrency + settings.paymentOrders,
});
const claimPlan: ClaimSeedPlan = {
  claims: settings.claims,
  heavyClaims: settings.heavyClaims,
  owners: claimOwnersOf(tierPlan, settings.heavyClaims),
  users: settings.users,
  // One in-force order per create + save pair (a policy may have one unfinished claim), warm-up included.
  inForceOrders: settings.saveRequests + settings.warmup,
  orderOwners,
  chunk: settings.seedChunk,
};
/** Users 1 … this many are spoken for (order owners, tier customers): (h) and (n) take theirs from the top. */
const lowReserved = claimPlan.orderOwners + tierPlan.block;

const benchEnv: NodeJS.ProcessEnv = {
  // (h): a working day of the simulated insurers lasts this long.
  ...benchPlatformEnv(databaseUrl, redisUrl, process.env.BENCH_QUOTE_DAY_SECONDS || '0.2'),
  // (n): no purchase lapses, is reconciled or is underwritten while the notify loops run (./payments.ts).
  ...paymentBenchEnv,
};
const config = loadConfig(benchEnv);
const log = (line: string) => process.stdout.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

// ---------------------------------------------------------------- database
const recreateDatabase = async () => {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^feibao_bench[a-z0-9_]*$/.test(name))
    throw new Error(`refusing to drop ${name}: the bench database must be feibao_bench*`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
};

/**
 * The bench's Redis keys start empty, as its database does: jobs and counters an earlier run left
 * (for orders that no longer exist) are removed. The job-recovery marker is then set, as in a Redis
 * that has always held the jobs: without it the workers would re-create an SLA timer for every
 * seeded submitted claim at start, all overdue at once, and fire them during the measurements
 * (the dispatchers start at the head for the same reason).
 */
const resetRedis = async () => {
  const prefix = benchEnv.QUEUE_PREFIX as string;
  const redis = createRedis(redisUrl);
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 1_000 }) as AsyncIterable<string[]>)
      if (keys.length > 0) await redis.del(...keys);
    await redis.set(jobsRecoveredMarker(prefix), new Date().toISOString());
  } finally {
    redis.disconnect();
  }
};

// ---------------------------------------------------------------- platform processes
const processes = platformProcesses(benchEnv);
const startRole = (role: Role, args?: string[]) => processes.start(role, args);
const cpu = cpuMeter(processes.roles);
const stopChildren = () => processes.stopAll();

// ---------------------------------------------------------------- main
// BENCH_REPORT_ONLY=1 re-renders the markdown (e.g. after editing bench/notes.md) from the JSON;
// BENCH_RULES_ONLY=1 measures the rule engine (g) alone into the same JSON, then re-renders; BENCH_INQUIRY_ONLY=1 the same for (h).
const rulesOnly = process.env.BENCH_RULES_ONLY === '1';
const inquiryOnly = process.env.BENCH_INQUIRY_ONLY === '1';
// BENCH_DOCUMENTS_ONLY=1: the policy PDF render (p) alone, the same way.
const documentsOnly = process.env.BENCH_DOCUMENTS_ONLY === '1';
// BENCH_PAYMENTS_ONLY=1: the payment notify endpoint (n) alone, on a fresh feibao_bench holding just its customers.
const paymentsOnly = process.env.BENCH_PAYMENTS_ONLY === '1';
const reportOnly = process.env.BENCH_REPORT_ONLY === '1' || rulesOnly || inquiryOnly || documentsOnly || paymentsOnly;
const inquiries = (commandPort: number, queryPort: number, customers: string[]) =>
  measureInquiries({
    tokens: createTokenService(config),
    commandPort,
    queryPort,
    customers,
    inquiries: settings.inquiries,
    concurrency: settings.inquiryConcurrency,
    pollMs: settings.inquiryPollMs,
    capSeconds: 60,
    maxSeconds: settings.maxSecondsPerLoop,
    quoteDaySeconds: config.quoteDaySeconds,
    quoteDeadlineDays: config.quoteDeadlineDays,
    log,
  });
/** (n) at the command service; the first BENCH_CONCURRENCY customers' orders warm the loops up. */
const payments = async (commandPort: number, queryPort: number, customers: string[], pool: pg.Pool) => ({
  commit: execSync('git rev-parse --short HEAD', { cwd: here }).toString().trim(),
  ...(await measurePayments({
    pool,
    tokens: createTokenService(config),
    commandPort,
    queryPort,
    customers,
    warmup: settings.concurrency,
    setupConcurrency: settings.inquiryConcurrency,
    concurrency: settings.concurrency,
    repeats: settings.paymentRepeats,
    forged: settings.paymentForged,
    maxSeconds: settings.maxSecondsPerLoop,
    cpu,
    log,
  })),
});
const paymentCustomers = settings.concurrency + settings.paymentOrders;
const jsonPath = path.join(here, 'results', `${resultName}.json`);
const results: Record<string, unknown> = reportOnly
  ? JSON.parse(readFileSync(jsonPath, 'utf8'))
  : { settings, startedAt: new Date().toISOString(), loadAverageAtStart: os.loadavg().map((l) => round(l, 2)) };
const started = performance.now();
if (rulesOnly) {
  results.rules = await measureRules({ rounds: settings.ruleRounds, log });
  (results.settings as typeof settings).ruleRounds = settings.ruleRounds;
}
if (documentsOnly) results.documents = await measureDocuments({ rounds: settings.documentRounds, log });
if (inquiryOnly)
  try {
    await recreateDatabase();
    await resetRedis();
    await migrate(databaseUrl, [readModelMigrations]);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client
      .connect()
      .then(() => seedInquiryCustomers(client, settings.inquiries, log))
      .finally(() => client.end());
    const [command, query] = await Promise.all([startRole('command'), startRole('query'), startRole('workers')]);
    results.inquiry = await inquiries(
      command.port,
      query.port,
      inquiryCustomers(settings.inquiries + 1, 0, settings.inquiries),
    );
    Object.assign(results.settings as typeof settings, {
      inquiries: settings.inquiries,
      inquiryConcurrency: settings.inquiryConcurrency,
      inquiryPollMs: settings.inquiryPollMs,
    });
  } finally {
    await stopChildren().catch(() => undefined);
    closeAgent();
  }
if (paymentsOnly)
  try {
    await recreateDatabase();
    await resetRedis();
    await migrate(databaseUrl, [readModelMigrations]);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client
      .connect()
      .then(() => seedInquiryCustomers(client, paymentCustomers, log))
      .finally(() => client.end());
    const [command, query] = await Promise.all([startRole('command'), startRole('query'), startRole('workers')]);
    const pool = createPool(databaseUrl, 4);
    try {
      results.payments = await payments(
        command.port,
        query.port,
        inquiryCustomers(paymentCustomers + 1, 0, paymentCustomers),
        pool,
      );
    } finally {
      await pool.end();
    }
    Object.assign(results.settings as typeof settings, {
      paymentOrders: settings.paymentOrders,
      paymentRepeats: settings.paymentRepeats,
      paymentForged: settings.paymentForged,
    });
  } finally {
    await stopChildren().catch(() => undefined);
    closeAgent();
  }
if (!reportOnly)
  try {
    log(
      `sizes: ${settings.orders} orders, ${settings.users} users (heavy user ${HEAVY_USER}: ${settings.heavyOrders} orders)`,
    );
    log(
      `list tiers: ${tierPlan.customers.map((c) => `${c.phone} ${c.orders} orders / ${c.claims} claims`).join(', ') || 'none'}`,
    );
    for (const reason of tierPlan.skipped) log(`  tier skipped: ${reason}`);
    await recreateDatabase();
    await resetRedis();
    await migrate(databaseUrl, [readModelMigrations]);
    const pool = createPool(databaseUrl, settings.concurrency + 4);

    // ---- seed
    log('seeding events with set-based SQL');
    let t0 = performance.now();
    const seedClient = await pool.connect();
    try {
      await seed(
        seedClient,
        {
          orders: settings.orders,
          users: settings.users,
          owners: orderOwnersOf(tierPlan, settings.heavyOrders),
          chunk: settings.seedChunk,
        },
        log,
      );
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
      emtMessagesSize: (
        await pool.query(`SELECT pg_size_pretty(pg_total_relation_size('emt_messages_emt_default_active')) AS s`)
      ).rows[0].s,
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
    const counts = (
      await pool.query(
        `SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM order_list) AS list,
            (SELECT count(*) FROM user_profiles) AS users,
            (SELECT count(*) FROM order_list WHERE data->>'userName' = $1) AS heavy`,
        [HEAVY_USER],
      )
    ).rows[0];
    const allOrders = settings.orders + claimPlan.inForceOrders;
    if (
      Number(counts.orders) !== allOrders ||
      Number(counts.list) !== allOrders ||
      Number(counts.users) !== settings.users ||
      Number(counts.heavy) !== settings.heavyOrders
    )
      throw new Error(`read models do not match the seed: ${JSON.stringify(counts, plain)}`);
    await checkClaimReadModels(pool, claimPlan);
    await checkTierCounts(pool, tierPlan);
    // The workers-only dispatchers (no read model) start at the head, as if they had long since
    // dispatched the seeded history: otherwise the in-force orders' inquiries would be sent to the
    // insurers again, every seeded submission would get an SLA timer that fires at once, every seeded
    // policy a PDF to render during the measurements, and the seeded history its notifications.
    await pool.query(
      `INSERT INTO feibao_projections (name, version, position, position_xid)
       SELECT name, 1, global_position, transaction_id
         FROM (SELECT global_position, transaction_id FROM emt_messages ORDER BY transaction_id DESC, global_position DESC LIMIT 1) head,
              unnest(ARRAY['insurer-dispatch', 'claim-timers', 'claim-picture-dispatch', 'policy-document-dispatch', 'notifications']) AS name
     ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, position_xid = EXCLUDED.position_xid`,
    );
    // As autovacuum does after a bulk insert: statistics, and the visibility map that lets the
    // list's count and offset walk stay inside the index.
    await pool.query(`VACUUM (ANALYZE) orders, order_list, user_profiles`);

    // ---- the web app of this commit: the entry serves it, Lighthouse audits it at the end
    log('building the web app');
    buildWeb();

    // ---- phase 1: the command and query services on their own (with the workers)
    log('starting command, query and workers processes');
    const [command, query] = await Promise.all([startRole('command'), startRole('query'), startRole('workers')]);
    const tokens = createTokenService(config);
    const tokenFor = (phone: string) =>
      tokens.sign({ sub: phone, sid: `bench-${phone}`, roles: ['user'], guest: false, name: phone });
    const loadAt = (concurrency: number, total: number) => ({
      concurrency,
      total,
      maxSeconds: settings.maxSecondsPerLoop,
    });
    const heavyToken = await tokenFor(HEAVY_USER);
    const workerTokens = await Promise.all(
      Array.from({ length: settings.concurrency }, (_, w) => tokenFor(phoneOf(1 + (w % (settings.users - 1))))),
    );
    const list: Record<string, LoadResult> = {};
    const measureList = async (door: '' | 'Entry', port: number) => {
      for (const page of [1, 50]) {
        log(
          `(b) order list page ${page} ${door ? 'through the entry' : 'at the query service'}: ${settings.listRequests} requests at concurrency ${settings.listConcurrency}${door ? '' : ', and 1,000 one at a time'}`,
        );
        const call = () => listPage(port, heavyToken, page, settings.heavyOrders);
        list[`page${page}${door}`] = await measured(loadAt(settings.listConcurrency, settings.listRequests), call, cpu);
        if (!door)
          list[`page${page}Serial`] = await closedLoop({
            concurrency: 1,
            total: 1_000,
            maxSeconds: settings.maxSecondsPerLoop,
            call: () => call().then(() => undefined),
          });
        log(`    ${list[`page${page}${door}`]!.perSecond} req/s, p99 ${list[`page${page}${door}`]!.p99} ms`);
      }
    };
    await measureList('', query.port);

    // (a) the raw INSERT ceiling, then save-draft at the command service
    const eventJson = JSON.stringify({
      form: storedForm(),
      owner: phoneOf(1),
      orderId: '00000000-0000-0000-0000-000000000000',
      orderNo: 'FB20260101000000',
      savedAt: new Date().toISOString(),
      orderType: 0,
    });
    await pool.query(
      `CREATE TABLE bench_raw_insert (id BIGSERIAL PRIMARY KEY, stream_id TEXT NOT NULL, data JSONB NOT NULL)`,
    );
    const rawInsert = (i: number) =>
      pool
        .query(`INSERT INTO bench_raw_insert (stream_id, data) VALUES ($1, $2)`, [`raw-${i}`, eventJson])
        .then(() => undefined);
    log(`(a) raw single-row INSERTs: warm-up, then ${settings.rawInserts} at concurrency ${settings.concurrency}`);
    await closedLoop({
      concurrency: settings.concurrency,
      total: settings.warmup,
      maxSeconds: 60,
      call: (_, i) => rawInsert(-i - 1),
    });
    const raw = await cpu.around(() =>
      closedLoop({
        concurrency: settings.concurrency,
        total: settings.rawInserts,
        maxSeconds: settings.maxSecondsPerLoop,
        call: (_, i) => rawInsert(i),
      }),
    );
    log(`    ${raw.perSecond} inserts/s, p99 ${raw.p99} ms`);
    // ---- (a′) the event-sourcing library itself against the same ceiling, on a database of its own (./peers.ts)
    results.peers = await measurePeers({
      databaseUrl,
      eventJson,
      concurrency: settings.concurrency,
      total: settings.saveRequests,
      warmup: settings.warmup,
      maxSeconds: settings.maxSecondsPerLoop,
      rawInsertPerSecond: raw.perSecond,
      cpu,
      log,
    });
    const saveLoop = loadAt(settings.concurrency, settings.saveRequests);
    const settle = () => settleProjections(pool);
    log(
      `(a) save-draft at the command service: warm-up, then ${settings.saveRequests} commands at concurrency ${settings.concurrency}, then at 60 %`,
    );
    const direct = await measureSaveDraft({
      port: command.port,
      tokens: workerTokens,
      loop: saveLoop,
      warmup: settings.warmup,
      cpu,
      log,
      settle,
    });
    // ---- (n) payment notify at the command service, on customers below (h)'s and clear of the claims' order owners
    const payers = inquiryCustomers(settings.users - settings.inquiries, lowReserved, paymentCustomers);
    if (payers.length > settings.concurrency) results.payments = await payments(command.port, query.port, payers, pool);
    else log(`(n) skipped: ${payers.length} customers left for it, at least ${settings.concurrency + 1} needed`);
    await Promise.all([command.stop(), query.stop()]);

    // ---- phase 2: the entry users reach, as `npm start` runs it (compiled, one copy per core), alone with the workers
    log(`starting the entry (dist/combined.js, WEB_DB_CONNECTIONS ${entryConnections})`);
    const entry = await processes.startEntry({ WEB_DB_CONNECTIONS: String(entryConnections) });
    const entryPort = entry.port;
    await measureList('Entry', entryPort);
    const pageOne = await listPage(entryPort, heavyToken, 1, settings.heavyOrders);
    log(
      `(b) a bare node:http server answering the same ${JSON.stringify(pageOne).length} bytes, concurrency ${settings.listConcurrency}`,
    );
    const bare = await bareBaseline(
      processes,
      pageOne,
      { currentPage: 1, pageSize: 20 },
      loadAt(settings.listConcurrency, settings.listRequests * 4),
      undefined,
      cpu,
    );
    log(
      `    ${bare.perSecond} req/s: the list through the entry is ${round((100 * list.page1Entry!.perSecond) / bare.perSecond, 1)} % of it`,
    );
    results.list = {
      user: HEAVY_USER,
      orders: settings.heavyOrders,
      pageSize: 20,
      concurrency: settings.listConcurrency,
      ...list,
      bare,
      ratio: round(list.page1Entry!.perSecond / bare.perSecond, 4),
      ratioDirect: round(list.page1!.perSecond / bare.perSecond, 4),
    };

    log(`(a) save-draft through the entry: the same as at the command service`);
    const lag = await lagMeter(databaseUrl);
    const viaEntry = await measureSaveDraft({
      port: entryPort,
      tokens: workerTokens,
      loop: saveLoop,
      warmup: settings.warmup,
      lag,
      cpu,
      log,
      settle,
    });
    results.save = {
      via: 'POST /api/v1/uav/order/save with a bearer token: saveDraft at the command service, saveDraftEntry through the entry users reach',
      concurrency: settings.concurrency,
      rawInsert: raw,
      saveDraft: direct.saturated,
      saveDraftAtSixty: direct.atSixtyPercent,
      saveDraftEntry: viaEntry.saturated,
      saveDraftEntryAtSixty: viaEntry.atSixtyPercent,
      ratio: round(viaEntry.saturated.perSecond / raw.perSecond, 3),
      ratioDirect: round(direct.saturated.perSecond / raw.perSecond, 3),
      lagUnderSaturation: viaEntry.lagUnderSaturation,
    };

    // ---- (c) projection lag at a steady rate
    log(`(c) projection lag: ${settings.lagSamples} saves at ${settings.lagRatePerSecond}/s`);
    let lagErrors = 0;
    await openLoop({
      perSecond: settings.lagRatePerSecond,
      total: settings.lagSamples,
      call: (i) =>
        saveDraft(entryPort, workerTokens[i % workerTokens.length]!)
          .then(({ position }) => lag.track(position, performance.now()))
          .catch(() => void lagErrors++),
    });
    const steadyLag = await lag.collect();
    await lag.close();
    results.lag = {
      ratePerSecond: settings.lagRatePerSecond,
      samples: settings.lagSamples,
      errors: lagErrors,
      ...steadyLag,
    };
    log(`    p50 ${steadyLag.p50} ms, p95 ${steadyLag.p95} ms`);

    // ---- (v) a just-saved order in the list, as the customer's next screen asks for it
    log(
      `(v) just-saved order visible: ${settings.lagSamples} save + list pairs at ${settings.lagRatePerSecond}/s through the entry`,
    );
    results.visible = await measureJustSavedVisible({
      port: entryPort,
      tokens: workerTokens,
      perSecond: settings.lagRatePerSecond,
      samples: settings.lagSamples,
    });
    log(
      `    list answered p50 ${(results.visible as LoadResult).p50} ms, p95 ${(results.visible as LoadResult).p95} ms after the save`,
    );

    // ---- (b/f) both lists per customer size, then (v) for one customer of many orders: through the entry
    results.tiers = await measureTierLists({
      plan: tierPlan,
      port: entryPort,
      tokenFor,
      loop: loadAt(settings.listConcurrency, settings.listRequests),
      bareLoop: loadAt(settings.listConcurrency, settings.listRequests * 4),
      processes,
      cpu,
      log,
    });
    results.visibleTier = await measureVisibleTier({
      plan: tierPlan,
      tier: settings.visibleTier,
      port: entryPort,
      tokenFor,
      perSecond: settings.lagRatePerSecond,
      samples: settings.lagSamples,
      log,
    });

    // ---- (e), (f) the claims path, through the entry
    results.claims = await measureClaims({
      pool,
      tokens,
      commandPort: entryPort,
      queryPort: entryPort,
      plan: claimPlan,
      concurrency: settings.concurrency,
      saveRequests: settings.saveRequests,
      warmup: settings.warmup,
      listConcurrency: settings.listConcurrency,
      listRequests: settings.listRequests,
      maxSeconds: settings.maxSecondsPerLoop,
      bare: (body, request) =>
        bareBaseline(
          processes,
          body,
          request,
          loadAt(settings.listConcurrency, settings.listRequests * 4),
          CLAIM_LIST_PATH,
        ),
      rawInsertPerSecond: raw.perSecond,
      cpu,
      log,
    });
    // ---- (h) inquiry → quoted, on customers clear of the heavy user, the claims' order owners and the tiers
    const inquiring = inquiryCustomers(settings.users, lowReserved, settings.inquiries);
    results.inquiry = await inquiries(entryPort, entryPort, inquiring);
    // ---- (q) the 对比 of one of the orders (h) had quoted
    results.comparison = await measureComparison({
      pool,
      port: entryPort,
      customers: inquiring,
      tokenFor,
      loop: loadAt(settings.listConcurrency, settings.listRequests),
      bareLoop: loadAt(settings.listConcurrency, settings.listRequests * 4),
      processes,
      cpu,
      log,
    });

    // ---- web: first-load sizes and Lighthouse against the entry, the platform otherwise idle
    log('(w) first-load JavaScript per route and Lighthouse on four routes');
    results.web = await measureWeb({
      baseUrl: `http://127.0.0.1:${entryPort}`,
      accessToken: heavyToken,
      user: { name: HEAVY_USER, mobilePhone: HEAVY_USER },
    });

    await stopChildren();
    await pool.end();

    // ---- (g) the rule engine, in this process once the platform is stopped (it is CPU-bound)
    results.rules = await measureRules({ rounds: settings.ruleRounds, log });
    // ---- (p) the policy PDF, in this process too (CPU-bound)
    results.documents = await measureDocuments({ rounds: settings.documentRounds, log });
  } finally {
    await stopChildren().catch(() => undefined);
    closeAgent();
  }

// ---------------------------------------------------------------- report
const environment = reportOnly
  ? (results.environment as Record<string, string | number>)
  : await (async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const setting = async (name: string) =>
        (await client.query(`SELECT current_setting($1) AS v`, [name])).rows[0].v as string;
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
const notesPath = path.join(here, 'notes.md');
const historyPath = path.join(here, 'results', 'history.json');
// Only the committed results add to the history; a smoke or trial run shows it as it stands.
const history = resultName === 'latest' ? recordHistory(historyPath, historyRowOf(results)) : readHistory(historyPath);
const report = renderReport(
  resultName,
  results,
  history,
  existsSync(notesPath) ? readFileSync(notesPath, 'utf8') : null,
);
results.goals = report.goals;
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(jsonPath, `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(path.join(here, 'results', `${resultName}.md`), report.markdown);
log(`wrote bench/results/${resultName}.md and .json`);
console.log(`\n${report.summary}`);
