-- The back office's payments list (read-models/src/payments/, docs/api/payments.md): one document per trade,
-- and per order what the list needs of it. Pongo-shaped tables (0003_read_model_collections.sql); the
-- generated columns serve the filters and the newest-first order.
CREATE TABLE IF NOT EXISTS payment_trades (
  _id             TEXT        PRIMARY KEY,
  data            JSONB       NOT NULL,
  metadata        JSONB       NOT NULL DEFAULT '{}',
  _version        BIGINT      NOT NULL DEFAULT 1,
  _partition      TEXT        NOT NULL DEFAULT 'png_global',
  _archived       BOOLEAN     NOT NULL DEFAULT FALSE,
  _created        TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated        TIMESTAMPTZ NOT NULL DEFAULT now(),
  created_at      TEXT        GENERATED ALWAYS AS (data->>'createdAt') STORED,
  owner           TEXT        GENERATED ALWAYS AS (data->>'owner') STORED,
  order_no        TEXT        GENERATED ALWAYS AS (upper(data->>'orderNo')) STORED,
  due_at          TEXT        GENERATED ALWAYS AS (data->>'dueAt') STORED,
  paid_at         TEXT        GENERATED ALWAYS AS (data->>'paidAt') STORED,
  lapsed_at       TEXT        GENERATED ALWAYS AS (data->>'lapsedAt') STORED,
  underwritten_at TEXT        GENERATED ALWAYS AS (data->>'underwrittenAt') STORED,
  fully_refunded  BOOLEAN     GENERATED ALWAYS AS ((data->>'fullyRefunded')::boolean) STORED,
  refund_pending  BOOLEAN     GENERATED ALWAYS AS ((data->>'refundPending')::boolean) STORED
);
CREATE INDEX IF NOT EXISTS payment_trades_page ON payment_trades (created_at DESC, _id DESC);
CREATE INDEX IF NOT EXISTS payment_trades_owner ON payment_trades (owner text_pattern_ops);
CREATE INDEX IF NOT EXISTS payment_trades_order_no ON payment_trades (order_no text_pattern_ops);
-- The exceptions are few: partial indexes keep their filters cheap.
CREATE INDEX IF NOT EXISTS payment_trades_refund_pending ON payment_trades (created_at DESC) WHERE refund_pending;
CREATE INDEX IF NOT EXISTS payment_trades_paid_waiting ON payment_trades (paid_at) WHERE paid_at IS NOT NULL AND underwritten_at IS NULL;

CREATE TABLE IF NOT EXISTS payment_orders (
  _id         TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  metadata    JSONB       NOT NULL DEFAULT '{}',
  _version    BIGINT      NOT NULL DEFAULT 1,
  _partition  TEXT        NOT NULL DEFAULT 'png_global',
  _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
  _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated    TIMESTAMPTZ NOT NULL DEFAULT now()
);
