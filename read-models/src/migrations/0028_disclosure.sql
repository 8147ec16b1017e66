-- 信息披露 (read-models/src/disclosure/, docs/api/disclosure.md): tables in the Pongo shape of
-- 0003_read_model_collections.sql; generated columns come after the eight Pongo columns.

-- One row per published version of a text (客户告知书, 投保须知, each cover's 免责条款); old versions stay.
CREATE TABLE IF NOT EXISTS disclosure_texts (
  _id         TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  metadata    JSONB       NOT NULL DEFAULT '{}',
  _version    BIGINT      NOT NULL DEFAULT 1,
  _partition  TEXT        NOT NULL DEFAULT 'png_global',
  _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
  _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated    TIMESTAMPTZ NOT NULL DEFAULT now(),
  text_key    TEXT        GENERATED ALWAYS AS (data->>'key') STORED,
  version     INTEGER     GENERATED ALWAYS AS ((data->>'version')::integer) STORED
);
CREATE UNIQUE INDEX IF NOT EXISTS disclosure_texts_by_key ON disclosure_texts (text_key, version DESC);

-- One row per order: its 投保过程记录, the purchase's steps with their times.
CREATE TABLE IF NOT EXISTS purchase_records (
  _id         TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  metadata    JSONB       NOT NULL DEFAULT '{}',
  _version    BIGINT      NOT NULL DEFAULT 1,
  _partition  TEXT        NOT NULL DEFAULT 'png_global',
  _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
  _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated    TIMESTAMPTZ NOT NULL DEFAULT now()
);
