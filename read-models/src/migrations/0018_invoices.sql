-- The invoice read models (read-models/src/invoices/, docs/invoices.md): tables in the Pongo shape
-- of 0003_read_model_collections.sql. Generated columns come after the eight Pongo columns, which
-- the document writes expect.

-- One document per order once saved: what the derivation keeps of it (`trace`) and, once the order
-- is bought, its invoice (`invoice`). Only rows with an invoice are listed, so every list column
-- reads data->'invoice' and the list indexes are partial on pay_status.
CREATE TABLE IF NOT EXISTS invoices (
  _id          TEXT        PRIMARY KEY,
  data         JSONB       NOT NULL,
  metadata     JSONB       NOT NULL DEFAULT '{}',
  _version     BIGINT      NOT NULL DEFAULT 1,
  _partition   TEXT        NOT NULL DEFAULT 'png_global',
  _archived    BOOLEAN     NOT NULL DEFAULT FALSE,
  _created     TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated     TIMESTAMPTZ NOT NULL DEFAULT now(),
  owner        TEXT        GENERATED ALWAYS AS (data->'invoice'->>'owner') STORED,
  listed_at    TEXT        GENERATED ALWAYS AS (data->'invoice'->>'listedAt') STORED,
  pay_status   TEXT        GENERATED ALWAYS AS (data->'invoice'->>'payStatus') STORED,
  invoice_no   TEXT        GENERATED ALWAYS AS (data->'invoice'->>'invoiceNo') STORED,
  invoice_date TEXT        GENERATED ALWAYS AS (data->'invoice'->>'invoiceDate') STORED,
  amount       NUMERIC     GENERATED ALWAYS AS ((data->'invoice'->>'amount')::numeric) STORED
);
-- A customer's invoices and every invoice (staff), newest first.
CREATE INDEX IF NOT EXISTS invoices_owner_page ON invoices (owner, listed_at DESC, _id DESC) WHERE pay_status IS NOT NULL;
CREATE INDEX IF NOT EXISTS invoices_page ON invoices (listed_at DESC, _id DESC) WHERE pay_status IS NOT NULL;

-- One document per account: the policyholder's title and province, a staff member's name, as of
-- the latest account event the projection applied (so an invoice takes them as they stood).
CREATE TABLE IF NOT EXISTS invoice_parties (
  _id         TEXT        PRIMARY KEY,
  data        JSONB       NOT NULL,
  metadata    JSONB       NOT NULL DEFAULT '{}',
  _version    BIGINT      NOT NULL DEFAULT 1,
  _partition  TEXT        NOT NULL DEFAULT 'png_global',
  _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
  _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
  _updated    TIMESTAMPTZ NOT NULL DEFAULT now()
);
