import type { ConnectionOptions } from 'bullmq';
import { Queue } from 'bullmq';
import type { DevNotifyJob } from './dev.ts';

/**
 * The dev gateway's outgoing notifications: added by whoever pays or refunds at the dev gateway (the command
 * service's cashier calls, the workers' refunds), sent by the workers until the platform answers `success`.
 * Retried with exponential back-off, as a gateway retries its notifications.
 */
export const DEV_PAY_NOTIFY_QUEUE = 'dev-pay-notify';

export const devNotifyQueue = (connection: ConnectionOptions, prefix: string) =>
  new Queue<DevNotifyJob>(DEV_PAY_NOTIFY_QUEUE, {
    connection,
    prefix,
    defaultJobOptions: {
      attempts: 12,
      backoff: { type: 'exponential', delay: 500 },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    },
  });

/** One notification per event at the gateway: a repeated add (a double click on 确认支付) sends it once. */
export const devNotifyJobId = (job: DevNotifyJob) =>
  job.kind === 'payment' ? `paid_${job.tradeNo}` : `refund_${job.refundNo}`;
