/**
 * `npm run projections:rebuild`: empties every read model and replays the whole event
 * store into it. Safe while the platform runs: each projection's checkpoint row is locked
 * while it is reset, so running workers pause on it and continue from the rebuilt position.
 */
import { createPool } from '@feibao/platform/db';
import { EmmettSql } from '@feibao/platform/emmettTables';
import { loadConfig } from '@feibao/platform/config';
import { migrate } from '@feibao/platform/migrate';
import { rebuildProjections } from '@feibao/platform/projections/runner';
import { allProjections, readModelMigrations } from '@feibao/read-models/projections';

const config = loadConfig();
await migrate(config.databaseUrl, [readModelMigrations]);
const pool = createPool(config.databaseUrl, 4);
const started = performance.now();
const before = await pool.query(EmmettSql.countEvents);
await rebuildProjections(pool, allProjections);
const seconds = (performance.now() - started) / 1000;
console.log(
  `rebuilt ${allProjections.map((p) => p.name).join(', ')} from ${before.rows[0].events} events in ${seconds.toFixed(2)} s`,
);
await pool.end();
