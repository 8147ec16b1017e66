import { Worker } from 'bullmq';
import { logger } from '@feibao/platform/logger';
import { QueueNames, type SmsJob } from '@feibao/platform/queues';
import type { WorkersFeature } from '../features.ts';
import { smsProcessor } from './processor.ts';
import { smsProviderFor } from './provider.ts';

/** SMS delivery: the platform's SMS queue (queues.ts), sent through the configured provider. */
export const smsFeature: WorkersFeature = {
  name: 'sms',
  start: async ({ config, pool, connection, jobLock }) => {
    const smsWorker = new Worker<SmsJob>(
      QueueNames.sms,
      smsProcessor(smsProviderFor(config.smsProvider, pool, config.smsDevSendDelayMs)),
      {
        connection,
        prefix: config.queuePrefix,
        concurrency: 4,
        ...jobLock,
      },
    );
    smsWorker.on('failed', (job, err) => logger.warn({ jobId: job?.id, err }, 'SMS job failed'));
    smsWorker.on('error', (err) => logger.error({ err }, 'SMS worker error'));
    return { workers: { sms: smsWorker }, reactors: [], queues: [] };
  },
};
