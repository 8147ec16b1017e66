-- Payments (docs/api/payments.md). The notifications the platform refused (forged, replayed onto another
-- order, wrong amount): the back office lists them as exceptions; nothing of them reaches the event store.
CREATE TABLE IF NOT EXISTS payment_refused_notifications (
  id             BIGSERIAL   PRIMARY KEY,
  received_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  provider       TEXT        NOT NULL,
  trade_no       TEXT,
  reason_code    TEXT        NOT NULL,
  remote_address TEXT,
  amount_claimed TEXT,
  params         JSONB       NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS payment_refused_notifications_recent ON payment_refused_notifications (received_at DESC, id DESC);

-- The dev gateway (PAYMENT_PROVIDER=dev): a simulated external system, kept in tables of its own so every
-- process shares it. Its signing key pair is generated once, by the first process that needs it (one row).
CREATE TABLE IF NOT EXISTS dev_pay_keys (
  id          INT         PRIMARY KEY CHECK (id = 1),
  app_id      TEXT        NOT NULL,
  private_key TEXT        NOT NULL,
  public_key  TEXT        NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- One trade per out_trade_no; the cashier's token (>= 128 bits) is its only address on the public calls.
-- drop_notifications: a test seam (set by SQL only) making the gateway "lose" its notifications.
CREATE TABLE IF NOT EXISTS dev_pay_trades (
  trade_no           TEXT          PRIMARY KEY,
  token              TEXT          NOT NULL UNIQUE,
  gateway_trade_no   TEXT          NOT NULL UNIQUE,
  order_no           TEXT          NOT NULL,
  subject            TEXT          NOT NULL,
  insurer_name       TEXT          NOT NULL,
  amount             NUMERIC(14,2) NOT NULL,
  due_at             TIMESTAMPTZ   NOT NULL,
  status             TEXT          NOT NULL DEFAULT 'waiting',
  paid_at            TIMESTAMPTZ,
  drop_notifications BOOLEAN       NOT NULL DEFAULT FALSE,
  created_at         TIMESTAMPTZ   NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS dev_pay_refunds (
  refund_no   TEXT          PRIMARY KEY,
  trade_no    TEXT          NOT NULL REFERENCES dev_pay_trades (trade_no),
  amount      NUMERIC(14,2) NOT NULL,
  reason      TEXT          NOT NULL,
  refunded_at TIMESTAMPTZ   NOT NULL DEFAULT now()
);
