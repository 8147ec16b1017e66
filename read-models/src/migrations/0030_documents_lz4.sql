-- Read-model documents are compressed with lz4 instead of PostgreSQL's default pglz. A document over
-- about 2 kB (an order's is 3.7 kB as a draft, with the form twice: as shaped and as the domain state)
-- is compressed on every write; pglz took about 33 µs per order document and lz4 9 µs (3,000 inserts of
-- the bench's draft, bench/notes.md "What one save costs"), at about the same size (1.7 against 1.9 kB),
-- and lz4 reads back in less than half the time. Only new writes use it: a row keeps the compression it
-- was written with until it is written again, and both read the same. Every table of ours with a `data`
-- document (Emmett's event tables are Emmett's); a server built without lz4 keeps pglz.

DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.table_name
      FROM information_schema.columns c
      JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND c.column_name = 'data' AND c.data_type = 'jsonb'
       AND tb.table_type = 'BASE TABLE' AND c.table_name NOT LIKE 'emt\_%'
     ORDER BY 1
  LOOP
    EXECUTE format('ALTER TABLE %I ALTER COLUMN data SET COMPRESSION lz4', t);
  END LOOP;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'this server has no lz4: documents stay compressed with pglz';
END $$;
