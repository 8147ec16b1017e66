import { smsQueue } from '@feibao/platform/queues';
import type { WorkersFeature } from '../features.ts';
import { notificationCheckQueue, startNotificationCheckWorker } from './checks.ts';
import { notificationsReactor } from './reactor.ts';
import { recreateNotificationJobs } from './recovery.ts';

/** Notifications: the reactor that makes them (inbox + SMS through the SMS feature's queue) and the time checks. */
export const notificationsFeature: WorkersFeature = {
  name: 'notifications',
  start: async ({ config, now, pool, eventStore, connection, queueConnection, jobLock }) => {
    const sms = smsQueue(queueConnection, config.queuePrefix);
    const checks = notificationCheckQueue(queueConnection, config.queuePrefix);
    const deliver = {
      smsQueue: sms,
      now,
      dailyLimit: config.notificationSmsDailyPerPhone,
      quietHours: config.notificationQuietHours,
    };
    const checkWorker = startNotificationCheckWorker({
      connection,
      prefix: config.queuePrefix,
      pool,
      eventStore,
      deliver,
      jobLock,
    });
    return {
      workers: { notificationChecks: checkWorker },
      reactors: [notificationsReactor({ ...deliver, checks })],
      queues: [sms, checks],
      recovery: { afterReset: () => recreateNotificationJobs({ pool, checks, smsQueue: sms, now }) },
    };
  },
};
