import type { Queryable } from '@feibao/platform/db';

/**
 * A Pongo-shaped collection table for a test-only projection, the same shape as the read
 * models' tables in read-models/src/migrations/0003_read_model_collections.sql.
 */
export const createDocumentTable = async (db: Queryable, name: string) => {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`Bad collection name ${name}`);
  await db.query(`
    CREATE TABLE IF NOT EXISTS "${name}" (
      _id         TEXT        PRIMARY KEY,
      data        JSONB       NOT NULL,
      metadata    JSONB       NOT NULL DEFAULT '{}',
      _version    BIGINT      NOT NULL DEFAULT 1,
      _partition  TEXT        NOT NULL DEFAULT 'png_global',
      _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
      _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
      _updated    TIMESTAMPTZ NOT NULL DEFAULT now()
    )`);
};
