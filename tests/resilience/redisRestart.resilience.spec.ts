import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from './cluster.ts';
import { readModelsEqualRebuild, settledFacts } from './invariants.ts';
import { figures, profile } from './profile.ts';
import { customersThroughOutages } from './storeOutage.ts';

/**
 * Redis (the `queue` check of /healthz) killed and restarted empty (no persistence: the worst case) while customers buy policies and
 * report claims: its queues, delayed jobs, rate limits and sessions' revocations are gone. The
 * platform must say so on /healthz meanwhile and recover by itself.
 */
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster({
    ownRedis: true,
    env: {
      QUOTE_DAY_SECONDS: '0.5',
      QUOTE_DEADLINE_DAYS: '40',
      JOB_LOCK_MS: '2000',
      PICTURE_LOCK_MS: '2000',
      JOB_RECOVERY_CHECK_MS: '1000',
    },
  });
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
});

type Health = { status: number; redisDown: boolean };
const health = async (url: string): Promise<Health> => {
  const answer = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) }).catch(() => null);
  if (!answer) return { status: 0, redisDown: false };
  const body = (await answer.json().catch(() => ({}))) as { checks?: Record<string, { ok: boolean }> };
  return { status: answer.status, redisDown: body.checks?.queue?.ok === false };
};

describe('Redis restarted empty under load', () => {
  it('says so on /healthz, then recovers by itself: every order, claim timer and picture completes', async () => {
    const { stats, failures, seen } = await customersThroughOutages(cluster, {
      customers: profile.loadCustomers,
      times: profile.redisRestarts,
      restart: () => cluster.restartRedis(2500),
      // While it is down, the edge's health names Redis.
      whileDown: () => health(cluster.baseUrl()),
    });
    expect(failures).toEqual([]);
    await cluster.healthy();

    const facts = await settledFacts(cluster.databaseUrl);
    await cluster.sets[0]!.workers.kill('SIGTERM');
    const rebuild = await readModelsEqualRebuild(cluster.databaseUrl);
    figures('redis-restart', {
      restarts: profile.redisRestarts,
      customers: profile.loadCustomers,
      requests: stats.requests,
      retries: stats.retries,
      events: facts.events,
      healthDuringOutage: seen.map((h) => `${h.status}${h.redisDown ? ' redis down' : ''}`),
      lost:
        facts.timersNotFired.length +
        facts.picturesWithoutThumbnail.length +
        facts.orders.filter((o) => o.state !== 5).length,
      duplicates: facts.duplicateAnswers.length,
      fiveHundreds: stats.fiveHundreds.length,
    });
    expect(seen.every((h) => h.status === 503 && h.redisDown)).toBe(true);
    expect(stats.fiveHundreds).toEqual([]);
    expect(facts.orders.filter((o) => o.state !== 5)).toEqual([]);
    expect(facts.orders).toHaveLength(profile.loadCustomers);
    expect(facts.duplicateAnswers).toEqual([]);
    expect(facts.picturesWithoutThumbnail).toEqual([]);
    expect(facts.timersNotFired).toEqual([]);
    expect(facts.timersFiredTwice).toEqual([]);
    expect(rebuild.sample).toEqual([]);
  }, 900_000);
});
