-- The platform's own tables. IF NOT EXISTS throughout: databases made before versioned
-- migrations (docs/adr/0004-versioned-migrations.md) already have them.

-- One row per projection: its checkpoint (position_xid, position), status and last error.
-- See services/platform/src/projections/runner.ts.
CREATE TABLE IF NOT EXISTS feibao_projections (
  name         TEXT PRIMARY KEY,
  version      INT NOT NULL DEFAULT 1,
  position     BIGINT NOT NULL DEFAULT 0,
  status       TEXT NOT NULL DEFAULT 'running',
  attempts     INT NOT NULL DEFAULT 0,
  last_error   TEXT,
  heartbeat_at TIMESTAMPTZ
);
ALTER TABLE feibao_projections ADD COLUMN IF NOT EXISTS position_xid xid8 NOT NULL DEFAULT '0';

CREATE TABLE IF NOT EXISTS feibao_sms_challenges (
  phone       TEXT NOT NULL,
  purpose     TEXT NOT NULL,
  code_hash   TEXT NOT NULL,
  expires_at  TIMESTAMPTZ NOT NULL,
  attempts    INT NOT NULL DEFAULT 0,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (phone, purpose)
);

-- What the dev SMS provider "sent" (development and tests only).
CREATE TABLE IF NOT EXISTS feibao_dev_sms_outbox (
  id        BIGSERIAL PRIMARY KEY,
  phone     TEXT NOT NULL,
  text      TEXT NOT NULL,
  code      TEXT,
  sent_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS feibao_dev_sms_outbox_phone ON feibao_dev_sms_outbox (phone, id DESC);
