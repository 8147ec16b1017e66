/**
 * Entry of the combined process (scripts/combined.ts) as `npm start` runs it, compiled to
 * dist/combined.js: WEB_PROCESSES copies (default: one per core) sharing the public port through
 * node:cluster, each holding the edge, the command and the query service. One copy runs without
 * a cluster primary.
 */
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { loadConfig } from '@feibao/platform/config';
import { logger } from '@feibao/platform/logger';
import { startCombined } from './combined.ts';

process.env.FEIBAO_SERVICE ??= 'combined';

/** Pools in one combined process: the command service's, the event store's, the query service's, the edge's. */
const POOLS_PER_PROCESS = 4;

const positive = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer`);
  return n;
};

const runOne = async () => {
  const combined = await startCombined(loadConfig());
  let stopping: Promise<void> | null = null;
  // Ctrl+C reaches every copy and the primary, which then asks each copy again: one stop each.
  const shutdown = (signal: string) => {
    stopping ??= (async () => {
      logger.info({ signal }, 'combined process stopping');
      await combined.stop();
      process.exit(0);
    })();
    return stopping;
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  return combined;
};

const processes = positive('WEB_PROCESSES', Math.max(1, os.availableParallelism()));
if (cluster.isPrimary) {
  // The copies' pools together stay within WEB_DB_CONNECTIONS (PostgreSQL allows 100 by default,
  // and the workers process and other stacks need theirs); an explicit DATABASE_POOL_MAX wins.
  const budget = positive('WEB_DB_CONNECTIONS', 32);
  process.env.DATABASE_POOL_MAX ??= String(Math.max(2, Math.floor(budget / (processes * POOLS_PER_PROCESS))));
}

if (processes === 1) await runOne();
else if (cluster.isWorker) {
  await runOne();
  process.send?.({ listening: true });
} else {
  let stopping = false;
  const listening = new WeakSet<Worker>();
  const fork = () =>
    new Promise<Worker>((resolve, reject) => {
      const worker = cluster.fork();
      worker.on('message', (message: { listening?: boolean }) => {
        if (!message?.listening) return;
        listening.add(worker);
        resolve(worker);
      });
      worker.once('exit', (code, signal) => {
        if (stopping) return;
        if (!listening.has(worker))
          return reject(new Error(`a combined process exited while starting (${signal ?? code})`));
        // A copy that served and died is replaced; the others kept serving meanwhile.
        logger.error({ code, signal, pid: worker.process.pid }, 'a combined process exited; starting another');
        void fork().catch((error) => stopAll(error));
      });
    });
  const stopAll = async (error?: Error) => {
    if (stopping) return;
    stopping = true;
    if (error) logger.error({ err: error }, 'combined processes stopping');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise((resolve) => {
            if (w.isDead()) return resolve(null);
            w.once('exit', resolve);
            w.process.kill('SIGTERM');
          }),
      ),
    );
    process.exit(error ? 1 : 0);
  };
  process.once('SIGTERM', () => void stopAll());
  process.once('SIGINT', () => void stopAll());
  try {
    // The first copy alone: the command service seeds the admin and the rules at start-up, and
    // the others then find them there instead of racing for the same streams.
    await fork();
    await Promise.all(Array.from({ length: processes - 1 }, fork));
    logger.info({ processes, poolMax: process.env.DATABASE_POOL_MAX }, 'combined processes listening');
  } catch (error) {
    await stopAll(error as Error);
  }
}
