-- Staff search by order number and by the customer's phone (domain/src/shared/search.ts).
-- An order number matches as a prefix, asked as a range in collation "C" (`>= p AND < p || U+10FFFF`)
-- so the named prepared statements' generic plans walk these indexes too, which a LIKE on a parameter
-- would not. A phone matches whole, by equality.

-- The quote desk (read-models/src/ordering/orders/quoteDesk.ts): partial on its states, quoting (1)
-- and quoted (2), as orders_quote_desk is.
CREATE INDEX IF NOT EXISTS orders_quote_desk_order_no ON orders (((data->>'orderNo') COLLATE "C"))
  WHERE (data->>'state')::int IN (1, 2);
CREATE INDEX IF NOT EXISTS orders_quote_desk_phone ON orders ((data->>'userName'))
  WHERE (data->>'state')::int IN (1, 2);

-- The back office's invoice list (read-models/src/invoices/reader.ts): the phone is the `owner`
-- column, served by invoices_owner_page (0018); the order number gets its own partial index.
CREATE INDEX IF NOT EXISTS invoices_order_no ON invoices (((data->'invoice'->>'orderNo') COLLATE "C"))
  WHERE pay_status IS NOT NULL;
