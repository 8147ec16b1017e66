-- Rule definitions (read-models/src/rules/ruleDefinitions.ts): one document per rule — name,
-- stage and rank, insurer, scenes, dictionary codes — in the Pongo shape of
-- 0003_read_model_collections.sql. The engine joins them to the enabled versions.
CREATE TABLE IF NOT EXISTS rule_definitions (
  _id         TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  metadata    JSONB       NOT NULL DEFAULT '{}',
  _version    BIGINT      NOT NULL DEFAULT 1,
  _partition  TEXT        NOT NULL DEFAULT 'png_global',
  _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
  _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated    TIMESTAMPTZ NOT NULL DEFAULT now(),
  stage       TEXT        GENERATED ALWAYS AS (data->>'stage') STORED
);
