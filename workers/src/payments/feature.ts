import { Worker } from 'bullmq';
import { inJobContext } from '@feibao/platform/context';
import { logger } from '@feibao/platform/logger';
import { devGateway, type DevNotifyJob } from '@feibao/platform/payments/dev';
import { providerFor } from '@feibao/platform/payments/provider';
import { DEV_PAY_NOTIFY_QUEUE, devNotifyJobId, devNotifyQueue } from '@feibao/platform/payments/queues';
import { orderReader } from '@feibao/read-models/ordering/orders/reader';
import { endorsementQueueReader } from '@feibao/read-models/ordering/orders/endorsementQueue';
import type { WorkersFeature } from '../features.ts';
import { devNotificationSender } from './devNotifications.ts';
import { paymentDispatch } from './dispatch.ts';
import { PAYMENTS_QUEUE, paymentsQueue, type PaymentJob } from './jobs.ts';
import { paymentProcessor } from './processor.ts';

/** Payments: reconciliation, expiry, closing and refunds, the payment sweep, and the dev gateway's notifications. */
export const paymentsFeature: WorkersFeature = {
  name: 'payments',
  start: async ({ config, now, pool, eventStore, connection, queueConnection, jobLock, sweepEveryMs }) => {
    const jobs = paymentsQueue(queueConnection, config.queuePrefix);
    const devQueue = config.paymentProvider === 'dev' ? devNotifyQueue(queueConnection, config.queuePrefix) : null;
    const devNotifier = devQueue
      ? (job: DevNotifyJob) => devQueue.add(job.kind, job, { jobId: devNotifyJobId(job) })
      : undefined;
    const provider = providerFor(config, pool, { devNotifier });
    const worker = new Worker<PaymentJob>(
      PAYMENTS_QUEUE,
      inJobContext(
        paymentProcessor({
          eventStore,
          provider,
          now,
          // 批改's extra premiums too (read-models endorsementQueue.ts): a lost expiry job still lapses one.
          unpaidPurchases: async () => [
            ...(await orderReader(pool).unpaidPurchases()),
            ...(await endorsementQueueReader(pool).unpaidExtraPremiums()),
          ],
          dueMinutes: config.paymentDueMinutes,
          reconcileMinutes: config.paymentReconcileMinutes,
          quoteDaySeconds: config.quoteDaySeconds,
        }),
      ),
      { connection, prefix: config.queuePrefix, concurrency: 4, ...jobLock },
    );
    worker.on('failed', (job, err) => logger.warn({ jobId: job?.id, err }, 'payment job failed'));
    worker.on('error', (err) => logger.error({ err }, 'payment worker error'));
    const workers: Record<string, Worker> = { payments: worker };
    if (devNotifier) {
      const sender = new Worker<DevNotifyJob>(
        DEV_PAY_NOTIFY_QUEUE,
        devNotificationSender({
          gateway: devGateway(pool, devNotifier),
          notifyUrl: `${config.paymentNotifyBaseUrl}/api/v1/uav/pay/notify/dev`,
          now,
        }),
        { connection, prefix: config.queuePrefix, concurrency: 4, ...jobLock },
      );
      sender.on('failed', (job, err) =>
        logger.warn({ jobId: job?.id, err: err.message }, 'dev gateway notification not delivered'),
      );
      sender.on('error', (err) => logger.error({ err }, 'dev gateway notification worker error'));
      workers.devPayNotify = sender;
    }
    const scheduleSweep = () =>
      jobs.upsertJobScheduler(
        'payment-sweep',
        { every: sweepEveryMs ?? 60_000 },
        { name: 'payment-sweep', data: { kind: 'payment-sweep' } },
      );
    await scheduleSweep();
    const dispatch = paymentDispatch(jobs, {
      reconcileMinutes: config.paymentReconcileMinutes,
      quoteDaySeconds: config.quoteDaySeconds,
      now,
    });
    return {
      workers,
      reactors: [dispatch],
      queues: [jobs, ...(devQueue ? [devQueue] : [])],
      recovery: { afterReset: scheduleSweep },
    };
  },
};
