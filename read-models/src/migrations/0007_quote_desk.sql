-- The quote desk (read-models/src/ordering/orders/quoteDesk.ts): orders being quoted (1) or
-- quoted (2), nearest open deadline first, then the latest change. The partial index matches
-- the reader's WHERE and ORDER BY, so a page walks the index instead of sorting every
-- quoting order; the per-insurer filters (status, insurer, overdue) are SQL/JSON path tests
-- on the rows it reads.
CREATE INDEX IF NOT EXISTS orders_quote_desk ON orders ((data->>'nextDeadlineAt') ASC NULLS LAST, (data->>'updatedAt') DESC, _id)
  WHERE (data->>'state')::int IN (1, 2);
