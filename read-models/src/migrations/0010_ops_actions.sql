-- What operators did from the operations console (read-models/src/ops/opsActions.ts), newest first.
CREATE TABLE IF NOT EXISTS ops_actions (
  _id         TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  metadata    JSONB       NOT NULL DEFAULT '{}',
  _version    BIGINT      NOT NULL DEFAULT 1,
  _partition  TEXT        NOT NULL DEFAULT 'png_global',
  _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
  _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated    TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- The event's global position: the order the actions happened in.
  position    BIGINT      GENERATED ALWAYS AS ((data->>'position')::bigint) STORED
);
CREATE INDEX IF NOT EXISTS ops_actions_by_position ON ops_actions (position DESC);
