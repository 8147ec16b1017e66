import { createEventStore } from './eventStore.ts';
import { collectionTableSQL } from './documents.ts';
import { ensureDatabase, createPool } from './db.ts';
import { PROJECTION_WAKE_CHANNEL } from './projections/runner.ts';

/**
 * Brings a database to the current schema: Emmett's event store tables, our operational
 * tables, and every read-model collection. Idempotent; run by every process at start-up
 * so concurrent first appends never race on CREATE TABLE (stack findings #3).
 */
export const migrate = async (
  connectionString: string,
  readModels: { collections: readonly string[]; indexes?: readonly string[] },
) => {
  await ensureDatabase(connectionString);
  const eventStore = createEventStore(connectionString);
  const pool = createPool(connectionString, 2);
  try {
    // Serialise concurrent migrations from processes starting together.
    const client = await pool.connect();
    try {
      await client.query(`SELECT pg_advisory_lock(7263001)`);
      await eventStore.schema.migrate();
      await client.query(`
        CREATE TABLE IF NOT EXISTS feibao_projections (
          name         TEXT PRIMARY KEY,
          version      INT NOT NULL DEFAULT 1,
          position     BIGINT NOT NULL DEFAULT 0,
          status       TEXT NOT NULL DEFAULT 'running',
          attempts     INT NOT NULL DEFAULT 0,
          last_error   TEXT,
          heartbeat_at TIMESTAMPTZ
        );
        -- The checkpoint is (position_xid, position): see projections/runner.ts.
        ALTER TABLE feibao_projections ADD COLUMN IF NOT EXISTS position_xid xid8 NOT NULL DEFAULT '0';
        CREATE TABLE IF NOT EXISTS feibao_sms_challenges (
          phone       TEXT NOT NULL,
          purpose     TEXT NOT NULL,
          code_hash   TEXT NOT NULL,
          expires_at  TIMESTAMPTZ NOT NULL,
          attempts    INT NOT NULL DEFAULT 0,
          created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
          PRIMARY KEY (phone, purpose)
        );
        CREATE TABLE IF NOT EXISTS feibao_dev_sms_outbox (
          id        BIGSERIAL PRIMARY KEY,
          phone     TEXT NOT NULL,
          text      TEXT NOT NULL,
          code      TEXT,
          sent_at   TIMESTAMPTZ NOT NULL DEFAULT now()
        );
        CREATE INDEX IF NOT EXISTS feibao_dev_sms_outbox_phone ON feibao_dev_sms_outbox (phone, id DESC);
        CREATE OR REPLACE FUNCTION feibao_notify_appended() RETURNS trigger AS $$
        BEGIN
          PERFORM pg_notify('${PROJECTION_WAKE_CHANNEL}', '');
          RETURN NULL;
        END $$ LANGUAGE plpgsql;
        DROP TRIGGER IF EXISTS feibao_events_appended ON emt_messages;
        CREATE TRIGGER feibao_events_appended AFTER INSERT ON emt_messages
          FOR EACH STATEMENT EXECUTE FUNCTION feibao_notify_appended();
      `);
      for (const name of readModels.collections) await client.query(collectionTableSQL(name));
      for (const sql of readModels.indexes ?? []) await client.query(sql);
    } finally {
      await client.query(`SELECT pg_advisory_unlock(7263001)`).catch(() => undefined);
      client.release();
    }
  } finally {
    await pool.end();
    await eventStore.close();
  }
};
