import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { startCluster, type Cluster } from './cluster.ts';
import { readModelsEqualRebuild, settledFacts } from './invariants.ts';
import { buyPolicy, newStats, register, reportClaim } from './journeys.ts';
import { figures, profile, sleep } from './profile.ts';

/**
 * The scaled deployment: two command, two query, two workers and two edge processes on one
 * PostgreSQL and one Redis, each customer's requests taking turns over the edges.
 */
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster({
    replicas: 2,
    // Each stack of four processes holds up to about 85 connections under load (docs/reliability.md "Scale-out"):
    // a server of its own, sized for two, as a deployment would size it.
    ownPostgres: true,
    postgresSettings: { max_connections: '250' },
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '50', JOB_LOCK_MS: '2000' },
  });
}, 180_000);
afterAll(async () => {
  await cluster?.stop();
});

describe('two of every process', () => {
  it('applies every event once per projection, runs every job and timer once, keeps read-your-writes', async () => {
    const stats = newStats();
    const journeys = Array.from({ length: profile.customers }, async (_, i) => {
      const client = cluster.balancedClient();
      await sleep(i * 200);
      await register(client, stats);
      // Read-your-writes across processes: a save through one edge, read at once through the other.
      let stale = 0;
      for (let n = 0; n < 5; n++) {
        const saved = await client.post('/api/v1/uav/order/save', generalApplication());
        const read = await client.get(`/api/v1/uav/order/orderDetails?id=${saved.body.data.id}`);
        if (read.body.code !== 20000 || read.body.data.id !== saved.body.data.id) stale += 1;
      }
      const orderId = await buyPolicy(client, stats);
      await reportClaim(client, stats, cluster.baseUrl(i), orderId);
      return stale;
    });
    const stale = (await Promise.all(journeys)).reduce((a, b) => a + b, 0);

    const facts = await settledFacts(cluster.databaseUrl);
    await Promise.all(cluster.sets.map((s) => s.workers.kill('SIGTERM')));
    const rebuild = await readModelsEqualRebuild(cluster.databaseUrl);
    figures('scale-out', {
      processes: cluster.processes.length,
      customers: profile.customers,
      requests: stats.requests,
      events: facts.events,
      rowsCompared: rebuild.rows,
      staleReads: stale,
      duplicates: facts.duplicateAnswers.length + facts.timersFiredTwice.length,
      lost:
        facts.timersNotFired.length +
        facts.picturesWithoutThumbnail.length +
        facts.orders.filter((o) => o.state === 1 || o.state < 0).length,
      fiveHundreds: stats.fiveHundreds.length,
    });
    expect(stale).toBe(0);
    expect(stats.fiveHundreds).toEqual([]);
    expect(facts.orders.filter((o) => o.state === 5)).toHaveLength(profile.customers);
    expect(facts.duplicateAnswers).toEqual([]);
    expect(facts.timersFiredTwice).toEqual([]);
    expect(facts.timersNotFired).toEqual([]);
    expect(facts.picturesWithoutThumbnail).toEqual([]);
    expect(rebuild.sample).toEqual([]);
  }, 900_000);
});
