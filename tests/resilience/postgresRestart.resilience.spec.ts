import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from './cluster.ts';
import { readModelsEqualRebuild, settledFacts } from './invariants.ts';
import { figures, profile } from './profile.ts';
import { customersThroughOutages } from './storeOutage.ts';

/**
 * PostgreSQL (event store and read models) restarted under load: the services must reconnect
 * without being restarted, answer requests in flight with a retryable error in the envelope, and
 * lose nothing they acknowledged.
 */
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster({
    ownPostgres: true,
    env: { QUOTE_DAY_SECONDS: '0.5', QUOTE_DEADLINE_DAYS: '40', JOB_LOCK_MS: '2000', PICTURE_LOCK_MS: '2000' },
  });
}, 180_000);
afterAll(async () => {
  await cluster?.stop();
});

describe('PostgreSQL restarted under load', () => {
  it('reconnects every service without a restart, answers in the envelope meanwhile, loses nothing', async () => {
    const {
      stats,
      failures,
      seen: healthDuringOutage,
    } = await customersThroughOutages(cluster, {
      customers: profile.loadCustomers,
      times: profile.postgresRestarts,
      restart: () => cluster.restartPostgres(2000),
      whileDown: () =>
        fetch(`${cluster.baseUrl()}/healthz`, { signal: AbortSignal.timeout(5000) }).then(
          (r) => r.status,
          () => 0,
        ),
    });
    expect(failures).toEqual([]);
    await cluster.healthy();

    const facts = await settledFacts(cluster.databaseUrl);
    const restartedProcesses = cluster.processes
      .filter((p) => p.starts !== 1 || !p.child || p.child.exitCode !== null)
      .map((p) => p.name);
    await cluster.sets[0]!.workers.kill('SIGTERM');
    const rebuild = await readModelsEqualRebuild(cluster.databaseUrl);
    figures('postgres-restart', {
      restarts: profile.postgresRestarts,
      customers: profile.loadCustomers,
      requests: stats.requests,
      retries: stats.retries,
      events: facts.events,
      healthDuringOutage,
      answersWhileDown: stats.refusals,
      lost:
        facts.timersNotFired.length +
        facts.picturesWithoutThumbnail.length +
        facts.orders.filter((o) => o.state !== 5).length,
      duplicates: facts.duplicateAnswers.length,
      fiveHundredsWithoutEnvelope: stats.fiveHundreds.length,
    });
    expect(restartedProcesses).toEqual([]);
    // What a client got while the database was away: the retryable refusal, nothing else.
    expect(Object.keys(stats.refusals).filter((k) => !k.startsWith('503 50300 '))).toEqual([]);
    expect(healthDuringOutage.every((s) => s === 503)).toBe(true);
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
