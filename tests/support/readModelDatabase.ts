import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migrate } from '@feibao/platform/migrate';
import { readModelMigrations } from '@feibao/read-models/projections';

/**
 * A database of its own with only the read models' tables (no platform, no events): for tests of what the
 * readers' SQL and the tables' triggers do. The caller ends the pool.
 */
export const readModelDatabase = async (connections: number): Promise<pg.Pool> => {
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/feibao_test_${inject('testRunId')}_${randomBytes(5).toString('hex')}`;
  await migrate(url.toString(), [readModelMigrations]);
  return new pg.Pool({ connectionString: url.toString(), max: connections });
};
