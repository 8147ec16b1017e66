/**
 * `npm run migrate`: brings DATABASE_URL (created when missing) to the newest migration of
 * the platform and the read models (docs/adr/0004-versioned-migrations.md). `npm start`,
 * the test harness, the bench and projections:rebuild run the same step; services never do.
 */
import { loadConfig } from '@feibao/platform/config';
import { migrate } from '@feibao/platform/migrate';
import { readModelMigrations } from '@feibao/read-models/projections';

const config = loadConfig();
const { applied, current } = await migrate(config.databaseUrl, [readModelMigrations]);
console.log(
  applied.length > 0
    ? `applied ${applied.length} migration(s): ${applied.join(', ')}; now at ${current}`
    : `nothing to apply; already at ${current}`,
);
