import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadMigrations, migrate, PLATFORM_MIGRATIONS } from '@feibao/platform/migrate';
import { allCollections, readModelMigrations } from '@feibao/read-models/projections';

/** The one migration step (docs/adr/0004-versioned-migrations.md) on a database of its own. */
const scratchUrl = () => {
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/feibao_test_${inject('testRunId')}_${randomBytes(5).toString('hex')}`;
  return url.toString();
};

let url: string;
let db: pg.Pool;
beforeAll(async () => {
  url = scratchUrl();
  db = new pg.Pool({ connectionString: url, max: 2 });
});
afterAll(async () => db?.end());

const folderWith = async (files: Record<string, string>) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'feibao-migrations-'));
  for (const [name, sql] of Object.entries(files)) await writeFile(path.join(dir, name), sql);
  return dir;
};

describe('migrate', () => {
  it('applies every migration once, in global order, from processes starting together', async () => {
    const all = await loadMigrations([PLATFORM_MIGRATIONS, readModelMigrations]);
    expect(all.map((m) => m.version)).toEqual(all.map((_, i) => i + 1));
    const [a, b] = await Promise.all([migrate(url, [readModelMigrations]), migrate(url, [readModelMigrations])]);
    expect([...a.applied, ...b.applied]).toEqual(all.map((m) => `${String(m.version).padStart(4, '0')}_${m.name}`));
    expect(await migrate(url, [readModelMigrations])).toEqual({ applied: [], current: all.length });
    const recorded = await db.query(`SELECT version, checksum FROM feibao_migrations ORDER BY version`);
    expect(recorded.rows).toEqual(all.map((m) => ({ version: m.version, checksum: m.checksum })));
  });

  it('creates every read model table in the shape the document writes expect', async () => {
    const { rows } = await db.query(
      `SELECT table_name, array_agg(column_name::text ORDER BY ordinal_position) AS columns
         FROM information_schema.columns WHERE table_name = ANY($1) GROUP BY table_name ORDER BY table_name`,
      [allCollections],
    );
    expect(rows.map((r) => r.table_name)).toEqual([...allCollections].sort());
    for (const row of rows)
      expect(row.columns.slice(0, 8)).toEqual([
        '_id',
        'data',
        'metadata',
        '_version',
        '_partition',
        '_archived',
        '_created',
        '_updated',
      ]);
  });

  it('refuses a changed, a missing or a late-numbered migration and a number used twice', async () => {
    await db.query(`UPDATE feibao_migrations SET checksum = 'edited' WHERE version = 1`);
    await expect(migrate(url, [readModelMigrations])).rejects.toThrow(
      /0001_platform_tables changed after it was applied/,
    );
    const original = (await loadMigrations([PLATFORM_MIGRATIONS]))[0]!.checksum;
    await db.query(`UPDATE feibao_migrations SET checksum = $1 WHERE version = 1`, [original]);

    await expect(migrate(url)).rejects.toThrow(
      /0003_read_model_collections was applied to this database but is not in the code/,
    );
    const late = await folderWith({ '0000_too_late.sql': 'SELECT 1;' });
    await expect(migrate(url, [readModelMigrations, late])).rejects.toThrow(/0000_too_late is numbered below/);
    const twice = await folderWith({ '0004_again.sql': 'SELECT 1;' });
    await expect(migrate(url, [readModelMigrations, twice])).rejects.toThrow(/number 4 is used twice/);
  });

  it('applies a new migration in a transaction and records it only when it succeeds', async () => {
    const next = (await loadMigrations([PLATFORM_MIGRATIONS, readModelMigrations])).length + 1;
    const number = String(next).padStart(4, '0');
    const broken = await folderWith({
      [`${number}_broken.sql`]: 'CREATE TABLE migration_probe (id INT); SELECT no_such_column FROM migration_probe;',
    });
    await expect(migrate(url, [readModelMigrations, broken])).rejects.toThrow(new RegExp(`${number}_broken failed`));
    expect((await db.query(`SELECT to_regclass('migration_probe') AS t`)).rows[0].t).toBeNull();
    const fixed = await folderWith({ [`${number}_probe.sql`]: 'CREATE TABLE migration_probe (id INT);' });
    expect((await migrate(url, [readModelMigrations, fixed])).applied).toEqual([`${number}_probe`]);
  });
});
