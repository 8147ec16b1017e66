-- Exact per-customer counts for the customers' own lists: the order list (read-models/src/ordering/orders/reader.ts)
-- and the claim list filtered by owner, alone or with a state (read-models/src/claims/claims/reader.ts).
-- Counting a customer's rows in the index cost a walk over all of them on every page: a training school
-- or an enterprise with 100,000 orders paid for 100,000 index entries to show twenty. Kept as
-- 0016_claim_list_counts.sql keeps the staff counts: statement-level triggers with transition tables, in
-- the same transaction as the rows (a reader's snapshot sees both agree), one upsert per customer (and
-- state) per statement; a projection batch is one statement per table. Rows without an owner are not
-- counted: no list asks for them.

LOCK TABLE order_list IN SHARE ROW EXCLUSIVE MODE;
LOCK TABLE claim_list IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE IF NOT EXISTS order_list_owner_counts (
  user_name TEXT   PRIMARY KEY,
  n         BIGINT NOT NULL
);

CREATE TABLE IF NOT EXISTS claim_list_owner_counts (
  owner     TEXT   NOT NULL,
  state_key INT    NOT NULL,
  n         BIGINT NOT NULL,
  PRIMARY KEY (owner, state_key)
);

-- order_list ------------------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION order_list_owner_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_list_owner_counts (user_name, n)
    SELECT user_name, count(*) FROM order_list_added WHERE user_name IS NOT NULL GROUP BY 1
  ON CONFLICT (user_name) DO UPDATE SET n = order_list_owner_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;

-- An order keeps its owner, so an update usually moves nothing: the HAVING leaves no row to upsert.
CREATE OR REPLACE FUNCTION order_list_owner_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_list_owner_counts (user_name, n)
    SELECT user_name, sum(delta) FROM (
      SELECT user_name, 1 AS delta FROM order_list_added WHERE user_name IS NOT NULL
      UNION ALL
      SELECT user_name, -1 FROM order_list_gone WHERE user_name IS NOT NULL) moved
    GROUP BY user_name HAVING sum(delta) <> 0
  ON CONFLICT (user_name) DO UPDATE SET n = order_list_owner_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION order_list_owner_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_list_owner_counts c SET n = c.n - g.n
    FROM (SELECT user_name, count(*) AS n FROM order_list_gone WHERE user_name IS NOT NULL GROUP BY 1) g
   WHERE c.user_name = g.user_name;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION order_list_owner_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_list_owner_counts;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS order_list_owner_counts_insert ON order_list;
CREATE TRIGGER order_list_owner_counts_insert AFTER INSERT ON order_list
  REFERENCING NEW TABLE AS order_list_added FOR EACH STATEMENT EXECUTE FUNCTION order_list_owner_counts_add();
DROP TRIGGER IF EXISTS order_list_owner_counts_update ON order_list;
CREATE TRIGGER order_list_owner_counts_update AFTER UPDATE ON order_list
  REFERENCING OLD TABLE AS order_list_gone NEW TABLE AS order_list_added FOR EACH STATEMENT EXECUTE FUNCTION order_list_owner_counts_move();
DROP TRIGGER IF EXISTS order_list_owner_counts_delete ON order_list;
CREATE TRIGGER order_list_owner_counts_delete AFTER DELETE ON order_list
  REFERENCING OLD TABLE AS order_list_gone FOR EACH STATEMENT EXECUTE FUNCTION order_list_owner_counts_remove();
DROP TRIGGER IF EXISTS order_list_owner_counts_truncate ON order_list;
CREATE TRIGGER order_list_owner_counts_truncate AFTER TRUNCATE ON order_list
  FOR EACH STATEMENT EXECUTE FUNCTION order_list_owner_counts_clear();

-- claim_list ------------------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION claim_list_owner_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO claim_list_owner_counts (owner, state_key, n)
    SELECT owner, coalesce(claim_state, -1), count(*) FROM claim_list_added WHERE owner IS NOT NULL GROUP BY 1, 2
  ON CONFLICT (owner, state_key) DO UPDATE SET n = claim_list_owner_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION claim_list_owner_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO claim_list_owner_counts (owner, state_key, n)
    SELECT owner, key, sum(delta) FROM (
      SELECT owner, coalesce(claim_state, -1) AS key, 1 AS delta FROM claim_list_added WHERE owner IS NOT NULL
      UNION ALL
      SELECT owner, coalesce(claim_state, -1), -1 FROM claim_list_gone WHERE owner IS NOT NULL) moved
    GROUP BY owner, key HAVING sum(delta) <> 0
  ON CONFLICT (owner, state_key) DO UPDATE SET n = claim_list_owner_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION claim_list_owner_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE claim_list_owner_counts c SET n = c.n - g.n
    FROM (SELECT owner, coalesce(claim_state, -1) AS key, count(*) AS n
            FROM claim_list_gone WHERE owner IS NOT NULL GROUP BY 1, 2) g
   WHERE c.owner = g.owner AND c.state_key = g.key;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION claim_list_owner_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM claim_list_owner_counts;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS claim_list_owner_counts_insert ON claim_list;
CREATE TRIGGER claim_list_owner_counts_insert AFTER INSERT ON claim_list
  REFERENCING NEW TABLE AS claim_list_added FOR EACH STATEMENT EXECUTE FUNCTION claim_list_owner_counts_add();
DROP TRIGGER IF EXISTS claim_list_owner_counts_update ON claim_list;
CREATE TRIGGER claim_list_owner_counts_update AFTER UPDATE ON claim_list
  REFERENCING OLD TABLE AS claim_list_gone NEW TABLE AS claim_list_added FOR EACH STATEMENT EXECUTE FUNCTION claim_list_owner_counts_move();
DROP TRIGGER IF EXISTS claim_list_owner_counts_delete ON claim_list;
CREATE TRIGGER claim_list_owner_counts_delete AFTER DELETE ON claim_list
  REFERENCING OLD TABLE AS claim_list_gone FOR EACH STATEMENT EXECUTE FUNCTION claim_list_owner_counts_remove();
DROP TRIGGER IF EXISTS claim_list_owner_counts_truncate ON claim_list;
CREATE TRIGGER claim_list_owner_counts_truncate AFTER TRUNCATE ON claim_list
  FOR EACH STATEMENT EXECUTE FUNCTION claim_list_owner_counts_clear();

-- Rows already there (a database migrated with orders and claims in it).
DELETE FROM order_list_owner_counts;
INSERT INTO order_list_owner_counts (user_name, n)
  SELECT user_name, count(*) FROM order_list WHERE user_name IS NOT NULL GROUP BY 1;
DELETE FROM claim_list_owner_counts;
INSERT INTO claim_list_owner_counts (owner, state_key, n)
  SELECT owner, coalesce(claim_state, -1), count(*) FROM claim_list WHERE owner IS NOT NULL GROUP BY 1, 2;
