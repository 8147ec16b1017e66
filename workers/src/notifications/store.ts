import type { Queryable } from '@feibao/platform/db';
import type { NotificationsRead } from '@feibao/domain/notifications/inbox';
import type { SmsChoices } from '@feibao/domain/notifications/kinds';
import {
  checkIdOf,
  type NotificationLink,
  type ScheduledCheck,
  type Subjects,
} from '@feibao/domain/notifications/mapping';

/** The reactor's SQL on the notification tables (read-models migration 0025_notifications.sql). */

const orderKey = (orderId: string) => `order-${orderId}`;
const claimKey = (claimId: string) => `claim-${claimId}`;

/** The keys of the order and claim an event names (notification_subjects.id). */
export const subjectKeysOf = (data: Record<string, unknown>) => {
  const orderId = typeof data.orderId === 'string' ? data.orderId : null;
  const claimId = typeof data.claimId === 'string' ? data.claimId : null;
  return { order: orderId && orderKey(orderId), claim: claimId && claimKey(claimId) };
};

/** What the reactor remembers of these subjects, by key; an unknown key is absent. */
export const loadSubjectMap = async (db: Queryable, keys: Iterable<string>): Promise<Map<string, unknown>> => {
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; data: unknown }>(
    `SELECT id, data FROM notification_subjects WHERE id = ANY($1)`,
    [wanted],
  );
  return new Map(rows.map((row) => [row.id, row.data]));
};

/** The order and claim an event names, as the reactor remembers them (from a map of loadSubjectMap). */
export const subjectsIn = (known: ReadonlyMap<string, unknown>, data: Record<string, unknown>): Subjects => {
  const keys = subjectKeysOf(data);
  if (!keys.order && !keys.claim) return {};
  return {
    order: keys.order ? ((known.get(keys.order) as Subjects['order']) ?? null) : null,
    claim: keys.claim ? ((known.get(keys.claim) as Subjects['claim']) ?? null) : null,
  };
};

/** The subjects an event changed, as rows by key (the order's and the claim's). */
export const subjectRowsOf = (subjects: Subjects): [string, unknown][] => [
  ...(subjects.order ? [[orderKey(subjects.order.orderId), subjects.order] as [string, unknown]] : []),
  ...(subjects.claim ? [[claimKey(subjects.claim.claimId), subjects.claim] as [string, unknown]] : []),
];

/** Writes these subjects (one row per key) in one statement. */
export const saveSubjectRows = async (db: Queryable, rows: ReadonlyMap<string, unknown>) => {
  if (rows.size === 0) return;
  await db.query(
    `INSERT INTO notification_subjects (id, data) SELECT * FROM unnest($1::text[], $2::jsonb[])
     ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data`,
    [[...rows.keys()], [...rows.values()].map((data) => JSON.stringify(data))],
  );
};

export const smsChoicesOf = async (db: Queryable, userId: string): Promise<SmsChoices> => {
  const { rows } = await db.query<{ sms: SmsChoices }>(`SELECT sms FROM notification_preferences WHERE user_id = $1`, [
    userId,
  ]);
  return rows[0]?.sms ?? {};
};

export const savePreferences = (db: Queryable, userId: string, sms: SmsChoices, at: string) =>
  db.query(
    `INSERT INTO notification_preferences (user_id, sms, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET sms = EXCLUDED.sms, updated_at = EXCLUDED.updated_at`,
    [userId, JSON.stringify(sms), at],
  );

/** Only the user's own rows: ids of someone else's notifications change nothing. */
export const applyRead = ({ userId, ids, upTo, at }: NotificationsRead['data'], db: Queryable) =>
  ids
    ? db.query(`UPDATE notifications SET read_at = $3 WHERE recipient = $1 AND id = ANY($2) AND read_at IS NULL`, [
        userId,
        ids,
        at,
      ])
    : db.query(`UPDATE notifications SET read_at = $3 WHERE recipient = $1 AND created_at <= $2 AND read_at IS NULL`, [
        userId,
        upTo,
        at,
      ]);

export type NotificationInsert = {
  id: string;
  recipient: string;
  kind: string;
  title: string;
  body: string;
  link: NotificationLink;
  createdAt: string;
  /** When the SMS may go (quiet hours applied) and its Shanghai day; null: no SMS wanted. */
  sms: { at: Date; day: string; dailyLimit: number; text: string } | null;
};

export type SmsStatus = 'none' | 'queued' | 'limited';

/**
 * Insert-if-absent, deciding the SMS in the same statement: queued while the phone has fewer than the
 * daily limit queued for that day, else limited. Null: the notification was already there (made before
 * this redelivery), so nothing more is to be done for it.
 */
export const insertNotification = async (db: Queryable, n: NotificationInsert): Promise<SmsStatus | null> => {
  const { rows } = await db.query<{ sms_status: SmsStatus }>(
    `INSERT INTO notifications (id, recipient, kind, title, body, link_type, link_id, created_at, sms_status, sms_at, sms_day, sms_text)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8,
            CASE WHEN $9::timestamptz IS NULL THEN 'none'
                 WHEN (SELECT count(*) FROM notifications
                        WHERE recipient = $2 AND sms_day = $10::date AND sms_status = 'queued') < $11 THEN 'queued'
                 ELSE 'limited' END,
            $9::timestamptz, $10::date, $12
     ON CONFLICT (id) DO NOTHING
     RETURNING sms_status`,
    [
      n.id,
      n.recipient,
      n.kind,
      n.title,
      n.body,
      n.link.type,
      n.link.id,
      n.createdAt,
      n.sms?.at.toISOString() ?? null,
      n.sms?.day ?? null,
      n.sms?.dailyLimit ?? 0,
      n.sms?.text ?? null,
    ],
  );
  return rows[0]?.sms_status ?? null;
};

/** A scheduled check, kept until it has fired (job recovery re-adds the ones still ahead). */
export const saveCheck = (db: Queryable, check: ScheduledCheck) =>
  db.query(`INSERT INTO notification_checks (id, data, due_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, [
    checkIdOf(check),
    JSON.stringify(check),
    check.at,
  ]);

export const checkDone = (db: Queryable, check: ScheduledCheck) =>
  db.query(`UPDATE notification_checks SET done = TRUE WHERE id = $1`, [checkIdOf(check)]);

export const checksAhead = async (db: Queryable): Promise<ScheduledCheck[]> =>
  (
    await db.query<{ data: ScheduledCheck }>(`SELECT data FROM notification_checks WHERE NOT done ORDER BY due_at`)
  ).rows.map((row) => row.data);

/**
 * Notification SMS queued but perhaps not sent: held ones (due later) and those due in the last hour.
 * Re-added under their ids after a Redis data loss; the provider's idempotency key drops any sent already.
 */
export const smsAhead = async (db: Queryable, now: Date) =>
  (
    await db.query<{ id: string; recipient: string; sms_at: Date; sms_text: string }>(
      `SELECT id, recipient, sms_at, sms_text FROM notifications
        WHERE sms_status = 'queued' AND sms_at > $1::timestamptz - interval '1 hour'`,
      [now.toISOString()],
    )
  ).rows;
