-- 退保's queue (read-models/src/ordering/cancellations/reader.ts): orders whose latest cancellation request
-- waits for the quote desk, oldest request first. Few rows at any time, so a partial index.
CREATE INDEX IF NOT EXISTS orders_cancellation_queue
  ON orders ((data->'order'->'cancellationRequest'->>'requestedAt'), _id)
  WHERE data->'order'->'cancellationRequest'->>'status' = 'pending';

-- The claims of one policy, read by the cancellation preview.
CREATE INDEX IF NOT EXISTS claims_by_order ON claims ((data->>'orderId'));
