import type { Queryable } from './db.ts';

/**
 * Read models are JSON documents in Pongo-shaped tables (_id, data JSONB, …; the read models'
 * migrations create them), so any Pongo tool can read them while plain SQL lists, sorts and
 * pages them with indexes. Projections write through here so the writes join the
 * transaction that moves their checkpoint; readers read with SQL
 * (docs/adr/0003-read-documents-with-sql.md).
 */
export type DocumentCollection<Doc extends object> = {
  name: string;
  get(db: Queryable, id: string): Promise<Doc | null>;
  put(db: Queryable, id: string, doc: Doc): Promise<void>;
  /** Read-modify-write under a row lock; returning null deletes the document. */
  update(db: Queryable, id: string, change: (current: Doc | null) => Doc | null): Promise<void>;
  remove(db: Queryable, id: string): Promise<void>;
  /** Collects a projection batch's writes in memory; see DocumentBatch. */
  batch(db: Queryable): DocumentBatch<Doc>;
};

/**
 * A projection batch's writes to one collection. Per event, update/put cost a locking SELECT
 * and an upsert each, which caps a projection at a few hundred events/s; here the affected
 * documents are read (and row-locked) with one query, evolved in memory, and written back
 * with one DELETE and one multi-row upsert. The rows left are exactly those the per-event
 * calls in the same order would leave: same data, and the same _version, since an upsert
 * adds the number of puts the document received (counting from its last removal).
 * Why not Pongo's own writes: docs/adr/0002-document-batch.md.
 */
export type DocumentBatch<Doc extends object> = {
  /** Reads and locks these documents; get/update may only touch loaded ids. */
  load(ids: Iterable<string>): Promise<void>;
  get(id: string): Doc | null;
  update(id: string, change: (current: Doc | null) => Doc | null): void;
  put(id: string, doc: Doc): void;
  remove(id: string): void;
  /** Writes everything collected; the batch can be used again afterwards. */
  flush(): Promise<void>;
};

type Pending<Doc> = {
  doc: Doc | null;
  /** Puts since the start of the batch or since the last remove, whichever is later. */
  puts: number;
  removed: boolean;
  loaded: boolean;
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
  const batch = (db: Queryable): DocumentBatch<Doc> => {
    let pending = new Map<string, Pending<Doc>>();
    const entry = (id: string) => {
      const found = pending.get(id);
      if (found) return found;
      const fresh: Pending<Doc> = { doc: null, puts: 0, removed: false, loaded: false };
      pending.set(id, fresh);
      return fresh;
    };
    const loaded = (id: string) => {
      const found = pending.get(id);
      if (!found?.loaded) throw new Error(`${name}/${id} was not loaded into this batch`);
      return found;
    };
    const self: DocumentBatch<Doc> = {
      async load(ids) {
        const wanted = [...new Set(ids)].filter((id) => !pending.get(id)?.loaded).sort();
        if (wanted.length === 0) return;
        const result = await db.query(`SELECT _id, data FROM "${name}" WHERE _id = ANY($1::text[]) FOR UPDATE`, [
          wanted,
        ]);
        const found = new Map(result.rows.map((r) => [r._id as string, r.data as Doc]));
        for (const id of wanted) {
          const e = entry(id);
          // Writes collected before the load (put without load) are newer than the row.
          if (e.puts === 0 && !e.removed) e.doc = found.get(id) ?? null;
          e.loaded = true;
        }
      },
      get: (id) => loaded(id).doc,
      update(id, change) {
        const next = change(loaded(id).doc);
        if (next === null) self.remove(id);
        else self.put(id, next);
      },
      put(id, doc) {
        const e = entry(id);
        e.doc = doc;
        e.puts++;
      },
      remove(id) {
        const e = entry(id);
        e.doc = null;
        e.puts = 0;
        e.removed = true;
      },
      async flush() {
        const writes = pending;
        pending = new Map();
        const removed = [...writes].filter(([, e]) => e.removed).map(([id]) => id);
        const upserts = [...writes].filter(([, e]) => e.doc !== null && e.puts > 0);
        // A document removed and put again in one batch is deleted first, then inserted afresh.
        if (removed.length > 0) await db.query(`DELETE FROM "${name}" WHERE _id = ANY($1::text[])`, [removed]);
        if (upserts.length > 0)
          await db.query(
            `INSERT INTO "${name}" (_id, data, _version)
             SELECT d->>0, d->1, (d->>2)::bigint FROM jsonb_array_elements($1::jsonb) AS d
             ON CONFLICT (_id) DO UPDATE SET data = EXCLUDED.data, _version = "${name}"._version + EXCLUDED._version, _updated = now()`,
            [JSON.stringify(upserts.map(([id, e]) => [id, e.doc, e.puts]))],
          );
      },
    };
    return self;
  };
  return {
    name,
    put,
    remove,
    batch,
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
