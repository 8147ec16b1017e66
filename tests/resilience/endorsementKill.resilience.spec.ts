import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer, Client } from '../support/platform.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { failedJobs } from './invariants.ts';
import { buyPolicy, newStats, register } from './journeys.ts';
import { between, figures, profile, sleep } from './profile.ts';

/**
 * kill -9 of the workers process while 批改 are being answered (docs/api/endorsement.md, docs/reliability.md):
 * each customer removes a drone, the insurer worker approves it (a return premium) and the payment worker
 * refunds it through the provider, with the workers killed at random meanwhile. Exactly one approval, one
 * PolicyEndorsed, one refund asked for and confirmed per policy; no job failed.
 */
const API = '/api/v1/uav';
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster({
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '50', JOB_LOCK_MS: '2000', PICTURE_LOCK_MS: '2000' },
  });
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
});

/** Retries what a user would (a refused or failed request) until `done` says the answer is final. */
const until = async (what: string, send: () => Promise<ApiAnswer>, done: (a: ApiAnswer) => boolean) => {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const answer = await send().catch(() => null);
    if (answer && done(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(answer?.body).slice(0, 300)}`);
    await sleep(250);
  }
};

const endorse = async (client: Client, orderId: string) => {
  const changes = [{ kind: 'removeDrone', index: 1 }];
  const price = await until(
    'price',
    () => client.post(`${API}/order/endorsement/price`, { id: orderId, changes }),
    (a) => a.body.code === 20000,
  );
  // A retried request that went through is refused as pending: the first one stands.
  await until(
    'request',
    () =>
      client.post(`${API}/order/endorsement/request`, { id: orderId, changes, confirmedTotal: price.body.data.total }),
    (a) => a.body.code === 20000 || a.body.code === 40900,
  );
  await until(
    'endorsed',
    () => client.get(`${API}/order/endorsement?id=${orderId}`),
    (a) => a.body.data?.endorsement?.status === 'endorsed',
  );
};

describe('kill -9 of the workers while 批改 are approved and refunded', () => {
  it('approves each once, endorses each once, refunds each once, fails no job', async () => {
    const stats = newStats();
    const journeys = Array.from({ length: profile.customers }, async (_, i) => {
      const client = cluster.client();
      await sleep(i * 300);
      await register(client, stats);
      const orderId = await buyPolicy(client, stats);
      await endorse(client, orderId);
      return orderId;
    });
    const workers = cluster.sets[0]!.workers;
    let kills = 0;
    let finished = false;
    const done = Promise.allSettled(journeys).then((r) => {
      finished = true;
      return r;
    });
    while (kills < profile.workerKills || !finished) {
      await sleep(between(200, finished ? 600 : 2500));
      if (kills >= profile.workerKills) continue;
      await workers.kill('SIGKILL');
      kills += 1;
      await workers.start();
    }
    const outcomes = await done;
    expect(
      outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason)),
    ).toEqual([]);
    const orderIds = outcomes.map((o) => (o as PromiseFulfilledResult<string>).value);

    const pool = new pg.Pool({ connectionString: cluster.databaseUrl });
    try {
      const count = async (type: string) => {
        const { rows } = await pool.query(
          `SELECT stream_id, count(*)::int AS n FROM emt_messages WHERE message_type = $1 GROUP BY stream_id`,
          [type],
        );
        return new Map(rows.map((r) => [r.stream_id as string, r.n as number]));
      };
      // The refund is carried out after the approval: wait for each confirmation before counting.
      const deadline = Date.now() + 120_000;
      while ((await count('RefundConfirmed')).size < orderIds.length && Date.now() < deadline) await sleep(500);
      for (const type of ['EndorsementApproved', 'PolicyEndorsed', 'RefundRequested', 'RefundConfirmed']) {
        const counts = await count(type);
        const wrong = orderIds.filter((id) => counts.get(`order-${id}`) !== 1);
        expect({ type, wrong }).toEqual({ type, wrong: [] });
      }
    } finally {
      await pool.end();
    }
    const failed = await failedJobs(cluster.redisUrl, cluster.queuePrefix, ['insurer', 'payments']);
    figures('endorsement-kill', { kills, customers: profile.customers, requests: stats.requests });
    expect(failed).toEqual([]);
  }, 900_000);
});
