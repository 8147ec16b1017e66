import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../support/platform.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { buyPolicy, newStats, register } from './journeys.ts';

/**
 * kill -9 of the workers while a 退保's refund is under way (docs/api/cancellation.md, docs/reliability.md):
 * the refund has reached the dev gateway, its signed notification not yet confirmed. The restarted workers
 * take the refund job and the notification up again: the gateway holds one refund, the order one
 * RefundRequested and one RefundConfirmed, and the policy stays 已退保.
 */
let cluster: Cluster;
let db: pg.Pool;
beforeAll(async () => {
  cluster = await startCluster({
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '50', JOB_LOCK_MS: '2000' },
  });
  db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
}, 120_000);
afterAll(async () => {
  await db?.end();
  await cluster?.stop();
});

const orderEvents = async (orderId: string) =>
  (
    await db.query<{ type: string }>(
      `SELECT message_type AS type FROM emt_messages WHERE stream_id = $1 ORDER BY stream_position`,
      [`order-${orderId}`],
    )
  ).rows.map((r) => r.type);

describe('kill -9 of the workers during a cancellation refund', () => {
  it('refunds exactly once and confirms it once', async () => {
    const stats = newStats();
    const client = cluster.client();
    await register(client, stats);
    const orderId = await buyPolicy(client, stats);
    await until(
      async () => (await client.get(`/api/v1/uav/order/orderDetails?id=${orderId}`)).body.data?.state,
      (state) => state === 4 || state === 5,
      60_000,
    );
    const applied = await client.post('/api/v1/uav/order/cancellation/apply', { orderId, reason: 'noLongerNeeded' });
    expect(applied.body.code, applied.body.message).toBe(20000);
    expect(applied.body.data.status).toBe('cancelled');

    // The refund is at the gateway: kill the workers now, whatever they were doing with it.
    const refunds = () =>
      db
        .query<{ refund_no: string }>(
          // Trade numbers carry the order id (payments/gateway.ts tradeNumber).
          `SELECT refund_no FROM dev_pay_refunds WHERE trade_no LIKE $1`,
          [`${orderId.replaceAll('-', '')}%`],
        )
        .then((r) => r.rows);
    await until(
      async () => (await orderEvents(orderId)).includes('RefundRequested') && (await refunds()).length > 0,
      (ready) => ready,
      60_000,
    );
    const workers = cluster.sets[0]!.workers;
    await workers.kill('SIGKILL');
    await workers.start();

    const events = await until(
      () => orderEvents(orderId),
      (e) => e.includes('RefundConfirmed'),
      90_000,
    );
    await new Promise((r) => setTimeout(r, 3000));
    const settled = await orderEvents(orderId);
    expect(settled.filter((t) => t === 'RefundRequested')).toHaveLength(1);
    expect(settled.filter((t) => t === 'RefundConfirmed')).toHaveLength(1);
    expect(settled.filter((t) => t === 'PolicyCancelled')).toHaveLength(1);
    expect(events).toContain('PolicyCancelled');
    expect(await refunds()).toHaveLength(1);
    expect((await client.get(`/api/v1/uav/order/orderDetails?id=${orderId}`)).body.data.state).toBe(7);
  }, 300_000);
});
