import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcedProcesses } from '@feibao/platform/processes';
import { startCombined } from '../../scripts/combined.ts';
import { createClient, registerUser, startTestPlatform, type TestPlatform } from '../support/platform.ts';

/**
 * `npm start`'s combined process (scripts/combined.ts): the edge with the command and query apps
 * in its own process. The rest of the platform (workers, database) comes from the test harness.
 */
let platform: TestPlatform;
/** Announcements of this test process: the harness's own services and the combined process's. */
const mine = async () =>
  (await announcedProcesses(platform.command.deps.redis, platform.config.queuePrefix)).filter(
    (a) => a.pid === process.pid,
  );
let combined: Awaited<ReturnType<typeof startCombined>>;
let base: string;
let harnessInstances: Set<string>;
beforeAll(async () => {
  platform = await startTestPlatform();
  harnessInstances = new Set((await mine()).map((a) => a.instance));
  combined = await startCombined(platform.config, { port: 0, webRoot: '/nonexistent' });
  base = `http://127.0.0.1:${combined.port}`;
});
afterAll(async () => {
  await combined?.stop();
  await platform?.stop();
});

describe('the combined process', () => {
  it('serves the API through its edge: a write, then the writer’s read of it', async () => {
    const client = createClient(base);
    await registerUser(client);
    const saved = await client.post('/api/v1/uav/order/save', { insuranceTypeInfo: { orderType: 0 } });
    expect(saved.headers.get('x-served-by')).toBe('command');
    const page = await client.post('/api/v1/uav/order/page', { currentPage: 1, pageSize: 20 });
    expect([page.status, page.headers.get('x-served-by'), page.headers.get('x-frame-options')]).toEqual([
      200,
      'query',
      'DENY',
    ]);
    expect(page.headers.get('x-route-table')).toBeNull();
  });

  it('is healthy once its apps answer and their route tables are known', async () => {
    const answer = await fetch(`${base}/healthz`);
    const report = (await answer.json()) as { ok: boolean; checks: Record<string, { ok: boolean }> };
    expect([answer.status, report.checks.commandService?.ok, report.checks.queryService?.ok]).toEqual([
      200,
      true,
      true,
    ]);
  });

  it('announces the edge, command and query it hosts, each at a port of its own for its health and metrics', async () => {
    const hosted = (await mine()).filter((a) => !harnessInstances.has(a.instance));
    expect(hosted.map((a) => a.process).sort()).toEqual(['command', 'edge', 'query']);
    // Not the shared public port: under node:cluster that would reach any copy.
    expect(new Set([combined.port, ...hosted.map((a) => a.port)]).size).toBe(4);
    for (const address of hosted) {
      const health = await fetch(`http://${address.host}:${address.port}/internal/health`);
      expect([address.process, ((await health.json()) as { process: string }).process]).toEqual([
        address.process,
        address.process,
      ]);
    }
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(/http_requests_total\{[^}]*service="query"[^}]*\} \d+/);
  });
});
