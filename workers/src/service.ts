import { Worker } from 'bullmq';
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
import { QueueNames, type SmsJob } from '@feibao/platform/queues';
import { inJobContext, runInContext } from '@feibao/platform/context';
import { startWorkersHeartbeat } from '@feibao/platform/health';
import type { Config } from '@feibao/platform/config';
import { allProjections } from '@feibao/read-models/projections';
import { orderReader } from '@feibao/read-models/ordering/orders/reader';
import { ruleSetReader } from '@feibao/read-models/rules/ruleDefinitions';
import { smsProviderFor } from './sms/provider.ts';
import { INSURER_QUEUE, insurerQueue, type InsurerJob } from './quoting/jobs.ts';
import { insurerDispatch } from './quoting/dispatch.ts';
import { insurerProcessor } from './quoting/processor.ts';
import { smsProcessor } from './sms/processor.ts';
import { claimTimerDispatch, claimTimerQueue, startClaimTimerWorker } from './claims/slaTimers.ts';
import { claimPictureDispatch, claimPictureQueue, startClaimPictureWorker } from './claims/pictures/index.ts';
import { ruleTestDispatch, ruleTestQueue, startRuleTestWorker } from './rules/batchTests.ts';
import { startJobRecovery } from './recovery.ts';
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
  // One connection per projection loop (the read models and the three dispatchers below) plus the
  // LISTEN connection, a read-ahead and the health checks: fewer and the loops queue for connections.
  const pool = createPool(config.databaseUrl, allProjections.length + 3 + 4);
  const connection = createRedis(config.redisUrl, { forWorker: true });
  // A job in hand when its process dies is taken up again once its lock lapses.
  const jobLock = { lockDuration: config.jobLockMs, stalledInterval: config.jobLockMs };

  const smsWorker = new Worker<SmsJob>(QueueNames.sms, smsProcessor(smsProviderFor(config.smsProvider, pool)), {
    connection,
    prefix: config.queuePrefix,
    concurrency: 4,
    ...jobLock,
  });
  smsWorker.on('failed', (job, err) => logger.warn({ jobId: job?.id, err }, 'SMS job failed'));
  smsWorker.on('error', (err) => logger.error({ err }, 'SMS worker error'));

  const eventStore = createEventStore(config.databaseUrl);
  const queueConnection = createRedis(config.redisUrl);
  const insurerJobs = insurerQueue(queueConnection, config.queuePrefix);
  const rules = startRulesEngine(pool, ruleSetReader(pool));
  const insurerWorker = new Worker<InsurerJob>(
    INSURER_QUEUE,
    inJobContext(insurerProcessor({ eventStore, rules, now, duePolicySteps: orderReader(pool).duePolicySteps })),
    { connection, prefix: config.queuePrefix, concurrency: 8, ...jobLock },
  );
  insurerWorker.on('failed', (job, err) => logger.warn({ jobId: job?.id, err }, 'insurer job failed'));
  insurerWorker.on('error', (err) => logger.error({ err }, 'insurer worker error'));
  const scheduleSweep = () =>
    insurerJobs.upsertJobScheduler(
      'policy-sweep',
      { every: options.sweepEveryMs ?? 60_000 },
      { name: 'policy-sweep', data: { kind: 'policy-sweep' } },
    );
  await scheduleSweep();

  const dispatch = insurerDispatch(insurerJobs, {
    quoteDaySeconds: config.quoteDaySeconds,
    underwriteDays: config.underwriteDays,
    now,
  });
  const claimTimers = claimTimerQueue(queueConnection, config.queuePrefix);
  const claimTimerWorker = startClaimTimerWorker({ connection, prefix: config.queuePrefix, eventStore, now, jobLock });
  const pictureJobs = claimPictureQueue(queueConnection, config.queuePrefix);
  const pictureWorker = startClaimPictureWorker(config, { connection, eventStore, now });
  const ruleTestJobs = ruleTestQueue(queueConnection, config.queuePrefix);
  const ruleTestWorker = startRuleTestWorker({
    connection,
    prefix: config.queuePrefix,
    eventStore,
    pool,
    now,
    jobLock,
  });
  const projections = createProjectionRunner(
    pool,
    [
      ...allProjections,
      dispatch,
      claimTimerDispatch(claimTimers, now),
      claimPictureDispatch(pictureJobs),
      ruleTestDispatch(ruleTestJobs),
    ],
    options.projections,
  );
  await projections.start();
  const recovery = startJobRecovery({
    redis: queueConnection,
    prefix: config.queuePrefix,
    pool,
    insurerJobs,
    claimTimers,
    pictureJobs,
    quoteDaySeconds: config.quoteDaySeconds,
    underwriteDays: config.underwriteDays,
    now,
    checkEveryMs: config.jobRecoveryCheckMs,
    afterReset: scheduleSweep,
  });
  await recovery.ready;
  // Health reports the workers stale or missing once this stops beating (platform health.ts).
  const heartbeat = startWorkersHeartbeat(queueConnection, config.queuePrefix);
  await heartbeat.ready;
  // The workers' own health and metrics (platform processes.ts); the edge and the back office find them through the announcement.
  const queueWorkers = {
    sms: smsWorker,
    insurer: insurerWorker,
    claimTimers: claimTimerWorker,
    claimPictures: pictureWorker,
    ruleTests: ruleTestWorker,
  };
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
      await Promise.allSettled([
        smsWorker.close(),
        insurerWorker.close(),
        claimTimerWorker.close(),
        pictureWorker.close(),
        ruleTestWorker.close(),
        projections.stop(),
      ]);
      await rules.stop();
      await Promise.allSettled([
        insurerJobs.close(),
        claimTimers.close(),
        pictureJobs.close(),
        ruleTestJobs.close(),
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
      const workers = [smsWorker, insurerWorker, claimTimerWorker, pictureWorker, ruleTestWorker];
      for (const worker of workers) worker.cancelAllJobs('killed');
      await Promise.allSettled(workers.map((w) => w.close(true)));
      await rules.stop();
      // The projection loops first: a pool ended under them leaves their queued queries waiting forever.
      await projections.stop();
      await Promise.allSettled([
        insurerJobs.close(),
        claimTimers.close(),
        pictureJobs.close(),
        ruleTestJobs.close(),
        eventStore.close(),
        pool.end(),
      ]);
    },
  };
};
