-- Rule configuration dictionaries (read-models/src/rules/config.ts): one document per entry,
-- in the Pongo shape of 0003_read_model_collections.sql; the list filters by kind and enabled.
CREATE TABLE IF NOT EXISTS rule_config (
  _id         TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  metadata    JSONB       NOT NULL DEFAULT '{}',
  _version    BIGINT      NOT NULL DEFAULT 1,
  _partition  TEXT        NOT NULL DEFAULT 'png_global',
  _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
  _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated    TIMESTAMPTZ NOT NULL DEFAULT now(),
  kind        TEXT        GENERATED ALWAYS AS (data->>'kind') STORED,
  code        TEXT        GENERATED ALWAYS AS (data->>'code') STORED,
  enabled     BOOLEAN     GENERATED ALWAYS AS ((data->>'enabled')::boolean) STORED
);
CREATE INDEX IF NOT EXISTS rule_config_by_kind ON rule_config (kind, code);
