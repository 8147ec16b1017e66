import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { documentCollection } from '@feibao/platform/documents';
import { migrate } from '@feibao/platform/migrate';
import { createRedis, type Redis } from '@feibao/platform/redis';
import { CLAIM_PICTURES } from '@feibao/read-models/claims/pictures/pictureDocument';
import { readModelMigrations } from '@feibao/read-models/projections';
import { claimPictureQueue } from '@feibao/workers/claims/pictures/jobs';
import { claimTimerQueue } from '@feibao/workers/claims/slaTimers';
import { insurerQueue } from '@feibao/workers/quoting/jobs';
import {
  jobsRecoveredMarker,
  jobsRecoveringLease,
  startJobRecovery,
  type RecoveryDeps,
} from '@feibao/workers/recovery';

/**
 * Re-creating the jobs Redis lost (workers/src/recovery.ts, docs/adr/0009-recreate-lost-jobs.md) against a
 * real Redis and real PostgreSQL pools: the marker appears only once the job still ahead is queued, also when
 * PostgreSQL refused the first attempt or a workers process died holding the lease.
 */
const CHECK_MS = 100;
let db: pg.Pool;
let redis: Redis;
/** A picture still `pending` in the read model: the one job the recovery must queue again. */
let pictureId: string;
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/feibao_test_${inject('testRunId')}_${randomBytes(5).toString('hex')}`;
  await migrate(url.toString(), [readModelMigrations]);
  db = new pg.Pool({ connectionString: url.toString(), max: 4 });
  redis = createRedis(inject('redisUrl'));
  pictureId = `pic-${randomBytes(4).toString('hex')}`;
  await documentCollection<object>(CLAIM_PICTURES).put(db, pictureId, {
    pictureId,
    claimId: 'claim-1',
    owner: '13900000001',
    name: 'a.png',
    mime: 'image/png',
    size: 1,
    storedAs: `claims/${pictureId}`,
    thumbnailAs: null,
    displayAs: null,
    imageTypeCode: '1',
    imageTypeName: '现场照片',
    processing: 'pending',
    uploadedAt: new Date().toISOString(),
    uploadedBy: '13900000001',
    capturedAt: null,
    gps: null,
  });
});
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});
afterAll(async () => {
  await db?.end();
  redis?.disconnect();
});

/** A TCP port nothing listens on: bound, then closed, so a connection to it is refused. */
const closedPort = async () => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

/** A pool whose every query throws ECONNREFUSED, as when PostgreSQL is down. */
const refusedPool = async () => {
  const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/feibao`, max: 1 });
  cleanup.push(() => pool.end());
  return pool;
};

/** A pool whose queries never answer: the server accepts the connection and says nothing. */
const hangingPool = async () => {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/feibao`, max: 1 });
  pool.on('error', () => undefined);
  return {
    pool,
    /** Drops its connections, so what waits on them fails and can be stopped. */
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end().catch(() => undefined);
    },
  };
};

/** What the workers give the recovery, on a queue prefix of this test's own. */
const recoveryDeps = (prefix: string, pool: pg.Pool, checkEveryMs = CHECK_MS) => {
  const connection = createRedis(inject('redisUrl'));
  const queues = {
    insurerJobs: insurerQueue(connection, prefix),
    claimTimers: claimTimerQueue(connection, prefix),
    pictureJobs: claimPictureQueue(connection, prefix),
  };
  cleanup.push(async () => {
    await Promise.all(Object.values(queues).map((queue) => queue.close()));
    connection.disconnect();
  });
  let resets = 0;
  const deps: RecoveryDeps = {
    redis,
    prefix,
    pool,
    ...queues,
    quoteDaySeconds: 86_400,
    underwriteDays: 1,
    now: () => new Date(),
    checkEveryMs,
    afterReset: async () => {
      resets += 1;
    },
  };
  return { deps, resets: () => resets };
};

const newPrefix = () => `feibao-test-recovery-${randomBytes(4).toString('hex')}`;

const until = async (done: () => Promise<boolean>, limitMs = 10_000) => {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > limitMs) throw new Error(`not done after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('job recovery after Redis lost its data', () => {
  it('does nothing when the marker says every job is queued', async () => {
    const prefix = newPrefix();
    await redis.set(jobsRecoveredMarker(prefix), 'x');
    const { deps, resets } = recoveryDeps(prefix, db);
    const recovery = startJobRecovery(deps);
    await recovery.ready;
    await recovery.stop();
    expect(resets()).toBe(0);
    expect(await deps.pictureJobs.getJob(pictureId)).toBeUndefined();
    expect(await redis.exists(jobsRecoveringLease(prefix))).toBe(0);
  });

  it('tries again at the next check when PostgreSQL refused the connection during the recovery', async () => {
    const prefix = newPrefix();
    const { deps } = recoveryDeps(prefix, await refusedPool());
    const recovery = startJobRecovery(deps);
    cleanup.push(() => recovery.stop());
    await recovery.ready;
    // Failed: no marker, and no lease left behind to block the next check.
    expect(await redis.exists(jobsRecoveredMarker(prefix))).toBe(0);
    expect(await redis.exists(jobsRecoveringLease(prefix))).toBe(0);
    expect(await deps.pictureJobs.getJob(pictureId)).toBeUndefined();

    // PostgreSQL is back: every later check reads the read models through the working pool.
    deps.pool = db;
    await until(async () => (await redis.exists(jobsRecoveredMarker(prefix))) === 1);
    expect(await deps.pictureJobs.getJob(pictureId)).toMatchObject({ data: { claimId: 'claim-1', pictureId } });
    await recovery.stop();
    expect(await redis.exists(jobsRecoveringLease(prefix))).toBe(0);
  });

  it('a workers process killed mid-recovery leaves no marker; a later check recovers once its lease expires', async () => {
    const prefix = newPrefix();
    // The first process hangs in the read models. Its renewal (every check) falls beyond this test, as after a kill -9.
    const hanging = await hangingPool();
    const first = startJobRecovery(recoveryDeps(prefix, hanging.pool, 60_000).deps);
    cleanup.push(async () => {
      await hanging.close();
      await first.stop();
    });
    await until(async () => (await redis.exists(jobsRecoveringLease(prefix))) === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await redis.exists(jobsRecoveredMarker(prefix))).toBe(0);
    // The dead holder's lease is left to run out on its own (shortened here so the test need not wait minutes).
    await redis.pexpire(jobsRecoveringLease(prefix), 1_000);

    const { deps, resets } = recoveryDeps(prefix, db);
    const second = startJobRecovery(deps);
    cleanup.push(() => second.stop());
    await second.ready;
    // The lease still stands: nobody recovers twice at once.
    expect(resets()).toBe(0);
    expect(await redis.exists(jobsRecoveredMarker(prefix))).toBe(0);

    await until(async () => (await redis.exists(jobsRecoveredMarker(prefix))) === 1);
    expect(resets()).toBe(1);
    expect(await deps.pictureJobs.getJob(pictureId)).toMatchObject({ data: { claimId: 'claim-1', pictureId } });
  });
});
