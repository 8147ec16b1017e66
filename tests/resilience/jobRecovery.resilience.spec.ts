import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { INSURER_QUEUE, type InsurerJob } from '@feibao/workers/quoting/jobs';
import type { Client } from '../support/platform.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { newStats, register } from './journeys.ts';
import { sleep } from './profile.ts';

/**
 * Redis restarted empty while the recovery of its jobs cannot finish (docs/adr/0009-recreate-lost-jobs.md):
 * PostgreSQL is down when it runs, or the workers are killed in the middle of it. Orders that asked for
 * quotes just before must still get their answers and keep their time-outs once the fault is over.
 * Insurer working days of 3 s: no answer is due before Redis loses the jobs.
 */
const API = '/api/v1/uav';
const CHECK_MS = 500;
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster({
    ownRedis: true,
    ownPostgres: true,
    env: {
      QUOTE_DAY_SECONDS: '3',
      QUOTE_DEADLINE_DAYS: '40',
      JOB_LOCK_MS: '2000',
      JOB_RECOVERY_CHECK_MS: String(CHECK_MS),
    },
  });
}, 180_000);
afterAll(async () => {
  await cluster?.stop();
});

/** Customers who have just asked for quotes (the dispatcher has queued their insurers' jobs). */
const ordersAskingForQuotes = async (customers: number) => {
  const stats = newStats();
  const asked = await Promise.all(
    Array.from({ length: customers }, async () => {
      const client = cluster.client();
      await register(client, stats);
      const inquiry = await client.post(`${API}/order/inquiryPrice`, generalApplication());
      expect(inquiry.body.code, inquiry.body.message).toBe(20000);
      return { client, orderId: inquiry.body.data.id as string };
    }),
  );
  // The dispatcher (a projection) queues the jobs within moments; the first answer is due after 3 s.
  await sleep(1000);
  return asked;
};

const state = async (client: Client, orderId: string) => {
  const answer = await client.get(`${API}/order/orderDetails?id=${orderId}`).catch(() => null);
  return (answer?.body.data?.state as number | undefined) ?? -1;
};

/** Every order quoted (state 2 or later) and each still holding a queued time-out for its insurers. */
const quotedWithTimeouts = async (asked: { client: Client; orderId: string }[]) => {
  const deadline = Date.now() + 60_000;
  const waiting = async () => {
    const states = await Promise.all(asked.map(({ client, orderId }) => state(client, orderId)));
    return asked.filter((_, i) => states[i]! < 2).map((a) => a.orderId);
  };
  let notQuoted = await waiting();
  while (notQuoted.length > 0 && Date.now() < deadline) {
    await sleep(500);
    notQuoted = await waiting();
  }
  const connection = new Redis(cluster.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue<InsurerJob>(INSURER_QUEUE, { connection, prefix: cluster.queuePrefix });
  try {
    const timeouts = (await queue.getJobs(['delayed', 'waiting'])).filter((j) => j?.data.kind === 'timeout');
    const withoutTimeout = asked
      .map((a) => a.orderId)
      .filter((id) => !timeouts.some((j) => (j.data as { orderId: string }).orderId === id));
    return { notQuoted, withoutTimeout };
  } finally {
    await queue.close();
    connection.disconnect();
  }
};

describe('job recovery that cannot finish', () => {
  it('PostgreSQL down while the workers recover an emptied Redis: the jobs are re-created once it is back', async () => {
    const asked = await ordersAskingForQuotes(2);
    // PostgreSQL goes first, so the recovery the empty Redis starts necessarily meets it down.
    const postgresBack = cluster.restartPostgres(6 * CHECK_MS + 2000);
    await sleep(700);
    await cluster.restartRedis(200);
    await postgresBack;
    await cluster.healthy(60_000);

    expect(await quotedWithTimeouts(asked)).toEqual({ notQuoted: [], withoutTimeout: [] });
  }, 300_000);

  it('the workers killed in the middle of recovering an emptied Redis: the restarted workers recover', async () => {
    const asked = await ordersAskingForQuotes(2);
    // Holding the orders table keeps the recovery inside its read of the read models until the kill.
    const blocker = new pg.Client({ connectionString: cluster.databaseUrl });
    await blocker.connect();
    const workers = cluster.sets[0]!.workers;
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE orders IN ACCESS EXCLUSIVE MODE');
      await cluster.restartRedis(200);
      await sleep(4 * CHECK_MS);
      await workers.kill('SIGKILL');
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      await blocker.end();
    }
    await workers.start();
    await cluster.healthy(60_000);

    expect(await quotedWithTimeouts(asked)).toEqual({ notQuoted: [], withoutTimeout: [] });
  }, 300_000);
});
