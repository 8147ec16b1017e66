-- Rule versions (read-models/src/rules/ruleVersions.ts): one document per version, in the Pongo
-- shape of 0003_read_model_collections.sql. The engine's loader reads the enabled ones.
CREATE TABLE IF NOT EXISTS rule_versions (
  _id         TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  metadata    JSONB       NOT NULL DEFAULT '{}',
  _version    BIGINT      NOT NULL DEFAULT 1,
  _partition  TEXT        NOT NULL DEFAULT 'png_global',
  _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
  _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated    TIMESTAMPTZ NOT NULL DEFAULT now(),
  rule_id     TEXT        GENERATED ALWAYS AS (data->>'ruleId') STORED,
  version     INT         GENERATED ALWAYS AS ((data->>'version')::int) STORED,
  status      TEXT        GENERATED ALWAYS AS (data->>'status') STORED
);
CREATE INDEX IF NOT EXISTS rule_versions_by_rule ON rule_versions (rule_id, version);
CREATE INDEX IF NOT EXISTS rule_versions_enabled ON rule_versions (rule_id) WHERE status = 'enabled';
