import { setNodePostgresTypeRawParser } from '@event-driven-io/dumbo';
import pg from 'pg';
import { logger } from './logger.ts';

/*
 * Emmett's SQL layer (dumbo) installs node-postgres type parsers once per process, the first time an event
 * store opens a pool. Its default JSON parser revives any all-digit string longer than 15 characters as a
 * BigInt — an 18-digit ID number or a numeric device code in an event or a document would then break
 * JSON.stringify. Installing its raw variant first (plain JSON.parse; BIGINT as BigInt, as the event store
 * expects) makes every process parse alike, whether or not it opens an event store.
 */
setNodePostgresTypeRawParser();

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/**
 * DATABASE_POOL_MAX caps every pool of this process: a process hosting several services (the
 * combined process of `npm start`, several of them under node:cluster) would otherwise hold the
 * sum of their pools, more than PostgreSQL's max_connections allows (docs/reliability.md "Scale-out").
 */
const poolCap = () => {
  const cap = Number(process.env.DATABASE_POOL_MAX);
  return Number.isInteger(cap) && cap > 0 ? cap : Infinity;
};

export const createPool = (connectionString: string, max = 10) => {
  const pool = new pg.Pool({
    connectionString,
    max: Math.min(max, poolCap()),
    idleTimeoutMillis: 30_000,
    application_name: 'feibao',
  });
  // An idle connection dropped by the server (restart, failover) is replaced on next use;
  // without a listener node-postgres would crash the process.
  pool.on('error', (err) => logger.warn({ err }, 'idle PostgreSQL connection lost'));
  // A connection checked out between two queries (a transaction awaiting its caller) has no pool
  // listener: a server restart would crash the process. Its next query fails instead, and the
  // caller's retry gets a fresh connection.
  pool.on('connect', (client) => {
    client.on('error', (err) => logger.warn({ err: err.message }, 'PostgreSQL connection in use lost'));
  });
  return pool;
};

/** Creates the database named in the URL when it is missing (first start, per-suite test databases). */
export const ensureDatabase = async (connectionString: string) => {
  const url = new URL(connectionString);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unsupported database name: ${name}`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await admin.query(`CREATE DATABASE "${name}"`);
      } catch (error) {
        // Two processes starting together may both try; the loser finds it made (or
        // loses the race on pg_database's unique index).
        const code = (error as { code?: string }).code;
        if (code !== '42P04' && code !== '23505') throw error;
      }
    }
  } finally {
    await admin.end();
  }
};

export const withTransaction = async <T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};
