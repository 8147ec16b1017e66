import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectionRow } from '@feibao/domain/ops/api';
import { createEventStore, type EventStore } from '@feibao/platform/eventStore';
import { createRedis, type Redis } from '@feibao/platform/redis';
import {
  ADMIN,
  registerUser,
  startTestPlatform,
  type Client,
  type TestPlatform,
  accountWithRoles,
  signIn,
} from '../support/platform.ts';
import { OPERATED_QUEUES } from '@feibao/domain/ops/queues';

const API = '/api/v1/uav/backoffice/ops';
const DENIED = { code: 40300, message: '无权限访问' };

let platform: TestPlatform;
let admin: Client;
let eventStore: EventStore;
let redis: Redis;

const staffWith = (roles: string[]) => accountWithRoles(platform, admin, roles);

const projection = async (name: string): Promise<ProjectionRow> => {
  const answer = await admin.get(`${API}/projections`);
  expect(answer.body.code).toBe(20000);
  const row = (answer.body.data.rows as ProjectionRow[]).find((r) => r.name === name);
  if (!row) throw new Error(`no projection ${name}`);
  return row;
};

/** A FileUploaded without its fields: the uploads projection cannot store it (no document id). */
const appendMalformedUpload = async () => {
  const result = await eventStore.appendToStream(`upload-broken-${randomUUID()}`, [
    { type: 'FileUploaded', data: { note: 'malformed' } },
  ]);
  return Number(result.lastEventGlobalPosition);
};
const appendUpload = async (fileId: string) =>
  eventStore.appendToStream(`upload-${fileId}`, [
    {
      type: 'FileUploaded',
      data: {
        fileId,
        owner: ADMIN.mobilePhone,
        originalName: 'a.png',
        mime: 'image/png',
        size: 1,
        storedAs: fileId,
        category: 'test',
        orderId: null,
        uploadedAt: new Date().toISOString(),
      },
    },
  ]);
const uploadStored = async (fileId: string) =>
  (await platform.pool.query(`SELECT 1 FROM uploads WHERE _id = $1`, [fileId])).rowCount === 1;

beforeAll(async () => {
  platform = await startTestPlatform({ env: { SMS_HOURLY_PER_ADDRESS: '100000' } });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  eventStore = createEventStore(platform.config.databaseUrl);
  redis = createRedis(platform.config.redisUrl);
}, 60_000);
afterAll(async () => {
  await eventStore?.close();
  redis?.disconnect();
  await platform?.stop();
});

describe('who may use the operations console', () => {
  it('refuses every ops call to the unauthenticated, guests, customers, claims staff and the rule-platform roles', async () => {
    const calls = [
      (c: Client) => c.get(`${API}/projections`),
      (c: Client) => c.get(`${API}/queues`),
      (c: Client) => c.get(`${API}/queues/failed?queue=insurer`),
      (c: Client) => c.get(`${API}/audit`),
      (c: Client) => c.post(`${API}/projections/retry`, { name: 'uploads', reason: '测试' }),
      (c: Client) => c.post(`${API}/projections/skip`, { name: 'uploads', position: 1, reason: '测试' }),
      (c: Client) => c.post(`${API}/queues/retry`, { queue: 'insurer', jobId: '1', reason: '测试' }),
      (c: Client) => c.post(`${API}/queues/remove`, { queue: 'insurer', jobId: '1', reason: '测试' }),
      (c: Client) => c.post(`${API}/boardSession`),
      (c: Client) => c.get(`${API}/board/api/queues`),
    ];
    const anonymous = platform.client();
    for (const call of calls) {
      const answer = await call(anonymous);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 40100, message: '请先登录' });
    }

    const guest = platform.client();
    guest.adopt(await guest.post('/api/v1/uav/user/guest'));
    const customer = platform.client();
    await registerUser(customer);
    const staff = await Promise.all(
      [['claims'], ['auditor'], ['test'], ['batchTest'], ['auditor', 'test', 'batchTest']].map(staffWith),
    );
    for (const client of [guest, customer, ...staff])
      for (const call of calls) {
        const answer = await call(client);
        expect(answer.status).toBe(403);
        expect(answer.body).toMatchObject({ ...DENIED, data: null });
      }

    // Admin passes the guard: reads answer, actions meet the state of things instead.
    for (const call of [...calls.slice(0, 4), calls[8]!]) expect((await call(admin)).body.code).toBe(20000);
    expect((await calls[4]!(admin)).body).toMatchObject({ code: 40900, message: '该投影未暂停，无需重试或跳过' });
    expect((await calls[5]!(admin)).body).toMatchObject({ code: 40900, message: '该投影未暂停，无需重试或跳过' });
    expect((await calls[6]!(admin)).body).toMatchObject({ code: 40400, message: '任务不存在' });
    expect((await calls[7]!(admin)).body).toMatchObject({ code: 40400, message: '任务不存在' });
    // Nothing was refused into the record.
    expect((await admin.get(`${API}/audit`)).body.data.total).toBe(0);
  }, 120_000);

  it('refuses bad input with the envelope and a Chinese message', async () => {
    const cases: [Promise<{ status: number; body: { code: number; message: string } }>, number, string][] = [
      [admin.post(`${API}/projections/retry`, { name: 'uploads' }), 40000, '请填写原因'],
      [admin.post(`${API}/projections/retry`, { name: 'uploads', reason: '   ' }), 40000, '请填写原因'],
      [
        admin.post(`${API}/projections/retry`, { name: 'uploads', reason: 'x'.repeat(501) }),
        40000,
        '原因不能超过500个字符',
      ],
      [admin.post(`${API}/projections/retry`, { name: 'no-such', reason: '测试' }), 40400, '投影不存在'],
      [
        admin.post(`${API}/projections/skip`, { name: 'uploads', position: 'abc', reason: '测试' }),
        40000,
        '请指定要跳过的事件',
      ],
      [admin.post(`${API}/queues/retry`, { queue: 'nope', jobId: '1', reason: '测试' }), 40000, '队列不存在'],
      [admin.post(`${API}/queues/remove`, { queue: 'insurer', reason: '测试' }), 40000, '任务不存在'],
      [admin.get(`${API}/queues/failed?queue=nope`), 40000, '队列不存在'],
      [admin.get(`${API}/audit?pageSize=1000`), 40000, '每页条数不正确'],
      [admin.post(`${API}/projections/retry`, undefined, { raw: '{not json' }), 40000, ''],
    ];
    for (const [call, code, message] of cases) {
      const answer = await call;
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.code, answer.body.message).toBe(code);
      if (message) expect(answer.body.message).toBe(message);
    }
  });
});

describe('a stuck projection', () => {
  it('parks on a malformed event, is retried without a restart, and skipping the event lets it catch up', async () => {
    expect(await projection('uploads')).toMatchObject({ state: 'running', failedEvent: null });
    const bad = await appendMalformedUpload();
    const good = `ops-${randomUUID()}`;
    await appendUpload(good);

    // The runner narrows the failing batch to the one event, so the console names it.
    await expect.poll(async () => (await projection('uploads')).state, { timeout: 15_000 }).toBe('parked');
    const parked = await projection('uploads');
    expect(parked.failedEvent).toEqual({
      position: bad,
      type: 'FileUploaded',
      streamId: expect.stringMatching(/^upload-broken-/),
    });
    expect(parked.position).toBeLessThan(bad);
    expect(parked.lagEvents).toBeGreaterThanOrEqual(2);
    expect(parked.lagMs).toBeGreaterThan(0);
    expect(parked.lastError).toMatch(/null value|_id/);
    expect(await uploadStored(good)).toBe(false);

    // Retry: the same workers take it up again (attempts start over), fail again and park again.
    await platform.pool.query(`UPDATE feibao_projections SET last_error = 'before retry' WHERE name = 'uploads'`);
    const retry = await admin.post(`${API}/projections/retry`, { name: 'uploads', reason: '确认是否为偶发故障' });
    expect(retry.body).toMatchObject({ code: 20000, message: '已重新启动投影' });
    await expect
      .poll(
        async () => {
          const row = await projection('uploads');
          return row.state === 'parked' && row.lastError !== 'before retry';
        },
        { timeout: 15_000 },
      )
      .toBe(true);

    // A skip must name the event the operator saw.
    expect(
      (await admin.post(`${API}/projections/skip`, { name: 'uploads', position: bad + 1, reason: '跳过' })).body,
    ).toMatchObject({
      code: 40900,
      message: '暂停位置已变化，请刷新后重试',
    });
    const skip = await admin.post(`${API}/projections/skip`, {
      name: 'uploads',
      position: bad,
      reason: '数据错误，已登记修复',
    });
    expect(skip.body).toMatchObject({ code: 20000, message: '已跳过该事件', data: { name: 'uploads', position: bad } });
    await expect.poll(() => uploadStored(good), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await projection('uploads')).lagEvents, { timeout: 15_000 }).toBe(0);
    expect(await projection('uploads')).toMatchObject({ state: 'running', failedEvent: null, lastError: null });

    // Both actions are on record, newest first, with who and why.
    const audit = await admin.get(`${API}/audit`);
    expect(audit.body.data.rows.slice(0, 2)).toMatchObject([
      {
        kind: 'ProjectionEventSkipped',
        target: 'uploads',
        by: ADMIN.mobilePhone,
        reason: '数据错误，已登记修复',
        detail: expect.stringContaining(`#${bad} FileUploaded`),
      },
      { kind: 'ProjectionRetried', target: 'uploads', by: ADMIN.mobilePhone, reason: '确认是否为偶发故障' },
    ]);
  }, 60_000);
});

describe('failed jobs', () => {
  it('lists every queue the workers use', async () => {
    const answer = await admin.get(`${API}/queues`);
    expect(answer.body.code).toBe(20000);
    expect(answer.body.data.map((q: { name: string }) => q.name)).toEqual([...OPERATED_QUEUES]);
    // Every queue the running workers registered in Redis is one the console shows.
    const prefix = platform.config.queuePrefix;
    const seen = new Set(
      (await redis.keys(`${prefix}:*:meta`)).map((k) => k.slice(prefix.length + 1, -':meta'.length)),
    );
    expect(seen.size).toBeGreaterThan(0);
    for (const name of seen) expect(OPERATED_QUEUES).toContain(name);
  });

  it('shows a failed job with its error, retries it and removes it, each on record', async () => {
    // The platform's own workers would take the job; this test's worker fails it instead.
    await platform.stopWorkers();
    const connection = createRedis(platform.config.redisUrl, { forWorker: true });
    const prefix = platform.config.queuePrefix;
    const queue = new Queue('claim-timers', { connection, prefix });
    const failing = () =>
      new Worker(
        'claim-timers',
        async () => {
          throw new Error('保险公司接口超时');
        },
        { connection, prefix },
      );
    try {
      const job = await queue.add('MarkSlaOverdue', { claimId: 'c-ops', stage: 'accept' }, { attempts: 1 });
      let worker = failing();
      await expect.poll(async () => job.isFailed(), { timeout: 10_000 }).toBe(true);
      await worker.close();

      const counts = (await admin.get(`${API}/queues`)).body.data.find(
        (q: { name: string }) => q.name === 'claim-timers',
      );
      expect(counts.counts.failed).toBe(1);
      const failed = await admin.get(`${API}/queues/failed?queue=claim-timers`);
      expect(failed.body.data).toMatchObject({ queue: 'claim-timers', total: 1 });
      expect(failed.body.data.rows[0]).toMatchObject({
        id: job.id,
        name: 'MarkSlaOverdue',
        failedReason: '保险公司接口超时',
        attemptsMade: 1,
        attempts: 1,
      });
      expect(failed.body.data.rows[0].dataSummary).toContain('c-ops');

      const retried = await admin.post(`${API}/queues/retry`, {
        queue: 'claim-timers',
        jobId: job.id,
        reason: '接口已恢复',
      });
      expect(retried.body).toMatchObject({ code: 20000, message: '已重新排队' });
      expect(await queue.getJobState(job.id!)).toBe('waiting');
      // Only failed jobs are retried or removed.
      expect(
        (await admin.post(`${API}/queues/remove`, { queue: 'claim-timers', jobId: job.id, reason: '清理' })).body,
      ).toMatchObject({
        code: 40900,
        message: '只能重试或删除失败的任务',
      });

      worker = failing();
      await expect.poll(async () => queue.getJobState(job.id!), { timeout: 10_000 }).toBe('failed');
      await worker.close();
      const removed = await admin.post(`${API}/queues/remove`, {
        queue: 'claim-timers',
        jobId: job.id,
        reason: '理赔已结案，任务作废',
      });
      expect(removed.body).toMatchObject({ code: 20000, message: '已删除任务' });
      expect(await queue.getJob(job.id!)).toBeUndefined();

      // The record is a read model: the projector has to run to show it.
      await platform.startWorkers();
      const audit = await admin.get(`${API}/audit?pageSize=2`);
      expect(audit.body.data.rows).toMatchObject([
        {
          kind: 'QueueJobRemoved',
          target: 'claim-timers',
          detail: `MarkSlaOverdue #${job.id}`,
          reason: '理赔已结案，任务作废',
          by: ADMIN.mobilePhone,
        },
        {
          kind: 'QueueJobRetried',
          target: 'claim-timers',
          detail: `MarkSlaOverdue #${job.id}`,
          reason: '接口已恢复',
          by: ADMIN.mobilePhone,
        },
      ]);
    } finally {
      await queue.close();
      connection.disconnect();
      await platform.startWorkers();
    }
  }, 60_000);
});

describe('bull-board', () => {
  const board = `${API}/board`;
  const cookieOf = (answer: { headers: Headers }) => answer.headers.get('set-cookie') ?? '';
  const withCookie = (path: string, cookie: string, init: RequestInit = {}) =>
    fetch(platform.baseUrl + path, {
      ...init,
      headers: { cookie: cookie.split(';')[0]!, ...(init.headers as Record<string, string>) },
    });

  it('opens for an admin through a path-scoped HttpOnly cookie, read-only, and for nobody else', async () => {
    const session = await admin.post(`${API}/boardSession`);
    expect(session.body).toMatchObject({ code: 20000, data: { url: `${board}/` } });
    const cookie = cookieOf(session);
    expect(cookie).toMatch(/^feibao_ops_board=/);
    expect(cookie.toLowerCase()).toContain('httponly');
    expect(cookie.toLowerCase()).toContain('samesite=strict');
    expect(cookie).toContain(`path=${board}`);

    const page = await withCookie(`${board}/`, cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain(`${board}/`);
    const queues = await withCookie(`${board}/api/queues`, cookie);
    expect(queues.status).toBe(200);
    const names = ((await queues.json()) as { queues: { name: string; readOnlyMode: boolean }[] }).queues;
    expect(names.map((q) => q.name).sort()).toEqual([...OPERATED_QUEUES].sort());
    expect(names.every((q) => q.readOnlyMode)).toBe(true);

    // Actions never reach the board: they go through the audited calls.
    const put = await withCookie(`${board}/api/queues/insurer/retry/failed`, cookie, { method: 'PUT' });
    expect(put.status).toBe(400);
    expect(await put.json()).toMatchObject({ code: 40000, message: '请求方法不支持' });

    // No cookie: the envelope's 401; a customer's token in the cookie: 403.
    const bare = await fetch(`${platform.baseUrl}${board}/api/queues`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ code: 40100, message: '请先登录' });
    const customer = platform.client();
    await registerUser(customer);
    const forged = await withCookie(`${board}/api/queues`, `feibao_ops_board=${customer.state.accessToken}`);
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject(DENIED);
  });
});
