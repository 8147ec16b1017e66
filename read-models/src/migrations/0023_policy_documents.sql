-- The documents read models (read-models/src/documents/), in the Pongo shape of
-- 0003_read_model_collections.sql.

-- One document per policy: its electronic policy and certificates (the domain's PolicyDocuments state).
CREATE TABLE IF NOT EXISTS policy_documents (
  _id         TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  metadata    JSONB       NOT NULL DEFAULT '{}',
  _version    BIGINT      NOT NULL DEFAULT 1,
  _partition  TEXT        NOT NULL DEFAULT 'png_global',
  _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
  _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated    TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One document per issued file, keyed by its verification code (the public verification page's
-- lookup), with the file's hash for checking an uploaded copy.
CREATE TABLE IF NOT EXISTS issued_documents (
  _id          TEXT        PRIMARY KEY,
  data         JSONB       NOT NULL,
  metadata     JSONB       NOT NULL DEFAULT '{}',
  _version     BIGINT      NOT NULL DEFAULT 1,
  _partition   TEXT        NOT NULL DEFAULT 'png_global',
  _archived    BOOLEAN     NOT NULL DEFAULT FALSE,
  _created     TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated     TIMESTAMPTZ NOT NULL DEFAULT now(),
  file_sha256  TEXT        GENERATED ALWAYS AS (data->>'fileSha256') STORED
);
CREATE INDEX IF NOT EXISTS issued_documents_file ON issued_documents (file_sha256);
