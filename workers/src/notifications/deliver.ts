import type { Queue } from 'bullmq';
import { PHONE_PATTERN } from '@feibao/domain/accounts/validation';
import { smsWanted } from '@feibao/domain/notifications/kinds';
import { notificationIdOf, type PlannedNotification } from '@feibao/domain/notifications/mapping';
import { type QuietHours, smsSendAt } from '@feibao/domain/notifications/quietHours';
import { shanghaiDate } from '@feibao/domain/notifications/shanghai';
import { renderNotification } from '@feibao/domain/notifications/templates';
import { maskPhone } from '@feibao/domain/shared/masking';
import type { Queryable } from '@feibao/platform/db';
import { logger } from '@feibao/platform/logger';
import type { SmsJob } from '@feibao/platform/queues';
import { insertNotification, smsChoicesOf } from './store.ts';

export type DeliverDeps = {
  smsQueue: Queue<SmsJob>;
  now: () => Date;
  dailyLimit: number;
  quietHours: QuietHours | 'off';
};

/** The SMS job of a notification: its id is the notification's, and so is the provider's idempotency key. */
export const queueNotificationSms = (
  queue: Queue<SmsJob>,
  sms: { id: string; phone: string; text: string; at: Date },
  now: Date,
) =>
  queue.add(
    'notification',
    { phone: sms.phone, text: sms.text, code: null, purpose: 'notification', idempotencyKey: sms.id },
    // Held through the quiet hours (22:00–08:00 Shanghai unless configured) as a delayed job.
    { jobId: sms.id, delay: Math.max(0, sms.at.getTime() - now.getTime()) },
  );

/**
 * Stores one notification and queues its SMS, inside the caller's transaction (the reactor's batch or a
 * check job's). Exactly once: the row is inserted only if absent, and only the insert that stored it
 * queues the SMS — under the notification's id as job id, and with it as the provider's idempotency
 * key, so a crash after queueing and before the commit sends nothing twice when the work is redone.
 */
export const deliverNotification = async (
  db: Queryable,
  deps: DeliverDeps,
  trigger: string | number,
  planned: PlannedNotification,
) => {
  const id = notificationIdOf(trigger, planned);
  const text = renderNotification(planned.kind, planned.vars);
  const now = deps.now();
  const wantsSms =
    PHONE_PATTERN.test(planned.recipient) && smsWanted(planned.kind, await smsChoicesOf(db, planned.recipient));
  const sendAt = smsSendAt(now, deps.quietHours);
  const status = await insertNotification(db, {
    id,
    recipient: planned.recipient,
    kind: planned.kind,
    title: text.title,
    body: text.body,
    link: planned.link,
    // The clock the inbox commands use too, so 全部已读 (everything up to its moment) compares like with like.
    createdAt: now.toISOString(),
    sms: wantsSms ? { at: sendAt, day: shanghaiDate(sendAt), dailyLimit: deps.dailyLimit, text: text.sms } : null,
  });
  const log = { notificationId: id, kind: planned.kind, phone: maskPhone(planned.recipient) };
  if (status === 'limited') logger.info(log, 'notification SMS over the daily limit per phone: inbox only');
  if (status !== 'queued') return status;
  await queueNotificationSms(deps.smsQueue, { id, phone: planned.recipient, text: text.sms, at: sendAt }, now);
  logger.info({ ...log, sendAt: sendAt.toISOString() }, 'notification SMS queued');
  return status;
};
