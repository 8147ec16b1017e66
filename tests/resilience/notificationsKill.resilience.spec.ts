import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Queue } from 'bullmq';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { companyProfile } from '../support/policies.ts';
import { registerUser, until } from '../support/platform.ts';
import { startCluster, type Cluster } from './cluster.ts';

/**
 * kill -9 of the workers while a notification SMS is being sent: the dev provider has stored the SMS
 * (SMS_DEV_SEND_DELAY_MS holds its answer back), the job has not been marked done. The restarted workers
 * take the job up again once its lock lapses and send it again under the same idempotency key: one SMS,
 * one inbox row, no failed job.
 */
let cluster: Cluster;
let db: pg.Pool;
beforeAll(async () => {
  cluster = await startCluster({
    env: {
      QUOTE_DAY_SECONDS: '0.2',
      QUOTE_DEADLINE_DAYS: '50',
      JOB_LOCK_MS: '2000',
      SMS_DEV_SEND_DELAY_MS: '4000',
      // The SMS must go now at whatever hour the suite runs, not wait for 08:00 Shanghai.
      NOTIFICATION_QUIET_HOURS: 'off',
      // The dev provider's "already sent under this key" line is an info line.
      LOG_LEVEL: 'info',
    },
  });
  db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
}, 120_000);
afterAll(async () => {
  await db?.end();
  await cluster?.stop();
});

describe('kill -9 of the workers mid-send of a notification SMS', () => {
  it('sends it once, keeps one inbox row, fails no job', async () => {
    const client = cluster.client();
    const { phone } = await registerUser(client);
    expect((await client.post('/api/v1/uav/user/update', companyProfile)).body.code).toBe(20000);
    const prefs = await client.post('/api/v1/uav/notification/preferences', {
      preferences: [{ kind: 'quotesIn', sms: true }],
    });
    expect(prefs.body.code).toBe(20000);
    const saved = await client.post('/api/v1/uav/order/save', generalApplication());
    const orderId: string = saved.body.data.id;
    expect(
      (await client.post('/api/v1/uav/order/inquiryPrice', { ...generalApplication(), id: orderId })).body.code,
    ).toBe(20000);

    // The SMS is stored by the provider, which is still holding its answer back: kill the workers now.
    const sms = () =>
      db
        .query<{ idempotency_key: string }>(
          `SELECT idempotency_key FROM feibao_dev_sms_outbox WHERE phone = $1 AND idempotency_key IS NOT NULL`,
          [phone],
        )
        .then((r) => r.rows);
    const [stored] = await until(sms, (rows) => rows.length > 0, 60_000);
    const workers = cluster.sets[0]!.workers;
    await workers.kill('SIGKILL');
    await workers.start();

    const queue = new Queue('sms', { connection: { url: cluster.redisUrl }, prefix: cluster.queuePrefix });
    try {
      const job = await until(
        async () => (await queue.getJob(stored!.idempotency_key)) ?? null,
        (j) => j !== null,
        10_000,
      );
      await until(
        () => job!.getState(),
        (state) => state === 'completed' || state === 'failed',
        60_000,
      );
      expect(await job!.getState()).toBe('completed');
      expect((await queue.getJob(stored!.idempotency_key))?.stalledCounter).toBeGreaterThanOrEqual(1);
      expect(await queue.getFailedCount()).toBe(0);
    } finally {
      await queue.close();
    }

    // Taken up again and sent again: the provider stored it once.
    expect(await sms()).toHaveLength(1);
    const log = readFileSync(path.join(cluster.dir, `${cluster.sets[0]!.workers.name}.log`), 'utf8');
    expect(log).toContain('dev SMS already sent under this key');
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM notifications WHERE recipient = $1 AND kind = 'quotesIn' AND link_id = $2`,
      [phone, orderId],
    );
    expect(Number(rows[0]!.n)).toBe(1);
  }, 300_000);
});
