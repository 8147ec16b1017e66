/**
 * Gauges of the shared stores, read when scraped: projection lag (PostgreSQL) and queue depths
 * (Redis). The edge registers them, once per platform, so they do not depend on the process they
 * describe: a stopped workers process still shows its queues filling and its projections lagging.
 */
import type { ConnectionOptions } from 'bullmq';
import { Gauge, type Registry } from 'prom-client';
import type { Queryable } from './db.ts';
import { logger } from './logger.ts';
import { operatedQueues, readQueueRows } from './queueHandles.ts';
import { readProjectionRows } from './projections/operations.ts';

/** One read per scrape even though several gauges use it. */
const perScrape = <T>(read: () => Promise<T>, ttlMs = 1000) => {
  let cached: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (!cached || Date.now() - cached.at > ttlMs) {
      const value = read();
      cached = { at: Date.now(), value };
      value.catch(() => {
        cached = null;
      });
    }
    return cached.value;
  };
};

/** A failed read leaves the gauge empty for this scrape (and logs why) rather than failing the scrape. */
const orEmpty = async <T>(read: () => Promise<T[]>, what: string): Promise<T[]> => {
  try {
    return await read();
  } catch (error) {
    logger.warn({ err: error }, `metrics: ${what} unavailable`);
    return [];
  }
};

export const registerPlatformGauges = (
  registry: Registry,
  stores: { db: Queryable; redis: ConnectionOptions; queuePrefix: string; queueNames: readonly string[] },
) => {
  const queues = operatedQueues(stores.redis, stores.queuePrefix, stores.queueNames);
  const projections = perScrape(() => readProjectionRows(stores.db));
  const queueRows = perScrape(() => readQueueRows(queues));
  const registers = [registry];
  // Registered anew on each start (a test restarts the edge in one Node process).
  for (const name of ['projection_lag_events', 'projection_lag_seconds', 'projection_parked', 'queue_jobs'])
    registry.removeSingleMetric(name);

  new Gauge({
    name: 'projection_lag_events',
    help: 'Events of its types stored after a projection checkpoint (counted up to 10000)',
    labelNames: ['projection'] as const,
    registers,
    aggregator: 'max',
    async collect() {
      this.reset();
      for (const p of await orEmpty(projections, 'projection lag')) this.set({ projection: p.name }, p.lagEvents);
    },
  });
  new Gauge({
    name: 'projection_lag_seconds',
    help: 'Age of the oldest event a projection has not applied yet; 0 when caught up',
    labelNames: ['projection'] as const,
    registers,
    aggregator: 'max',
    async collect() {
      this.reset();
      for (const p of await orEmpty(projections, 'projection lag')) this.set({ projection: p.name }, p.lagMs / 1000);
    },
  });
  new Gauge({
    name: 'projection_parked',
    help: '1 while a projection is parked on a failing event',
    labelNames: ['projection'] as const,
    registers,
    aggregator: 'max',
    async collect() {
      this.reset();
      for (const p of await orEmpty(projections, 'projection state'))
        this.set({ projection: p.name }, p.state === 'parked' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'queue_jobs',
    help: 'Jobs in a BullMQ queue by state (waiting includes prioritised)',
    labelNames: ['queue', 'state'] as const,
    registers,
    aggregator: 'max',
    async collect() {
      this.reset();
      for (const q of await orEmpty(queueRows, 'queue depths'))
        for (const [state, count] of Object.entries(q.counts)) this.set({ queue: q.name, state }, count);
    },
  });
  return { close: () => queues.close() };
};
