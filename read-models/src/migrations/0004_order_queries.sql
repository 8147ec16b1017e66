-- What the order reader's SQL relies on (read-models/src/ordering/orders/reader.ts).

-- The back office's quoting list and the policy sweep filter orders by state: quoting (1),
-- underwritten (4) and in force (5), OrderState in domain/src/ordering/order.events.ts.
CREATE INDEX IF NOT EXISTS orders_by_state ON orders (((data->>'state')::int)) WHERE (data->>'state')::int IN (1, 4, 5);

-- An expression index cannot serve an index-only scan, so a list page with its count read
-- and decoded ~2,000 JSONB rows; user_name and order_time are stored as generated columns
-- with a covering index instead, so the count and the offset walk stay inside the index.
DROP INDEX IF EXISTS order_list_by_user_time;
ALTER TABLE order_list
  ADD COLUMN IF NOT EXISTS user_name TEXT GENERATED ALWAYS AS (data->>'userName') STORED,
  ADD COLUMN IF NOT EXISTS order_time TEXT GENERATED ALWAYS AS (data->>'orderTime') STORED;
CREATE INDEX IF NOT EXISTS order_list_user_page ON order_list (user_name, order_time DESC, _id DESC);
