import type { Queryable } from './db.ts';

/**
 * Read models are JSON documents in Pongo-shaped tables (_id, data JSONB, …), so Pongo can
 * read them and plain SQL can list, sort and page them with expression indexes.
 * Writes go through here so they join the projection's transaction.
 */
export const collectionTableSQL = (name: string) => `
  CREATE TABLE IF NOT EXISTS "${name}" (
    _id         TEXT        PRIMARY KEY,
    data        JSONB       NOT NULL,
    metadata    JSONB       NOT NULL DEFAULT '{}',
    _version    BIGINT      NOT NULL DEFAULT 1,
    _partition  TEXT        NOT NULL DEFAULT 'png_global',
    _archived   BOOLEAN     NOT NULL DEFAULT FALSE,
    _created    TIMESTAMPTZ NOT NULL DEFAULT now(),
    _updated    TIMESTAMPTZ NOT NULL DEFAULT now()
  )`;

export type DocumentCollection<Doc extends object> = {
  name: string;
  get(db: Queryable, id: string): Promise<Doc | null>;
  put(db: Queryable, id: string, doc: Doc): Promise<void>;
  /** Read-modify-write under a row lock; returning null deletes the document. */
  update(db: Queryable, id: string, change: (current: Doc | null) => Doc | null): Promise<void>;
  remove(db: Queryable, id: string): Promise<void>;
};

const safeName = (name: string) => {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`Bad collection name ${name}`);
  return name;
};

export const documentCollection = <Doc extends object>(rawName: string): DocumentCollection<Doc> => {
  const name = safeName(rawName);
  const put = async (db: Queryable, id: string, doc: Doc) => {
    await db.query(
      `INSERT INTO "${name}" (_id, data) VALUES ($1, $2)
       ON CONFLICT (_id) DO UPDATE SET data = EXCLUDED.data, _version = "${name}"._version + 1, _updated = now()`,
      [id, JSON.stringify(doc)],
    );
  };
  const remove = async (db: Queryable, id: string) => {
    await db.query(`DELETE FROM "${name}" WHERE _id = $1`, [id]);
  };
  return {
    name,
    put,
    remove,
    async get(db, id) {
      const result = await db.query(`SELECT data FROM "${name}" WHERE _id = $1`, [id]);
      return (result.rows[0]?.data as Doc | undefined) ?? null;
    },
    async update(db, id, change) {
      const result = await db.query(`SELECT data FROM "${name}" WHERE _id = $1 FOR UPDATE`, [id]);
      const next = change((result.rows[0]?.data as Doc | undefined) ?? null);
      if (next === null) await remove(db, id);
      else await put(db, id, next);
    },
  };
};
