import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { ensureDatabase } from './db.ts';
import { createEventStore } from './eventStore.ts';
import { logger } from './logger.ts';

/**
 * The one migration step (docs/adr/0004-versioned-migrations.md). Numbered files
 * `NNNN_name.sql` (or `NNNN_name.ts` exporting `sql`) from several folders are applied in
 * one global numeric order, each in its own transaction, after Emmett's own schema, and
 * recorded in feibao_migrations with a checksum. Run by `npm run migrate`, `npm start`,
 * the test harness, the bench and projections:rebuild, never by a service starting.
 */

/** The platform's own migrations; read models bring theirs (@feibao/read-models). */
export const PLATFORM_MIGRATIONS = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Held while migrating, so processes started together migrate one at a time. */
const MIGRATION_LOCK = 7263001;
const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.(sql|ts)$/;

export type Migration = { version: number; name: string; file: string; sql: string; checksum: string };
export type MigrationReport = { applied: string[]; current: number };

const checksumOf = (sql: string) => createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');

const loadOne = async (file: string, version: number, name: string, kind: string): Promise<Migration> => {
  let sql: unknown;
  if (kind === 'sql') sql = await readFile(file, 'utf8');
  else sql = ((await import(pathToFileURL(file).href)) as { sql?: unknown }).sql;
  if (typeof sql !== 'string' || sql.trim() === '') throw new Error(`Migration ${file} has no SQL`);
  return { version, name, file, sql, checksum: checksumOf(sql) };
};

/** Every migration of these folders in version order; a number used twice is an error. */
export const loadMigrations = async (directories: readonly string[]): Promise<Migration[]> => {
  const found: Migration[] = [];
  for (const directory of new Set(directories.map((d) => path.resolve(d)))) {
    for (const entry of (await readdir(directory)).sort()) {
      const match = FILE_NAME.exec(entry);
      if (match) found.push(await loadOne(path.join(directory, entry), Number(match[1]), match[2]!, match[3]!));
    }
  }
  found.sort((a, b) => a.version - b.version);
  for (let i = 1; i < found.length; i++)
    if (found[i]!.version === found[i - 1]!.version)
      throw new Error(
        `Migration number ${found[i]!.version} is used twice: ${found[i - 1]!.file} and ${found[i]!.file}`,
      );
  return found;
};

const label = (m: { version: number; name: string }) => `${String(m.version).padStart(4, '0')}_${m.name}`;

/**
 * Brings the database (created when missing) to the newest migration of the platform and of
 * `directories`. Refuses to run when an applied migration changed, disappeared, or when a
 * new one is numbered below the newest applied one: history is only ever appended to.
 */
export const migrate = async (
  connectionString: string,
  directories: readonly string[] = [],
): Promise<MigrationReport> => {
  const migrations = await loadMigrations([PLATFORM_MIGRATIONS, ...directories]);
  await ensureDatabase(connectionString);
  const client = new pg.Client({ connectionString, application_name: 'feibao-migrate' });
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock($1)`, [MIGRATION_LOCK]);
    const eventStore = createEventStore(connectionString);
    try {
      await eventStore.schema.migrate();
    } finally {
      await eventStore.close();
    }
    await client.query(`
      CREATE TABLE IF NOT EXISTS feibao_migrations (
        version    INT PRIMARY KEY,
        name       TEXT NOT NULL,
        checksum   TEXT NOT NULL,
        applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`);
    const { rows } = await client.query<{ version: number; name: string; checksum: string }>(
      `SELECT version, name, checksum FROM feibao_migrations ORDER BY version`,
    );
    const byVersion = new Map(migrations.map((m) => [m.version, m]));
    for (const row of rows) {
      const known = byVersion.get(row.version);
      if (!known) throw new Error(`Migration ${label(row)} was applied to this database but is not in the code`);
      if (known.checksum !== row.checksum)
        throw new Error(
          `Migration ${label(row)} changed after it was applied (${known.file}); add a new migration instead`,
        );
    }
    const newest = rows.at(-1)?.version ?? 0;
    const applied = new Set(rows.map((r) => r.version));
    const pending = migrations.filter((m) => !applied.has(m.version));
    const early = pending.find((m) => m.version < newest);
    if (early)
      throw new Error(`Migration ${label(early)} is numbered below the newest applied one (${newest}); renumber it`);
    for (const migration of pending) {
      try {
        await client.query('BEGIN');
        await client.query(migration.sql);
        await client.query(`INSERT INTO feibao_migrations (version, name, checksum) VALUES ($1, $2, $3)`, [
          migration.version,
          migration.name,
          migration.checksum,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw new Error(`Migration ${label(migration)} failed: ${(error as Error).message}`, { cause: error });
      }
      logger.info({ migration: label(migration) }, 'migration applied');
    }
    return { applied: pending.map(label), current: migrations.at(-1)?.version ?? 0 };
  } finally {
    await client.query(`SELECT pg_advisory_unlock($1)`, [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
};
