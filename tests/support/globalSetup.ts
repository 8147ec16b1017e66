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
  provide('postgresUrl', postgresUrl);
  provide('redisUrl', redisUrl);
  return async () => {
    for (const service of started.reverse()) await service.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    redisUrl: string;
  }
}
