import { Queue, type ConnectionOptions } from 'bullmq';

export const QueueNames = { sms: 'sms' } as const;

/**
 * idempotencyKey: a notification SMS's notification id (its job id too), handed to the provider so a job
 * redelivered after a crash mid-send is sent once (docs/reliability.md); verification codes carry none.
 */
export type SmsJob = { phone: string; text: string; code: string | null; purpose: string; idempotencyKey?: string };

export const smsQueue = (connection: ConnectionOptions, prefix: string) =>
  new Queue<SmsJob>(QueueNames.sms, {
    connection,
    prefix,
    defaultJobOptions: {
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 24 * 3600 },
    },
  });

/**
 * Jobs that append events (insurer answers, claim timers, picture copies): retried with backoff because a
 * store outage must not lose them; kept a day after success and a week after failure for inspection.
 */
export const workQueue = <Job>(name: string, connection: ConnectionOptions, prefix: string, attempts = 8) =>
  new Queue<Job>(name, {
    connection,
    prefix,
    defaultJobOptions: {
      attempts,
      backoff: { type: 'exponential', delay: 500 },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    },
  }) as Queue<Job>;
