-- Notifications (docs/api/notifications.md, docs/architecture.md "Notifications"). Plain tables, not
-- document collections: the `notifications` reactor (workers/src/notifications/) inserts each
-- notification once under its deterministic id (insert-if-absent is what makes it exactly-once), and
-- applies the inbox stream's events (marks read, SMS choices) to the same rows.

-- The inbox: one row per notification. recipient is the user's id (their mobile phone).
-- sms_status: 'none' (not wanted, or no phone), 'queued' (an SMS job under the notification's id,
-- due at sms_at), 'limited' (the phone's daily SMS limit was reached: inbox only).
CREATE TABLE IF NOT EXISTS notifications (
  id          TEXT        PRIMARY KEY,
  recipient   TEXT        NOT NULL,
  kind        TEXT        NOT NULL,
  title       TEXT        NOT NULL,
  body        TEXT        NOT NULL,
  link_type   TEXT        NOT NULL,
  link_id     TEXT        NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL,
  read_at     TIMESTAMPTZ,
  sms_status  TEXT        NOT NULL,
  sms_at      TIMESTAMPTZ,
  -- The SMS as rendered, so job recovery can queue it again without the template's values.
  sms_text    TEXT,
  -- The Shanghai calendar day the SMS goes out on: the per-phone daily limit counts these.
  sms_day     DATE
);
CREATE INDEX IF NOT EXISTS notifications_inbox ON notifications (recipient, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS notifications_unread ON notifications (recipient, created_at) WHERE read_at IS NULL;
CREATE INDEX IF NOT EXISTS notifications_sms_day ON notifications (recipient, sms_day) WHERE sms_status = 'queued';

-- A user's SMS choices per kind (the kinds they changed; the rest take the kind's default).
CREATE TABLE IF NOT EXISTS notification_preferences (
  user_id     TEXT        PRIMARY KEY,
  sms         JSONB       NOT NULL,
  updated_at  TIMESTAMPTZ NOT NULL
);

-- What the reactor remembers of an order or claim (owner, number, policy number, assignee) from
-- their earlier events, keyed by stream id: the later events name only ids.
CREATE TABLE IF NOT EXISTS notification_subjects (
  id          TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL
);

-- The time checks the reactor scheduled (quote expiring, policy ending), written in its transaction
-- beside the delayed job: a Redis that loses its data loses the jobs, not these rows, and the
-- workers' job recovery adds the jobs still ahead again (workers/src/notifications/recovery.ts).
CREATE TABLE IF NOT EXISTS notification_checks (
  id          TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  due_at      TIMESTAMPTZ NOT NULL,
  done        BOOLEAN     NOT NULL DEFAULT FALSE
);
CREATE INDEX IF NOT EXISTS notification_checks_ahead ON notification_checks (due_at) WHERE NOT done;
