import { Worker } from 'bullmq';
import {
  createPool,
  createProjectionRunner,
  createRedis,
  logger,
  migrate,
  QueueNames,
  type Config,
  type RunnerOptions,
  type SmsJob,
} from '@feibao/platform';
import { allCollections, allProjections } from '@feibao/query-service/readModels';
import { smsProviderFor } from './sms/provider.ts';
import { smsProcessor } from './sms/processor.ts';

/** The queue workers and the async projections, in one process that scales on its own. */
export const startWorkers = async (config: Config, options: { projections?: RunnerOptions } = {}) => {
  await migrate(config.databaseUrl, allCollections);
  const pool = createPool(config.databaseUrl, 10);
  const connection = createRedis(config.redisUrl, { forWorker: true });

  const smsWorker = new Worker<SmsJob>(QueueNames.sms, smsProcessor(smsProviderFor(config.smsProvider, pool)), {
    connection,
    prefix: config.queuePrefix,
    concurrency: 4,
  });
  smsWorker.on('failed', (job, err) => logger.warn({ jobId: job?.id, err }, 'SMS job failed'));
  smsWorker.on('error', (err) => logger.error({ err }, 'SMS worker error'));

  const projections = createProjectionRunner(pool, allProjections, options.projections);
  await projections.start();
  logger.info({ projections: allProjections.map((p) => p.name), smsProvider: config.smsProvider }, 'workers running');

  return {
    projections,
    /** Lets jobs in hand finish, then closes (SIGTERM path). */
    async stop() {
      await Promise.allSettled([smsWorker.close(), projections.stop()]);
      await pool.end();
      connection.disconnect();
    },
  };
};
