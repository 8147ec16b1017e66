-- The bytes of issued documents (electronic policies, certificates; docs/api/documents.md): stored
-- once, content-addressed by the SHA-256 of the file, and never changed. The workers insert if
-- absent (a render run twice stores an orphan nobody names, harmless); the events name the file by
-- its hash, and verification checks an uploaded copy by looking its hash up here. Not a read model:
-- a projection rebuild leaves it alone.
CREATE TABLE IF NOT EXISTS document_files (
  file_sha256   TEXT        PRIMARY KEY CHECK (file_sha256 ~ '^[0-9a-f]{64}$'),
  content_type  TEXT        NOT NULL,
  size          INTEGER     NOT NULL CHECK (size = octet_length(bytes)),
  bytes         BYTEA       NOT NULL,
  stored_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
