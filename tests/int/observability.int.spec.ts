import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Decider } from '@feibao/domain/shared/decider';
import { orderStreamId } from '@feibao/domain/ordering/order.events';
import { userStreamId } from '@feibao/domain/accounts/user.events';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import type { ProcessesReport, ProcessStatus } from '@feibao/domain/observability/processes';
import { announcedProcesses } from '@feibao/platform/processes';
import { captureLogs } from '@feibao/platform/logger';
import { createEventStore, handleCommand, type EventStore } from '@feibao/platform/eventStore';
import { createRedis, type Redis } from '@feibao/platform/redis';
import { runInContext } from '@feibao/platform/context';
import {
  ADMIN,
  newPhone,
  registerUser,
  sendCode,
  startTestPlatform,
  type Client,
  type TestPlatform,
  accountWithRoles,
  signIn,
} from '../support/platform.ts';
import { companyProfile, waitForOrderState } from '../support/policies.ts';

const PROCESSES = '/api/v1/uav/backoffice/ops/processes';

type Ticked = { type: 'Ticked'; data: { n: number } };
/** Each tick appends the next number: concurrent ticks read the same version and conflict. */
const counter: Decider<number, { type: 'Tick' }, Ticked> = {
  initialState: () => 0,
  evolve: (n) => n + 1,
  decide: (_command, n) => [{ type: 'Ticked', data: { n } }],
};

let platform: TestPlatform;
let admin: Client;
let eventStore: EventStore;
let redis: Redis;

const staffWith = (roles: string[]) => accountWithRoles(platform, admin, roles);

const processes = async (): Promise<ProcessesReport> => {
  const answer = await admin.get<ProcessesReport>(PROCESSES);
  expect(answer.body.code).toBe(20000);
  return answer.body.data;
};
const row = (report: ProcessesReport, name: string): ProcessStatus => {
  const found = report.processes.find((p) => p.process === name);
  if (!found) throw new Error(`no ${name} row`);
  return found;
};

const scrape = async (headers: Record<string, string> = {}) => {
  const answer = await fetch(`${platform.baseUrl}/metrics`, { headers });
  return { status: answer.status, type: answer.headers.get('content-type'), text: await answer.text() };
};

beforeAll(async () => {
  platform = await startTestPlatform({ env: { SMS_HOURLY_PER_ADDRESS: '100000', QUOTE_DAY_SECONDS: '0.2' } });
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

describe('the processes report', () => {
  it('is refused to the unauthenticated, guests, customers, claims staff and the rule-platform roles', async () => {
    const anonymous = await platform.client().get(PROCESSES);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 40100, message: '请先登录' });

    const guest = platform.client();
    guest.adopt(await guest.post('/api/v1/uav/user/guest'));
    const customer = platform.client();
    await registerUser(customer);
    const staff = await Promise.all(
      [['claims'], ['auditor'], ['test'], ['batchTest'], ['auditor', 'test', 'batchTest']].map(staffWith),
    );
    for (const client of [guest, customer, ...staff]) {
      const answer = await client.get(PROCESSES);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ code: 40300, message: '无权限访问', data: null });
    }
  }, 120_000);

  it("gives the admin each process's own health: pid, uptime and its checks", async () => {
    const report = await processes();
    expect(report.processes.map((p) => p.process)).toEqual(['edge', 'command', 'query', 'workers']);
    expect(report.ok).toBe(true);
    const checks: Record<string, string[]> = {
      edge: ['database', 'redis', 'commandRoutes', 'queryRoutes'],
      command: ['database', 'redis', 'queueRedis'],
      query: ['database', 'redis'],
      workers: ['database', 'redis', 'queueWorkers', 'projections'],
    };
    for (const p of report.processes) {
      if (!p.reachable) throw new Error(`${p.process} unreachable: ${p.error}`);
      expect(p.pid).toBe(process.pid);
      expect(p.uptimeSeconds).toBeGreaterThanOrEqual(0);
      expect(Object.keys(p.checks).sort()).toEqual(checks[p.process]!.sort());
      expect(Object.values(p.checks).every((c) => c.ok)).toBe(true);
    }
  });

  it('shows a stopped workers process as missing, and back once it runs again', async () => {
    await platform.stopWorkers();
    try {
      const report = await processes();
      expect(report.ok).toBe(false);
      expect(row(report, 'workers')).toMatchObject({ reachable: false, ok: false });
      expect(row(report, 'command')).toMatchObject({ reachable: true, ok: true });
    } finally {
      await platform.startWorkers();
    }
    expect(row(await processes(), 'workers')).toMatchObject({ reachable: true, ok: true, process: 'workers' });
  }, 60_000);

  it('answers /internal/health per process, only to callers on this host or network not relayed by a proxy', async () => {
    const own = await fetch(`${platform.baseUrl}/internal/health`);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ process: 'edge', ok: true, pid: process.pid });

    const command = (await announcedProcesses(redis, platform.config.queuePrefix)).find(
      (p) => p.process === 'command',
    )!;
    expect(command.port).toBe(platform.command.port);
    const direct = await fetch(`http://127.0.0.1:${command.port}/internal/health`);
    expect(await direct.json()).toMatchObject({ process: 'command', ok: true });

    const relayed = await fetch(`${platform.baseUrl}/internal/health`, {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(relayed.status).toBe(403);
    expect(await relayed.json()).toEqual({ code: 40300, message: '无权限访问', data: null });
    expect((await scrape({ 'x-forwarded-for': '203.0.113.9' })).status).toBe(403);
  });
});

describe('request ids', () => {
  it('are made at the edge, passed to the service, echoed, logged and kept on the events appended', async () => {
    const client = platform.client();
    const phone = newPhone();
    const code = await sendCode(client, phone);
    const requestId = `it-${randomUUID()}`;
    const logs = captureLogs('debug');
    let answer: Awaited<ReturnType<Client['post']>>;
    try {
      answer = await client.post(
        '/api/v1/uav/user/register',
        {
          registerType: 1,
          name: '日志用户',
          mobilePhone: phone,
          password: 'passw0rd-ok',
          confirmPassword: 'passw0rd-ok',
          identifyingCode: code,
        },
        { headers: { 'x-request-id': requestId } },
      );
    } finally {
      logs.stop();
    }
    expect(answer.body.code).toBe(20000);
    expect(answer.headers.get('x-request-id')).toBe(requestId);
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        service: 'command',
        requestId,
        msg: 'request',
        route: '/api/v1/uav/user/register',
        status: 200,
        level: 'debug',
      }),
    );
    const stream = await eventStore.readStream(userStreamId(phone));
    expect(stream.events.length).toBeGreaterThan(0);
    for (const event of stream.events) expect((event.metadata as { requestId?: string }).requestId).toBe(requestId);

    // The edge makes one when the client sends none, or one that is not a plain token.
    const made = await platform.client().get('/api/v1/uav/user/guest-nothing-here');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await platform
      .client()
      .get('/api/v1/uav/no-such', { headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("travel on to the workers: the insurers' answers to an inquiry carry the inquiry's request id", async () => {
    const client = platform.client();
    await registerUser(client);
    expect((await client.post('/api/v1/uav/user/update', companyProfile)).body.code).toBe(20000);
    const orderId: string = (await client.post('/api/v1/uav/order/save', generalApplication())).body.data.id;
    const requestId = `it-${randomUUID()}`;
    const inquiry = await client.post(
      '/api/v1/uav/order/inquiryPrice',
      { ...generalApplication(), id: orderId },
      { headers: { 'x-request-id': requestId } },
    );
    expect(inquiry.body.code).toBe(20000);
    await waitForOrderState(client, orderId, 2);
    // Appended by the workers from jobs the InquiryRequested event caused: the id came along.
    const answers = (await eventStore.readStream(orderStreamId(orderId))).events.filter(
      (e) => e.type === 'InsurerQuoteRecorded',
    );
    expect(answers.length).toBeGreaterThan(0);
    for (const event of answers) expect((event.metadata as { requestId?: string }).requestId).toBe(requestId);
  });
});

describe('/metrics at the edge', () => {
  it('gives every process its series in Prometheus text: HTTP by route template, conflicts, lag, queues, claims, quotes', async () => {
    await admin.get(PROCESSES);
    await platform.client().get('/api/v1/uav/no-such-route');
    // Concurrent writes to one stream: all but one conflict and decide again.
    const streamId = `conflict-${randomUUID()}`;
    const ticks = await runInContext({ service: 'command' }, () =>
      Promise.allSettled(
        Array.from({ length: 6 }, () => handleCommand(eventStore, streamId, counter, { type: 'Tick' })),
      ),
    );
    // A writer that conflicted on every attempt gives up (counted apart); every other one landed.
    const landed = ticks.filter((t) => t.status === 'fulfilled').length;
    expect(landed).toBeGreaterThan(0);
    expect((await eventStore.readStream(streamId)).events).toHaveLength(landed);

    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toContain('text/plain');
    const sample = (pattern: RegExp) => expect(text).toMatch(pattern);
    sample(
      /^http_requests_total\{method="GET",route="\/api\/v1\/uav\/backoffice\/ops\/processes",status="200",service="query",instance="[^"]+"\} \d+/m,
    );
    sample(
      /^http_requests_total\{method="GET",route="\(unmatched\)",status="404",service="edge",instance="[^"]+"\} \d+/m,
    );
    sample(
      /^http_request_duration_seconds_bucket\{le="0\.1",method="POST",route="\/api\/v1\/uav\/user\/login",service="command",instance="[^"]+"\} \d+/m,
    );
    sample(/^command_conflicts_total\{stream="conflict",service="command",instance="[^"]+"\} [1-9]\d*/m);
    sample(/^projection_lag_events\{projection="claims",service="edge",instance="[^"]+"\} \d+/m);
    sample(/^projection_lag_seconds\{projection="orders",service="edge",instance="[^"]+"\} [\d.e-]+/m);
    sample(/^queue_jobs\{queue="sms",state="completed",service="edge",instance="[^"]+"\} [1-9]\d*/m);
    sample(/^claims_sla_overdue\{stage="accept",service="query",instance="[^"]+"\} 0/m);
    sample(/^# TYPE quote_turnaround_seconds histogram$/m);
    if (landed < ticks.length)
      sample(
        new RegExp(
          `^command_conflict_failures_total\\{stream="conflict",service="command",instance="[^"]+"\\} ${ticks.length - landed}$`,
          'm',
        ),
      );
    sample(/^process_cpu_user_seconds_total\{service="workers",instance="[^"]+"\} [\d.e-]+/m);
    // One HELP and TYPE per name however many processes report it.
    expect(text.match(/^# TYPE http_requests_total counter$/gm)).toHaveLength(1);
    // No raw path ever becomes a label.
    expect(text).not.toContain('no-such-route');
  });
});
