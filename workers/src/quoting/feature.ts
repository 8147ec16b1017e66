import { Worker } from 'bullmq';
import { inJobContext } from '@feibao/platform/context';
import { logger } from '@feibao/platform/logger';
import { orderReader } from '@feibao/read-models/ordering/orders/reader';
import { scaledMinutesMs } from '@feibao/domain/payments/gateway';
import type { WorkersFeature } from '../features.ts';
import { insurerDispatch } from './dispatch.ts';
import { INSURER_QUEUE, insurerQueue, type InsurerJob } from './jobs.ts';
import { insurerProcessor } from './processor.ts';

/** Insurer simulation and policy dates: the insurer worker, its policy sweep, and the dispatch reactor. */
export const quotingFeature: WorkersFeature = {
  name: 'quoting',
  start: async ({ config, now, pool, eventStore, rules, connection, queueConnection, jobLock, sweepEveryMs }) => {
    const insurerJobs = insurerQueue(queueConnection, config.queuePrefix);
    const insurerWorker = new Worker<InsurerJob>(
      INSURER_QUEUE,
      inJobContext(
        insurerProcessor({
          eventStore,
          rules,
          now,
          duePolicySteps: orderReader(pool).duePolicySteps,
          paymentDueMs: scaledMinutesMs(config.paymentDueMinutes, config.quoteDaySeconds),
        }),
      ),
      { connection, prefix: config.queuePrefix, concurrency: 8, ...jobLock },
    );
    insurerWorker.on('failed', (job, err) => logger.warn({ jobId: job?.id, err }, 'insurer job failed'));
    insurerWorker.on('error', (err) => logger.error({ err }, 'insurer worker error'));
    const scheduleSweep = () =>
      insurerJobs.upsertJobScheduler(
        'policy-sweep',
        { every: sweepEveryMs ?? 60_000 },
        { name: 'policy-sweep', data: { kind: 'policy-sweep' } },
      );
    await scheduleSweep();
    const dispatch = insurerDispatch(insurerJobs, {
      quoteDaySeconds: config.quoteDaySeconds,
      underwriteDays: config.underwriteDays,
      now,
    });
    return {
      workers: { insurer: insurerWorker },
      reactors: [dispatch],
      queues: [insurerJobs],
      recovery: { insurerJobs, afterReset: scheduleSweep },
    };
  },
};
