-- Exact claim counts for the staff list's unfiltered and by-state pages
-- (read-models/src/claims/claims/reader.ts): counting 100,000 index entries per request was
-- most of a staff page's cost. Statement-level triggers with transition tables keep one row per
-- state in the same transaction as the rows they count, so a reader's snapshot sees both agree;
-- one upsert per state per statement, and a projection batch is one statement per table.
-- state_key is claim_state, or -1 for a row without one.

LOCK TABLE claim_list IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE IF NOT EXISTS claim_list_counts (
  state_key INT    PRIMARY KEY,
  n         BIGINT NOT NULL
);

CREATE OR REPLACE FUNCTION claim_list_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO claim_list_counts (state_key, n)
    SELECT coalesce(claim_state, -1), count(*) FROM claim_list_added GROUP BY 1
  ON CONFLICT (state_key) DO UPDATE SET n = claim_list_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION claim_list_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO claim_list_counts (state_key, n)
    SELECT key, sum(delta) FROM (
      SELECT coalesce(claim_state, -1) AS key, 1 AS delta FROM claim_list_added
      UNION ALL
      SELECT coalesce(claim_state, -1), -1 FROM claim_list_gone) moved
    GROUP BY key HAVING sum(delta) <> 0
  ON CONFLICT (state_key) DO UPDATE SET n = claim_list_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION claim_list_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE claim_list_counts c SET n = c.n - g.n
    FROM (SELECT coalesce(claim_state, -1) AS key, count(*) AS n FROM claim_list_gone GROUP BY 1) g
   WHERE c.state_key = g.key;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION claim_list_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM claim_list_counts;
  RETURN NULL;
END $$;

-- A transition table serves one event per trigger, hence four triggers.
DROP TRIGGER IF EXISTS claim_list_counts_insert ON claim_list;
CREATE TRIGGER claim_list_counts_insert AFTER INSERT ON claim_list
  REFERENCING NEW TABLE AS claim_list_added FOR EACH STATEMENT EXECUTE FUNCTION claim_list_counts_add();
DROP TRIGGER IF EXISTS claim_list_counts_update ON claim_list;
CREATE TRIGGER claim_list_counts_update AFTER UPDATE ON claim_list
  REFERENCING OLD TABLE AS claim_list_gone NEW TABLE AS claim_list_added FOR EACH STATEMENT EXECUTE FUNCTION claim_list_counts_move();
DROP TRIGGER IF EXISTS claim_list_counts_delete ON claim_list;
CREATE TRIGGER claim_list_counts_delete AFTER DELETE ON claim_list
  REFERENCING OLD TABLE AS claim_list_gone FOR EACH STATEMENT EXECUTE FUNCTION claim_list_counts_remove();
DROP TRIGGER IF EXISTS claim_list_counts_truncate ON claim_list;
CREATE TRIGGER claim_list_counts_truncate AFTER TRUNCATE ON claim_list
  FOR EACH STATEMENT EXECUTE FUNCTION claim_list_counts_clear();

-- Rows already there (a database migrated with claims in it).
DELETE FROM claim_list_counts;
INSERT INTO claim_list_counts (state_key, n) SELECT coalesce(claim_state, -1), count(*) FROM claim_list GROUP BY 1;
