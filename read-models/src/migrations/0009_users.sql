-- The back office's user list and role history (read-models/src/accounts/users/).
-- Generated columns as in 0005_claims.sql; _id of user_profiles is the mobile phone, so a phone
-- prefix is a pattern match on the primary key. Name and company are searched as one lower-cased
-- text with LIKE '%…%' (a scan; pg_trgm would not index Chinese text under the C locale anyway).

ALTER TABLE user_profiles
  ADD COLUMN IF NOT EXISTS registered_at TEXT  GENERATED ALWAYS AS (data->>'registeredAt') STORED,
  ADD COLUMN IF NOT EXISTS search_text   TEXT  GENERATED ALWAYS AS (lower(coalesce(data->>'name', '') || ' ' || coalesce(data->>'companyName', ''))) STORED,
  ADD COLUMN IF NOT EXISTS roles         JSONB GENERATED ALWAYS AS (data->'roles') STORED;

CREATE INDEX IF NOT EXISTS user_profiles_by_phone ON user_profiles (_id text_pattern_ops);
CREATE INDEX IF NOT EXISTS user_profiles_page ON user_profiles (registered_at DESC, _id DESC);
CREATE INDEX IF NOT EXISTS user_profiles_by_role ON user_profiles USING gin (roles);

CREATE TABLE IF NOT EXISTS user_role_history (
  _id          TEXT        PRIMARY KEY,
  data         JSONB       NOT NULL,
  metadata     JSONB       NOT NULL DEFAULT '{}',
  _version     BIGINT      NOT NULL DEFAULT 1,
  _partition   TEXT        NOT NULL DEFAULT 'png_global',
  _archived    BOOLEAN     NOT NULL DEFAULT FALSE,
  _created     TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated     TIMESTAMPTZ NOT NULL DEFAULT now(),
  mobile_phone TEXT        GENERATED ALWAYS AS (data->>'mobilePhone') STORED,
  position     BIGINT      GENERATED ALWAYS AS ((data->>'position')::bigint) STORED
);
CREATE INDEX IF NOT EXISTS user_role_history_by_phone ON user_role_history (mobile_phone, position DESC);
