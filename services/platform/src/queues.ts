import { Queue, type ConnectionOptions } from 'bullmq';

export const QueueNames = { sms: 'sms' } as const;

export type SmsJob = { phone: string; text: string; code: string | null; purpose: string };

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
