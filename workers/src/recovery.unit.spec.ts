import type { Queue } from 'bullmq';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@feibao/domain/ordering/order.events';
import type { Pool } from '@feibao/platform/db';
import type { ClaimPictureJob } from './claims/pictures/jobs.ts';
import type { ClaimTimerJob } from './claims/slaTimers.ts';
import type { InsurerJob } from './quoting/jobs.ts';
import {
  insurerJobsAhead,
  jobsRecoveredMarker,
  jobsRecoveringLease,
  startJobRecovery,
  type RecoveryRedis,
} from './recovery.ts';

const request = (requestId: string, attempt?: number) => ({
  requestId,
  insurerId: 1,
  insurerName: '测试保险',
  requestedAt: '2026-11-02T00:00:00.000Z',
  answerDueAt: '2026-11-03T00:00:00.000Z',
  deadlineAt: '2026-11-09T00:00:00.000Z',
  attempt,
});
const base = {
  orderId: 'o1',
  orderNo: 'BD1',
  owner: 'u',
  orderType: 0,
  form: {},
  createdAt: '2026-11-01T00:00:00.000Z',
  round: 1,
  lines: [],
};
const options = { quoteDaySeconds: 86_400, underwriteDays: 1 };

describe('the insurer jobs an order still waits for', () => {
  it('asks again only unanswered requests, and times out every open one', () => {
    const order = {
      ...base,
      status: 'quoting',
      insurers: [
        { request: request('r1'), answers: {}, timedOut: false, validUntil: null },
        // A manual (referred) answer is staff's to finish: rating it again would record it twice.
        { request: request('r2', 2), answers: { a: { kind: 'manual' } }, timedOut: false, validUntil: null },
        { request: request('r3'), answers: {}, timedOut: true, validUntil: null },
      ],
    } as unknown as Order;
    expect(insurerJobsAhead(order, '2026-11-02T00:00:00.000Z', options)).toEqual([
      { job: { kind: 'answer', orderId: 'o1', requestId: 'r1', attempt: undefined }, at: '2026-11-03T00:00:00.000Z' },
      { job: { kind: 'timeout', orderId: 'o1', requestId: 'r1', attempt: undefined }, at: '2026-11-09T00:00:00.000Z' },
      { job: { kind: 'timeout', orderId: 'o1', requestId: 'r2', attempt: 2 }, at: '2026-11-09T00:00:00.000Z' },
    ]);
  });

  it('underwrites an insured order a working day after its last change; policy dates are the sweep’s', () => {
    const insured = { ...base, status: 'insured' } as unknown as Order;
    const [underwrite] = insurerJobsAhead(insured, '2026-11-02T08:00:00.000Z', options);
    expect(underwrite!.job).toEqual({ kind: 'underwrite', orderId: 'o1' });
    expect(new Date(underwrite!.at).getTime()).toBeGreaterThan(new Date('2026-11-02T08:00:00.000Z').getTime());

    const policy = { ...base, startDate: '2026-12-01T00:00:00.000Z', endDate: '2027-11-30T00:00:00.000Z' };
    for (const status of ['underwritten', 'inForce', 'lapsed'])
      expect(insurerJobsAhead({ ...policy, status } as unknown as Order, '', options)).toEqual([]);
  });
});

/** The few Redis commands the recovery uses, in memory, with expiries on the (fake) clock. */
const fakeRedis = () => {
  const keys = new Map<string, { value: string; expiresAt: number }>();
  const live = (key: string) => {
    const entry = keys.get(key);
    if (entry && entry.expiresAt <= Date.now()) keys.delete(key);
    return keys.get(key);
  };
  const redis = {
    keys,
    async exists(key: string) {
      return live(key) ? 1 : 0;
    },
    async get(key: string) {
      return live(key)?.value ?? null;
    },
    async set(key: string, value: string, ...options: (string | number)[]) {
      if (options.includes('NX') && live(key)) return null;
      const px = options.indexOf('PX');
      keys.set(key, { value, expiresAt: px >= 0 ? Date.now() + Number(options[px + 1]) : Number.POSITIVE_INFINITY });
      return 'OK';
    },
    async del(key: string) {
      return keys.delete(key) ? 1 : 0;
    },
    async pexpire(key: string, ms: number) {
      const entry = live(key);
      if (!entry) return 0;
      entry.expiresAt = Date.now() + ms;
      return 1;
    },
  };
  return redis as typeof redis & RecoveryRedis;
};

/** Read models with nothing ahead; `query` is what PostgreSQL answers (or how it fails). */
const recoveryDeps = (redis: RecoveryRedis, query: () => Promise<{ rows: unknown[] }>) => ({
  redis,
  prefix: 'p',
  pool: { query } as unknown as Pool,
  insurerJobs: {} as Queue<InsurerJob>,
  claimTimers: {} as Queue<ClaimTimerJob>,
  pictureJobs: {} as Queue<ClaimPictureJob>,
  quoteDaySeconds: 86_400,
  underwriteDays: 1,
  now: () => new Date(),
  checkEveryMs: 1000,
  afterReset: vi.fn(async () => undefined),
});

describe('job recovery after Redis lost its data', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does nothing when the marker says every job is queued', async () => {
    const redis = fakeRedis();
    await redis.set(jobsRecoveredMarker('p'), 'x');
    const query = vi.fn(async () => ({ rows: [] }));
    const recovery = startJobRecovery(recoveryDeps(redis, query));
    await recovery.ready;
    expect(query).not.toHaveBeenCalled();
    await recovery.stop();
  });

  it('tries again at the next check when PostgreSQL is down during the recovery', async () => {
    const redis = fakeRedis();
    let postgresUp = false;
    const query = vi.fn(async () => {
      if (!postgresUp) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      return { rows: [] };
    });
    const recovery = startJobRecovery(recoveryDeps(redis, query));
    await recovery.ready;
    // Failed: no marker, and no lease left behind to block the next check.
    expect(await redis.exists(jobsRecoveredMarker('p'))).toBe(0);
    expect(await redis.exists(jobsRecoveringLease('p'))).toBe(0);

    postgresUp = true;
    const calls = query.mock.calls.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(query.mock.calls.length).toBeGreaterThan(calls);
    expect(await redis.exists(jobsRecoveredMarker('p'))).toBe(1);
    expect(await redis.exists(jobsRecoveringLease('p'))).toBe(0);
    await recovery.stop();
  });

  it('a workers process killed mid-recovery leaves no marker; the next one recovers once its lease expires', async () => {
    const redis = fakeRedis();
    // The first process hangs in the read models, then dies (kill -9: no finally runs, its lease stays).
    const first = startJobRecovery(recoveryDeps(redis, () => new Promise<never>(() => undefined)));
    await vi.advanceTimersByTimeAsync(10);
    expect(await redis.exists(jobsRecoveringLease('p'))).toBe(1);
    expect(await redis.exists(jobsRecoveredMarker('p'))).toBe(0);
    vi.clearAllTimers(); // what the kill does to its renewals and checks
    void first;

    const query = vi.fn(async () => ({ rows: [] }));
    const second = startJobRecovery(recoveryDeps(redis, query));
    await second.ready;
    // The dead holder's lease still stands: nobody recovers twice at once.
    expect(query).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(query).toHaveBeenCalled();
    expect(await redis.exists(jobsRecoveredMarker('p'))).toBe(1);
    await second.stop();
  });
});
