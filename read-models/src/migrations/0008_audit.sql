-- The audit read models (read-models/src/audit/): tables in the Pongo shape of
-- 0003_read_model_collections.sql plus generated columns the audit reader searches and sorts on.
-- Generated columns come after the eight Pongo columns, which the document writes expect.

-- One row per order and per claim ever opened. Numbers and policy numbers are searched by prefix
-- whatever case is typed, hence upper() in the column and text_pattern_ops (a prefix LIKE can use
-- the index under any collation); phones by prefix too.
CREATE TABLE IF NOT EXISTS audit_subjects (
  _id         TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  metadata    JSONB       NOT NULL DEFAULT '{}',
  _version    BIGINT      NOT NULL DEFAULT 1,
  _partition  TEXT        NOT NULL DEFAULT 'png_global',
  _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
  _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated    TIMESTAMPTZ NOT NULL DEFAULT now(),
  kind        TEXT        GENERATED ALWAYS AS (data->>'kind') STORED,
  subject_id  TEXT        GENERATED ALWAYS AS (data->>'id') STORED,
  number_key  TEXT        GENERATED ALWAYS AS (upper(data->>'number')) STORED,
  policy_key  TEXT        GENERATED ALWAYS AS (upper(data->>'policyNo')) STORED,
  phone       TEXT        GENERATED ALWAYS AS (data->>'phone') STORED,
  order_id    TEXT        GENERATED ALWAYS AS (data->>'orderId') STORED,
  updated_at  TEXT        GENERATED ALWAYS AS (data->>'updatedAt') STORED
);
CREATE INDEX IF NOT EXISTS audit_subjects_by_number ON audit_subjects (number_key text_pattern_ops);
CREATE INDEX IF NOT EXISTS audit_subjects_by_policy ON audit_subjects (policy_key text_pattern_ops) WHERE policy_key IS NOT NULL;
CREATE INDEX IF NOT EXISTS audit_subjects_by_phone ON audit_subjects (phone text_pattern_ops);
CREATE INDEX IF NOT EXISTS audit_subjects_claims_of_order ON audit_subjects (order_id, updated_at DESC) WHERE kind = 'claim';

-- Company names are searched anywhere in the name ("contains"): a trigram index serves that
-- (pg_trgm ships with PostgreSQL and is a trusted extension). The name lives in the customer's
-- profile; the reader joins it, so a renamed company is found under its new name at once.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX IF NOT EXISTS user_profiles_company_trgm ON user_profiles USING gin ((data->>'companyName') gin_trgm_ops);

-- One row per event of an order or a claim, read in stream order and filtered by kind of change.
CREATE TABLE IF NOT EXISTS audit_history (
  _id         TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  metadata    JSONB       NOT NULL DEFAULT '{}',
  _version    BIGINT      NOT NULL DEFAULT 1,
  _partition  TEXT        NOT NULL DEFAULT 'png_global',
  _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
  _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated    TIMESTAMPTZ NOT NULL DEFAULT now(),
  subject     TEXT        GENERATED ALWAYS AS (data->>'subject') STORED,
  position    BIGINT      GENERATED ALWAYS AS ((data->>'position')::bigint) STORED,
  change      TEXT        GENERATED ALWAYS AS (data->>'change') STORED
);
CREATE INDEX IF NOT EXISTS audit_history_by_subject ON audit_history (subject, position);
