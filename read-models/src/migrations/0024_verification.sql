-- Public verification (read-models/src/verification/, docs/api/verify.md): tables in the Pongo shape of
-- 0003_read_model_collections.sql; generated columns come after the eight Pongo columns.

-- One document per order: until underwriting the order as folded, then only what a verification shows.
CREATE TABLE IF NOT EXISTS verification_records (
  _id         TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  metadata    JSONB       NOT NULL DEFAULT '{}',
  _version    BIGINT      NOT NULL DEFAULT 1,
  _partition  TEXT        NOT NULL DEFAULT 'png_global',
  _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
  _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated    TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One row per issued document, keyed by the SHA-256 of its normalised verification code (the code itself
-- is never stored here): a lookup is one primary-key probe, whether the code exists or not. The file's
-- SHA-256 is the second key, for checking an uploaded PDF.
CREATE TABLE IF NOT EXISTS verification_codes (
  _id         TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  metadata    JSONB       NOT NULL DEFAULT '{}',
  _version    BIGINT      NOT NULL DEFAULT 1,
  _partition  TEXT        NOT NULL DEFAULT 'png_global',
  _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
  _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated    TIMESTAMPTZ NOT NULL DEFAULT now(),
  file_sha256 TEXT        GENERATED ALWAYS AS (data->>'fileSha256') STORED
);
CREATE INDEX IF NOT EXISTS verification_codes_file ON verification_codes (file_sha256);

-- The accounts' names as of the latest account event (the policyholder is named as it stood at underwriting).
CREATE TABLE IF NOT EXISTS verification_parties (
  _id         TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  metadata    JSONB       NOT NULL DEFAULT '{}',
  _version    BIGINT      NOT NULL DEFAULT 1,
  _partition  TEXT        NOT NULL DEFAULT 'png_global',
  _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
  _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated    TIMESTAMPTZ NOT NULL DEFAULT now()
);
