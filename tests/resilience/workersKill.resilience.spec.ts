import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from './cluster.ts';
import { failedJobs, readModelsEqualRebuild, settledFacts } from './invariants.ts';
import { buyPolicy, newStats, register, reportClaim } from './journeys.ts';
import { between, figures, profile, sleep } from './profile.ts';

/**
 * kill -9 of the workers process (projector, insurer simulation, picture processing, SMS, claim
 * timers) at random moments while customers buy policies and report claims; restarted each time.
 */
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster({
    env: {
      // Insurer working days of 0.2 s: quotes, underwriting and the claim SLA happen within seconds.
      QUOTE_DAY_SECONDS: '0.2',
      QUOTE_DEADLINE_DAYS: '50',
      // A killed worker's job is taken up again after 2 s instead of 30.
      JOB_LOCK_MS: '2000',
      PICTURE_LOCK_MS: '2000',
    },
  });
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
});

describe('kill -9 of the workers process under load', () => {
  it('loses nothing: read models equal a rebuild, every order and picture finishes, no answer twice, no timer lost', async () => {
    const stats = newStats();
    const journeys = Array.from({ length: profile.customers }, async (_, i) => {
      const client = cluster.client();
      await sleep(i * 300);
      await register(client, stats);
      const orderId = await buyPolicy(client, stats);
      return reportClaim(client, stats, cluster.baseUrl(), orderId);
    });
    const workers = cluster.sets[0]!.workers;
    let kills = 0;
    let finished = false;
    const done = Promise.allSettled(journeys).then((r) => {
      finished = true;
      return r;
    });
    // Keep killing until the quota is met, even if the customers are done: a kill on an idle process counts too.
    while (kills < profile.workerKills) {
      await sleep(between(200, finished ? 600 : 2500));
      await workers.kill('SIGKILL');
      kills += 1;
      await workers.start();
    }
    const outcomes = await done;
    const failures = outcomes
      .filter((o) => o.status === 'rejected')
      .map((o) => String((o as PromiseRejectedResult).reason));
    expect(failures).toEqual([]);

    const facts = await settledFacts(cluster.databaseUrl);
    const failed = await failedJobs(cluster.redisUrl, cluster.queuePrefix, [
      'insurer',
      'claim-timers',
      'claim-pictures',
      'sms',
    ]);
    await workers.kill('SIGTERM');
    const rebuild = await readModelsEqualRebuild(cluster.databaseUrl);

    figures('workers-kill', {
      kills,
      customers: profile.customers,
      requests: stats.requests,
      retries: stats.retries,
      events: facts.events,
      rowsCompared: rebuild.rows,
      lost:
        facts.timersNotFired.length +
        facts.picturesWithoutThumbnail.length +
        facts.orders.filter((o) => o.state !== 5).length,
      duplicates: facts.duplicateAnswers.length,
      fiveHundreds: stats.fiveHundreds.length,
    });
    expect(stats.fiveHundreds).toEqual([]);
    expect(facts.orders).toHaveLength(profile.customers);
    expect(facts.orders.filter((o) => o.state !== 5)).toEqual([]);
    expect(facts.duplicateAnswers).toEqual([]);
    expect(facts.pictures).toBeGreaterThanOrEqual(profile.customers);
    expect(facts.picturesWithoutThumbnail).toEqual([]);
    expect(facts.claims).toBe(profile.customers);
    expect(facts.timersNotFired).toEqual([]);
    expect(facts.timersFiredTwice).toEqual([]);
    expect(failed).toEqual([]);
    expect(rebuild.sample).toEqual([]);
  }, 900_000);
});
