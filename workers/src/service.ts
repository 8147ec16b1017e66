import type { Worker } from 'bullmq';
import { advertisedHost, announceProcess, startProcessServer } from '@feibao/platform/processes';
import { createEventStore } from '@feibao/platform/eventStore';
import { createPool } from '@feibao/platform/db';
import {
  createProjectionRunner,
  readProjectionStatuses,
  type RunnerOptions,
} from '@feibao/platform/projections/runner';
import { createRedis } from '@feibao/platform/redis';
import { logger } from '@feibao/platform/logger';
import { runInContext } from '@feibao/platform/context';
import { startWorkersHeartbeat } from '@feibao/platform/health';
import type { Config } from '@feibao/platform/config';
import { allProjections } from '@feibao/read-models/projections';
import { ruleSetReader } from '@feibao/read-models/rules/ruleDefinitions';
import { startJobRecovery, type RecoveryDeps } from './recovery.ts';
import { workersFeatures, type StartedFeature, type WorkersContext } from './features.ts';
import { startRulesEngine } from '@feibao/read-models/rules/engine/loader';

type WorkersOptions = { projections?: RunnerOptions; now?: () => Date; sweepEveryMs?: number; port?: number };

/**
 * The queue workers and the async projections, in one process that scales on its own. Everything
 * they start runs in the 'workers' context, so their logs and metrics say so even in the tests,
 * where all processes share one Node process.
 */
export const startWorkers = (config: Config, options: WorkersOptions = {}) =>
  runInContext({ service: 'workers' }, () => runWorkers(config, options));

const runWorkers = async (config: Config, options: WorkersOptions) => {
  const now = options.now ?? (() => new Date());
  // One connection per projection loop (the read models and the features' seven dispatchers) plus the
  // LISTEN connection, a read-ahead and the health checks, and one for the document worker's reads and
  // file writes: fewer and the loops queue for connections.
  const pool = createPool(config.databaseUrl, allProjections.length + 3 + 7 + 1);
  const connection = createRedis(config.redisUrl, { forWorker: true });
  // A job in hand when its process dies is taken up again once its lock lapses. Every job is idempotent, so
  // one caught by two or three crashes in a row (a restart loop, a rolling deploy) is still worth doing;
  // BullMQ's default of one would fail it.
  const jobLock = { lockDuration: config.jobLockMs, stalledInterval: config.jobLockMs, maxStalledCount: 3 };

  const eventStore = createEventStore(config.databaseUrl);
  const queueConnection = createRedis(config.redisUrl);
  const rules = startRulesEngine(pool, ruleSetReader(pool));
  const context: WorkersContext = {
    config,
    now,
    pool,
    eventStore,
    rules,
    connection,
    queueConnection,
    jobLock,
    sweepEveryMs: options.sweepEveryMs,
  };
  const started: StartedFeature[] = [];
  for (const feature of workersFeatures) started.push(await feature.start(context));
  const projections = createProjectionRunner(
    pool,
    [...allProjections, ...started.flatMap((feature) => feature.reactors)],
    options.projections,
  );
  await projections.start();
  const recoveryQueues = Object.assign({}, ...started.map((feature) => feature.recovery ?? {})) as Pick<
    RecoveryDeps,
    'insurerJobs' | 'claimTimers' | 'pictureJobs' | 'documentJobs' | 'afterReset'
  >;
  // Every feature's schedulers come back after a reset (the policy sweep, the payment sweep).
  const afterResets = started.flatMap((feature) => (feature.recovery?.afterReset ? [feature.recovery.afterReset] : []));
  recoveryQueues.afterReset = () => Promise.all(afterResets.map((reset) => reset()));
  const recovery = startJobRecovery({
    redis: queueConnection,
    prefix: config.queuePrefix,
    pool,
    ...recoveryQueues,
    quoteDaySeconds: config.quoteDaySeconds,
    underwriteDays: config.underwriteDays,
    now,
    checkEveryMs: config.jobRecoveryCheckMs,
  });
  await recovery.ready;
  // Health reports the workers stale or missing once this stops beating (platform health.ts).
  const heartbeat = startWorkersHeartbeat(queueConnection, config.queuePrefix);
  await heartbeat.ready;
  // The workers' own health and metrics (platform processes.ts); the edge and the back office find them through the announcement.
  const queueWorkers = Object.assign({}, ...started.map((feature) => feature.workers)) as Record<string, Worker>;
  const endpoints = await startProcessServer(config.host, options.port ?? config.workersPort, {
    process: 'workers',
    startedAt: new Date().toISOString(),
    metricsToken: config.metricsToken,
    checks: {
      database: async () => {
        await pool.query('SELECT 1');
        return 'reachable';
      },
      redis: async () => queueConnection.ping(),
      queueWorkers: async () => {
        const stopped = Object.entries(queueWorkers).filter(([, w]) => !w.isRunning());
        if (stopped.length > 0) throw new Error(`not running: ${stopped.map(([name]) => name).join(', ')}`);
        return Object.keys(queueWorkers);
      },
      projections: async () => {
        const parked = (await readProjectionStatuses(pool)).filter((s) => s.status === 'parked');
        if (parked.length > 0) throw new Error(`parked: ${parked.map((s) => s.name).join(', ')}`);
        return 'running';
      },
    },
  });
  const announcement = announceProcess(queueConnection, config.queuePrefix, {
    process: 'workers',
    host: advertisedHost(config.host, config.advertiseHost),
    port: endpoints.port,
  });
  await announcement.ready;
  logger.info(
    { projections: allProjections.map((p) => p.name), smsProvider: config.smsProvider, port: endpoints.port },
    'workers running',
  );

  return {
    projections,
    /** Lets jobs in hand finish, then closes (SIGTERM path). */
    async stop() {
      await recovery.stop();
      await heartbeat.stop();
      await announcement.stop();
      await endpoints.stop();
      await Promise.allSettled([...Object.values(queueWorkers).map((w) => w.close()), projections.stop()]);
      await rules.stop();
      await Promise.allSettled([
        ...started.flatMap((feature) => feature.queues.map((q) => q.close())),
        eventStore.close(),
        pool.end(),
      ]);
      connection.disconnect();
      queueConnection.disconnect();
    },
    /** As a crash would (tests): jobs in hand are dropped unfinished and their locks left to lapse. */
    async kill() {
      await recovery.stop();
      await heartbeat.stop();
      await announcement.stop();
      await endpoints.stop();
      // Cut off from Redis first, so no job in hand can be completed, failed or have its lock renewed.
      connection.disconnect();
      queueConnection.disconnect();
      const workers = Object.values(queueWorkers);
      for (const worker of workers) worker.cancelAllJobs('killed');
      await Promise.allSettled(workers.map((w) => w.close(true)));
      await rules.stop();
      // The projection loops first: a pool ended under them leaves their queued queries waiting forever.
      await projections.stop();
      await Promise.allSettled([
        ...started.flatMap((feature) => feature.queues.map((q) => q.close())),
        eventStore.close(),
        pool.end(),
      ]);
    },
  };
};
