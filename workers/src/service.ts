import { Worker } from 'bullmq';
import {
  createEventStore,
  createPool,
  createProjectionRunner,
  createRedis,
  logger,
  QueueNames,
  startWorkersHeartbeat,
  type Config,
  type RunnerOptions,
  type SmsJob,
} from '@feibao/platform';
import { allProjections } from '@feibao/read-models';
import { orderReader } from '@feibao/read-models';
import { smsProviderFor } from './sms/provider.ts';
import { INSURER_QUEUE, insurerQueue, type InsurerJob } from './quoting/jobs.ts';
import { insurerDispatch } from './quoting/dispatch.ts';
import { insurerProcessor } from './quoting/processor.ts';
import { smsProcessor } from './sms/processor.ts';

/** The queue workers and the async projections, in one process that scales on its own. */
export const startWorkers = async (
  config: Config,
  options: { projections?: RunnerOptions; now?: () => Date; sweepEveryMs?: number } = {},
) => {
  const now = options.now ?? (() => new Date());
  const pool = createPool(config.databaseUrl, 10);
  const connection = createRedis(config.redisUrl, { forWorker: true });

  const smsWorker = new Worker<SmsJob>(QueueNames.sms, smsProcessor(smsProviderFor(config.smsProvider, pool)), {
    connection,
    prefix: config.queuePrefix,
    concurrency: 4,
  });
  smsWorker.on('failed', (job, err) => logger.warn({ jobId: job?.id, err }, 'SMS job failed'));
  smsWorker.on('error', (err) => logger.error({ err }, 'SMS worker error'));

  const eventStore = createEventStore(config.databaseUrl);
  const queueConnection = createRedis(config.redisUrl);
  const insurerJobs = insurerQueue(queueConnection, config.queuePrefix);
  const insurerWorker = new Worker<InsurerJob>(
    INSURER_QUEUE,
    insurerProcessor({ eventStore, now, duePolicySteps: orderReader(pool).duePolicySteps }),
    { connection, prefix: config.queuePrefix, concurrency: 8 },
  );
  insurerWorker.on('failed', (job, err) => logger.warn({ jobId: job?.id, err }, 'insurer job failed'));
  insurerWorker.on('error', (err) => logger.error({ err }, 'insurer worker error'));
  await insurerJobs.upsertJobScheduler(
    'policy-sweep',
    { every: options.sweepEveryMs ?? 60_000 },
    { name: 'policy-sweep', data: { kind: 'policy-sweep' } },
  );

  const dispatch = insurerDispatch(insurerJobs, {
    quoteDaySeconds: config.quoteDaySeconds,
    underwriteDays: config.underwriteDays,
    now,
  });
  const projections = createProjectionRunner(pool, [...allProjections, dispatch], options.projections);
  await projections.start();
  // Health reports the workers stale or missing once this stops beating (platform health.ts).
  const heartbeat = startWorkersHeartbeat(queueConnection, config.queuePrefix);
  await heartbeat.ready;
  logger.info({ projections: allProjections.map((p) => p.name), smsProvider: config.smsProvider }, 'workers running');

  return {
    projections,
    /** Lets jobs in hand finish, then closes (SIGTERM path). */
    async stop() {
      await heartbeat.stop();
      await Promise.allSettled([smsWorker.close(), insurerWorker.close(), projections.stop()]);
      await Promise.allSettled([insurerJobs.close(), eventStore.close(), pool.end()]);
      connection.disconnect();
      queueConnection.disconnect();
    },
  };
};
