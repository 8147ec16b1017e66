-- Rule cases and batch test runs (read-models/src/rules/ruleTests.ts), in the Pongo shape of
-- 0003_read_model_collections.sql. A run's document holds its results; lists leave them out.
CREATE TABLE IF NOT EXISTS rule_cases (
  _id         TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  metadata    JSONB       NOT NULL DEFAULT '{}',
  _version    BIGINT      NOT NULL DEFAULT 1,
  _partition  TEXT        NOT NULL DEFAULT 'png_global',
  _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
  _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS rule_test_runs (
  _id         TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  metadata    JSONB       NOT NULL DEFAULT '{}',
  _version    BIGINT      NOT NULL DEFAULT 1,
  _partition  TEXT        NOT NULL DEFAULT 'png_global',
  _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
  _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated    TIMESTAMPTZ NOT NULL DEFAULT now(),
  started_by  TEXT        GENERATED ALWAYS AS (data->>'by') STORED
);
CREATE INDEX IF NOT EXISTS rule_test_runs_by_starter ON rule_test_runs (started_by, _created DESC);
-- "The last N real applications" of a batch test.
CREATE INDEX IF NOT EXISTS orders_by_created ON orders (_created DESC);
