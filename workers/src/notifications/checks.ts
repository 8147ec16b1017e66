import { Worker, type ConnectionOptions, type Job, type Queue } from 'bullmq';
import { checkIdOf, notificationOfCheck, type ScheduledCheck } from '@feibao/domain/notifications/mapping';
import { evolveOrder, initialOrder, orderStreamId } from '@feibao/domain/ordering/order.events';
import { inJobContext } from '@feibao/platform/context';
import { withTransaction, type Pool } from '@feibao/platform/db';
import { aggregate, type EventStore } from '@feibao/platform/eventStore';
import { logger } from '@feibao/platform/logger';
import { workQueue } from '@feibao/platform/queues';
import { deliverNotification, type DeliverDeps } from './deliver.ts';
import { checkDone } from './store.ts';

/**
 * Notifications that depend on the time: a delayed job at the moment (a quote's validUntil − 24 h, a
 * policy's end − 30 and − 7 days) that reads the order again and tells only if it still applies.
 */
export const NOTIFICATION_CHECK_QUEUE = 'notification-checks';
export type CheckJob = ScheduledCheck & { originRequestId?: string };

export const notificationCheckQueue = (connection: ConnectionOptions, prefix: string) =>
  workQueue<CheckJob>(NOTIFICATION_CHECK_QUEUE, connection, prefix);

/** Under the check's own id: a replayed event adds nothing twice. */
export const addCheck = (queue: Queue<CheckJob>, check: CheckJob, now: Date) =>
  queue.add(check.kind, check, {
    jobId: checkIdOf(check),
    delay: Math.max(0, new Date(check.at).getTime() - now.getTime()),
  });

export const startNotificationCheckWorker = (options: {
  connection: ConnectionOptions;
  prefix: string;
  pool: Pool;
  eventStore: EventStore;
  deliver: DeliverDeps;
  jobLock?: { lockDuration: number; stalledInterval: number; maxStalledCount: number };
}) => {
  const worker = new Worker<CheckJob>(
    NOTIFICATION_CHECK_QUEUE,
    inJobContext(async (job: Job<CheckJob>) => {
      const check = job.data;
      const order = await aggregate(options.eventStore, orderStreamId(check.orderId), {
        evolve: evolveOrder,
        initialState: initialOrder,
      });
      const now = options.deliver.now();
      const planned = notificationOfCheck(check, order, now);
      // The insert, the SMS job and the check's end together, as in the reactor: a redelivered job finds the row and stops.
      await withTransaction(options.pool, async (client) => {
        if (planned) await deliverNotification(client, options.deliver, checkIdOf(check), planned);
        await checkDone(client, check);
      });
      return { told: planned !== null };
    }),
    { connection: options.connection, prefix: options.prefix, concurrency: 2, ...options.jobLock },
  );
  worker.on('failed', (job, err) => logger.warn({ jobId: job?.id, err }, 'notification check job failed'));
  worker.on('error', (err) => logger.error({ err }, 'notification check worker error'));
  return worker;
};
