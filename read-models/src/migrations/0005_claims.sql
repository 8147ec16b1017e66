-- The claims read models (read-models/src/claims/): tables in the Pongo shape of
-- 0003_read_model_collections.sql, plus generated columns the readers filter and sort on
-- (an expression index cannot serve an index-only scan; see 0004_order_queries.sql).
-- Generated columns come after the eight Pongo columns, which the document writes expect.

CREATE TABLE IF NOT EXISTS claims (
  _id         TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  metadata    JSONB       NOT NULL DEFAULT '{}',
  _version    BIGINT      NOT NULL DEFAULT 1,
  _partition  TEXT        NOT NULL DEFAULT 'png_global',
  _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
  _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated    TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- The claim list (read-models/src/claims/claims/reader.ts): customers page their own claims,
-- staff every claim, newest first, optionally by state, policy, claim number, overdue and
-- first-submission time (ISO instants compare as text).
CREATE TABLE IF NOT EXISTS claim_list (
  _id         TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  metadata    JSONB       NOT NULL DEFAULT '{}',
  _version    BIGINT      NOT NULL DEFAULT 1,
  _partition  TEXT        NOT NULL DEFAULT 'png_global',
  _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
  _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated    TIMESTAMPTZ NOT NULL DEFAULT now(),
  owner       TEXT        GENERATED ALWAYS AS (data->>'owner') STORED,
  created_at  TEXT        GENERATED ALWAYS AS (data->>'createdAt') STORED,
  claim_state INT         GENERATED ALWAYS AS ((data->>'claimState')::int) STORED,
  policy_no   TEXT        GENERATED ALWAYS AS (data->>'policyNo') STORED,
  claim_no    TEXT        GENERATED ALWAYS AS (data->>'claimSettlementNo') STORED,
  apply_time  TEXT        GENERATED ALWAYS AS (data->>'applyTime') STORED,
  overdue     BOOLEAN     GENERATED ALWAYS AS (coalesce(jsonb_array_length(data->'overdue') > 0, FALSE)) STORED
);
CREATE INDEX IF NOT EXISTS claim_list_owner_page ON claim_list (owner, created_at DESC, _id DESC);
CREATE INDEX IF NOT EXISTS claim_list_page ON claim_list (created_at DESC, _id DESC);
CREATE INDEX IF NOT EXISTS claim_list_by_state ON claim_list (claim_state, created_at DESC, _id DESC);
CREATE INDEX IF NOT EXISTS claim_list_by_policy ON claim_list (policy_no);
CREATE INDEX IF NOT EXISTS claim_list_by_no ON claim_list (claim_no);
CREATE INDEX IF NOT EXISTS claim_list_by_apply_time ON claim_list (apply_time);
CREATE INDEX IF NOT EXISTS claim_list_overdue ON claim_list (created_at DESC, _id DESC) WHERE overdue;

-- One document per picture (read-models/src/claims/pictures/reader.ts): a claim's pictures by
-- category, newest first, and the per-category counts of the category tree.
CREATE TABLE IF NOT EXISTS claim_pictures (
  _id             TEXT        PRIMARY KEY,
  data            JSONB       NOT NULL,
  metadata        JSONB       NOT NULL DEFAULT '{}',
  _version        BIGINT      NOT NULL DEFAULT 1,
  _partition      TEXT        NOT NULL DEFAULT 'png_global',
  _archived       BOOLEAN     NOT NULL DEFAULT FALSE,
  _created        TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated        TIMESTAMPTZ NOT NULL DEFAULT now(),
  claim_id        TEXT        GENERATED ALWAYS AS (data->>'claimId') STORED,
  image_type_code TEXT        GENERATED ALWAYS AS (data->>'imageTypeCode') STORED,
  processing      TEXT        GENERATED ALWAYS AS (data->>'processing') STORED,
  uploaded_at     TEXT        GENERATED ALWAYS AS (data->>'uploadedAt') STORED
);
CREATE INDEX IF NOT EXISTS claim_pictures_by_code ON claim_pictures (claim_id, image_type_code, uploaded_at DESC, _id DESC);

-- One document per claim event (read-models/src/claims/history/reader.ts), read in stream order.
CREATE TABLE IF NOT EXISTS claim_history (
  _id         TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  metadata    JSONB       NOT NULL DEFAULT '{}',
  _version    BIGINT      NOT NULL DEFAULT 1,
  _partition  TEXT        NOT NULL DEFAULT 'png_global',
  _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
  _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated    TIMESTAMPTZ NOT NULL DEFAULT now(),
  claim_id    TEXT        GENERATED ALWAYS AS (data->>'claimId') STORED,
  position    BIGINT      GENERATED ALWAYS AS ((data->>'position')::bigint) STORED
);
CREATE INDEX IF NOT EXISTS claim_history_by_claim ON claim_history (claim_id, position);
