import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureRedis, startEmbeddedPostgres, type LocalService } from '../../scripts/localServices.ts';

/**
 * Integration suites run against real PostgreSQL and Redis: the local servers when they
 * answer (CI starts them), otherwise an embedded PostgreSQL and a spawned redis-server.
 * Each suite then makes its own database (tests/support/platform.ts).
 */
const started: LocalService[] = [];

const postgresAnswers = async (url: string) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
};

/** This run's suite databases, once all suites (and their pools) are gone. */
const dropTestDatabases = async (serverUrl: string, runId: string) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `feibao\\_test\\_${runId}\\_%`,
    ]);
    for (const { datname } of rows)
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
  } finally {
    await client.end();
  }
};

export default async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  let postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await postgresAnswers(postgresUrl))) {
    const embedded = await startEmbeddedPostgres(path.join(tmpdir(), 'feibao-test-pg'), 54398);
    started.push(embedded);
    postgresUrl = embedded.url.replace(/\/feibao$/, '/postgres');
  }
  let redisUrl = process.env.TEST_REDIS_URL;
  if (!redisUrl) {
    const redis = await ensureRedis(path.join(tmpdir(), 'feibao-test-redis'), 63798);
    started.push(redis);
    redisUrl = redis.url;
  }
  const runId = randomBytes(3).toString('hex');
  provide('postgresUrl', postgresUrl);
  provide('testRunId', runId);
  provide('redisUrl', redisUrl);
  return async () => {
    await dropTestDatabases(postgresUrl, runId);
    for (const service of started.reverse()) await service.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    redisUrl: string;
    testRunId: string;
  }
}
