import type { NotificationKind, SmsChoices } from '@feibao/domain/notifications/kinds';
import type { NotificationPage, NotificationRow } from '@feibao/domain/notifications/api';
import type { Queryable } from '@feibao/platform/db';

/**
 * The inbox as its recipient reads it (tables of 0025_notifications.sql, written by the workers'
 * notifications reactor). Every query is by recipient: there is no way to name someone else's rows.
 */
type Row = {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link_type: NotificationRow['link']['type'];
  link_id: string;
  created_at: Date;
  read_at: Date | null;
  total: string;
};

const rowOf = (row: Row): NotificationRow => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: { type: row.link_type, id: row.link_id },
  createdAt: row.created_at.toISOString(),
  readAt: row.read_at?.toISOString() ?? null,
});

export const notificationReader = (db: Queryable) => {
  const unreadCount = async (recipient: string) => {
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM notifications WHERE recipient = $1 AND read_at IS NULL`,
      [recipient],
    );
    return Number(rows[0]?.n ?? 0);
  };
  return {
    unreadCount,
    async page(recipient: string, pageNum: number, pageSize: number, unreadOnly: boolean): Promise<NotificationPage> {
      const { rows } = await db.query<Row>(
        `SELECT id, kind, title, body, link_type, link_id, created_at, read_at, count(*) OVER () AS total
           FROM notifications
          WHERE recipient = $1 AND ($2::boolean IS FALSE OR read_at IS NULL)
          ORDER BY created_at DESC, id DESC
          LIMIT $3 OFFSET $4`,
        [recipient, unreadOnly, pageSize, (pageNum - 1) * pageSize],
      );
      const total =
        rows.length > 0
          ? Number(rows[0]!.total)
          : Number(
              (
                await db.query<{ n: string }>(
                  `SELECT count(*) AS n FROM notifications WHERE recipient = $1 AND ($2::boolean IS FALSE OR read_at IS NULL)`,
                  [recipient, unreadOnly],
                )
              ).rows[0]?.n ?? 0,
            );
      return { total, unread: await unreadCount(recipient), list: rows.map(rowOf) };
    },
    async smsChoices(userId: string): Promise<SmsChoices> {
      const { rows } = await db.query<{ sms: SmsChoices }>(
        `SELECT sms FROM notification_preferences WHERE user_id = $1`,
        [userId],
      );
      return rows[0]?.sms ?? {};
    },
  };
};
