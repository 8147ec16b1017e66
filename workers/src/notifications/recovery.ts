import type { Queue } from 'bullmq';
import type { Pool } from '@feibao/platform/db';
import { logger } from '@feibao/platform/logger';
import type { SmsJob } from '@feibao/platform/queues';
import { addCheck, type CheckJob } from './checks.ts';
import { queueNotificationSms } from './deliver.ts';
import { checksAhead, smsAhead } from './store.ts';

/**
 * After Redis lost its data (job recovery, workers/src/recovery.ts): the time checks still ahead and the
 * notification SMS perhaps not sent (held for the quiet hours, or due in the last hour) are added again
 * under their ids. A check that fires twice tells once (its notification id); an SMS the carrier already
 * has is dropped by its idempotency key.
 */
export const recreateNotificationJobs = async (deps: {
  pool: Pool;
  checks: Queue<CheckJob>;
  smsQueue: Queue<SmsJob>;
  now: () => Date;
}) => {
  const now = deps.now();
  const checks = await checksAhead(deps.pool);
  for (const check of checks) await addCheck(deps.checks, check, now);
  const sms = await smsAhead(deps.pool, now);
  for (const row of sms)
    await queueNotificationSms(
      deps.smsQueue,
      { id: row.id, phone: row.recipient, text: row.sms_text, at: row.sms_at },
      now,
    );
  logger.info({ checks: checks.length, sms: sms.length }, 'notification jobs re-created');
};
