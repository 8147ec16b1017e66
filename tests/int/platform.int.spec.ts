import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workersHeartbeatKey } from '@feibao/platform/health';
import { startEdge } from '@feibao/edge-service/service';
import { newPhone, startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => platform?.stop());

describe('/healthz', () => {
  it('is 200 when the event store, read models, projections and queue answer', async () => {
    const answer = await fetch(`${platform.baseUrl}/healthz`);
    expect(answer.status).toBe(200);
    const report = (await answer.json()) as any;
    expect(report.ok).toBe(true);
    expect(Object.keys(report.checks).sort()).toEqual([
      'commandService',
      'eventStore',
      'migrations',
      'projections',
      'queryService',
      'queue',
      'workers',
    ]);
  });

  it('is 503 naming the workers while they do not beat, 200 once they do again', async () => {
    await platform.stopWorkers();
    try {
      const down = await fetch(`${platform.baseUrl}/healthz`);
      expect(down.status).toBe(503);
      const report = (await down.json()) as any;
      expect(report.checks.workers.ok).toBe(false);
      expect(report.checks.workers.detail).toContain('no workers heartbeat');
      expect(report.checks.queue.ok).toBe(true);

      const longAgo = new Date(Date.now() - 60_000).toISOString();
      await platform.command.deps.redis.set(
        workersHeartbeatKey(platform.config.queuePrefix),
        JSON.stringify({ pid: 1, at: longAgo }),
      );
      const stale = (await (await fetch(`${platform.baseUrl}/healthz`)).json()) as any;
      expect(stale.checks.workers).toEqual({
        ok: false,
        detail: `workers heartbeat stale: last beat at ${longAgo} (pid 1)`,
      });
    } finally {
      await platform.startWorkers();
    }
    const up = await fetch(`${platform.baseUrl}/healthz`);
    expect(up.status).toBe(200);
    expect(((await up.json()) as any).checks.workers).toMatchObject({ ok: true, detail: { pid: process.pid } });
  }, 20_000);

  it('is 503 naming the parked projection and its error', async () => {
    await platform.pool.query(
      `UPDATE feibao_projections SET status = 'parked', last_error = 'boom: bad event' WHERE name = 'user-profiles'`,
    );
    try {
      const answer = await fetch(`${platform.baseUrl}/healthz`);
      expect(answer.status).toBe(503);
      const report = (await answer.json()) as any;
      expect(report.checks.projections).toEqual({ ok: false, detail: 'user-profiles: parked (boom: bad event)' });
      expect(report.checks.eventStore.ok).toBe(true);
    } finally {
      await platform.pool.query(
        `UPDATE feibao_projections SET status = 'running', last_error = NULL WHERE name = 'user-profiles'`,
      );
    }
  });

  it('is 503 when the queue cannot be reached', async () => {
    const edge = await startEdge(
      { ...platform.config, redisUrl: 'redis://127.0.0.1:1' },
      { port: 0, webRoot: '/nonexistent' },
    );
    try {
      const answer = await fetch(`http://127.0.0.1:${edge.port}/healthz`);
      expect(answer.status).toBe(503);
      expect(((await answer.json()) as any).checks.queue.ok).toBe(false);
    } finally {
      await edge.stop();
    }
  }, 15_000);
});

describe('the edge', () => {
  it('replaces a client-sent X-Forwarded-For, so rate limits key on the real address', async () => {
    const phone = newPhone();
    const first = await fetch(`${platform.baseUrl}/api/v1/uav/user/phone?phone=${phone}`, {
      headers: { 'x-forwarded-for': '203.0.113.1' },
    });
    expect(((await first.json()) as any).code).toBe(20000);
    const spoofed = await fetch(`${platform.baseUrl}/api/v1/uav/user/phone?phone=${phone}`, {
      headers: { 'x-forwarded-for': '203.0.113.2' },
    });
    expect(((await spoofed.json()) as any).code).toBe(42900);
  });

  it('answers an unbuilt web app and unknown API paths with an envelope', async () => {
    const page = await fetch(`${platform.baseUrl}/index/index`);
    expect(page.status).toBe(404);
    expect(((await page.json()) as any).code).toBe(40400);
  });
});

describe('dev SMS inbox', () => {
  it('is not mounted in production', async () => {
    const production = await startTestPlatform({
      env: { NODE_ENV: 'production', SMS_PROVIDER: 'dev' },
      workers: false,
    });
    try {
      const answer = await fetch(`${production.baseUrl}/api/v1/uav/dev/sms/latest?phone=13800000000`);
      expect(answer.status).toBe(404);
      // The query service's table has no dev routes there, so the edge answers itself.
      expect(answer.headers.get('x-served-by')).toBeNull();
      expect(await answer.json()).toEqual({ code: 40400, message: '请求地址不存在', data: null });
    } finally {
      await production.stop();
    }
  });
});
