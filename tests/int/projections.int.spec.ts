import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, type EventStore } from '@feibao/platform/eventStore';
import { createPool, withTransaction, type Pool } from '@feibao/platform/db';
import {
  createProjectionRunner,
  PROJECTION_WAKE_CHANNEL,
  readProjectionStatuses,
  rebuildProjections,
} from '@feibao/platform/projections/runner';
import { defineProjection, type Projection } from '@feibao/platform/projections/projection';
import { documentCollection } from '@feibao/platform/documents';
import { readProjectionRows, skipParkedEvent } from '@feibao/platform/projections/operations';
import { allProjections } from '@feibao/read-models/projections';
import { createClient, newPhone, registerUser, startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { createDocumentTable } from '../support/documents.ts';

const dump = async (pool: Pool, table: string) =>
  (await pool.query(`SELECT _id, data FROM "${table}" ORDER BY _id`)).rows.map((r) => [r._id, r.data]);

describe('projections on the running platform', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ env: { SMS_HOURLY_PER_ADDRESS: '100000' } });
  });
  afterAll(async () => platform?.stop());

  it('read-your-writes: a read carrying the token waits for the projection instead of answering stale', async () => {
    const client = platform.client();
    const { phone } = await registerUser(client);
    await client.get('/api/v1/uav/user/getUserByUserName');

    // Stop the projections, write, and read: the read must hold until they run again.
    await platform.stopWorkers();
    const update = await client.post('/api/v1/uav/user/update', { enterpriseName: '读己之写有限公司' });
    expect(update.body.code).toBe(20000);
    const token = Number(update.headers.get('x-consistency-token'));
    expect(token).toBeGreaterThan(0);

    let answered = false;
    const read = client.get('/api/v1/uav/user/getUserByUserName').then((r) => {
      answered = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(answered).toBe(false);
    await platform.startWorkers();
    const seen = await read;
    expect(seen.headers.get('x-consistency')).toBe('consistent');
    expect(seen.body.data).toMatchObject({ mobilePhone: phone, enterpriseName: '读己之写有限公司' });

    // A client without the token is not held back.
    const plain = createClient(platform.baseUrl);
    plain.state.accessToken = client.state.accessToken;
    const fast = await plain.get('/api/v1/uav/user/getUserByUserName');
    expect(fast.headers.get('x-consistency')).toBeNull();
  });

  it('rebuilds from zero to identical read models', async () => {
    for (let i = 0; i < 3; i++) {
      const client = platform.client();
      await registerUser(client, newPhone(), 'passw0rd-ok', `重建用户${i}`);
      await client.post('/api/v1/uav/user/update', { enterpriseName: `重建公司${i}`, email: `r${i}@feibao.test` });
      await client.get('/api/v1/uav/user/getUserByUserName');
    }
    const before = await dump(platform.pool, 'user_profiles');
    expect(before.length).toBeGreaterThanOrEqual(4);
    // The user-profiles projection: woken by these writes (the others move at their idle poll).
    const profiles = async () => (await readProjectionStatuses(platform.pool)).find((p) => p.name === 'user-profiles');
    const statusBefore = await profiles();

    await platform.stopWorkers();
    await rebuildProjections(platform.pool, allProjections);
    expect(await dump(platform.pool, 'user_profiles')).toEqual(before);
    const statusAfter = await profiles();
    expect(statusAfter!.position).toBe(statusBefore!.position);
    await platform.startWorkers();
  });
});

describe('projection runner', () => {
  let pool: Pool;
  let eventStore: EventStore;
  let stopPlatform: () => Promise<void>;
  const seen: number[] = [];
  const failOn = new Set<string>();
  const counters = documentCollection<{ count: number }>('test_counters');

  const counting: Projection = defineProjection({
    name: 'test-counting',
    version: 1,
    collections: [counters],
    eventTypes: ['Counted'],
    async handle(event, client) {
      if (failOn.has(String(event.data.key))) throw new Error(`cannot count ${event.data.key}`);
      seen.push(event.globalPosition);
      await counters.update(client, String(event.data.key), (doc) => ({ count: (doc?.count ?? 0) + 1 }));
    },
  });

  beforeAll(async () => {
    const platform = await startTestPlatform({ workers: false });
    stopPlatform = platform.stop;
    await createDocumentTable(platform.pool, 'test_counters');
    pool = createPool(platform.config.databaseUrl, 4);
    eventStore = createEventStore(platform.config.databaseUrl);
  });
  afterAll(async () => {
    await eventStore?.close();
    await pool?.end();
    await stopPlatform?.();
  });

  const append = (key: string) => eventStore.appendToStream(`counter-${key}`, [{ type: 'Counted', data: { key } }]);
  const count = async (key: string) => (await counters.get(pool, key))?.count ?? 0;
  /** Until no transaction older than this event's is still running: a rebuild reads only what is settled. */
  const settled = (appended: { lastEventGlobalPosition: bigint }) =>
    expect
      .poll(
        async () =>
          (
            await pool.query(
              `SELECT transaction_id < pg_snapshot_xmin(pg_current_snapshot()) AS settled FROM emt_messages WHERE global_position = $1`,
              [Number(appended.lastEventGlobalPosition)],
            )
          ).rows[0]?.settled,
        { timeout: 10_000 },
      )
      .toBe(true);

  it('picks up after a restart where it stopped, applying each event once', async () => {
    const runner = createProjectionRunner(pool, [counting], { idlePollMs: 50 });
    await runner.start();
    await append('a');
    await append('a');
    await expect.poll(() => count('a'), { timeout: 10_000 }).toBe(2);
    await runner.stop();

    await append('a');
    const again = createProjectionRunner(pool, [counting], { idlePollMs: 50 });
    await again.start();
    await expect.poll(() => count('a'), { timeout: 10_000 }).toBe(3);
    await again.stop();
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('wakes only the projections that handle an appended type; an empty notification wakes every one', async () => {
    const other = defineProjection({
      name: 'test-other',
      version: 1,
      collections: [],
      eventTypes: ['Othered'],
      async handle() {},
    });
    const checkpoint = async (name: string) =>
      BigInt(
        (await pool.query(`SELECT position FROM feibao_projections WHERE name = $1`, [name])).rows[0]?.position ?? 0,
      );
    // No idle poll within the test: a loop moves only when a notification wakes it.
    const runner = createProjectionRunner(pool, [counting, other], { idlePollMs: 600_000 });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
    await runner.start();
    try {
      // The start wakes both loops once; then they sleep.
      await settle();
      const otherBefore = await checkpoint('test-other');
      const counted = (await append('wake')).lastEventGlobalPosition;
      await expect.poll(() => count('wake'), { timeout: 10_000 }).toBe(1);
      expect(await checkpoint('test-counting')).toBeGreaterThanOrEqual(counted);
      await settle();
      expect(await checkpoint('test-other')).toBe(otherBefore);
      expect(otherBefore).toBeLessThan(counted);

      const othered = (await eventStore.appendToStream(`other-${Date.now()}`, [{ type: 'Othered', data: {} }]))
        .lastEventGlobalPosition;
      await expect.poll(() => checkpoint('test-other'), { timeout: 10_000 }).toBeGreaterThanOrEqual(othered);
      expect(await checkpoint('test-counting')).toBeLessThan(othered);

      await pool.query(`SELECT pg_notify($1, '')`, [PROJECTION_WAKE_CHANNEL]);
      await expect.poll(() => checkpoint('test-counting'), { timeout: 10_000 }).toBeGreaterThanOrEqual(othered);
    } finally {
      await runner.stop();
    }
  });

  it('applies an event whose transaction drew a lower position but committed later', async () => {
    const runner = createProjectionRunner(pool, [counting], { idlePollMs: 50 });
    await runner.start();
    const insert = (db: { query: Pool['query'] }, key: string) =>
      db.query(
        `INSERT INTO emt_messages (stream_position, transaction_id, stream_id, message_schema_version, message_id, message_type, message_data, message_metadata)
         VALUES (1, pg_current_xact_id(), $1, '1', gen_random_uuid()::text, 'Counted', jsonb_build_object('key', $2::text), '{}')
         RETURNING global_position`,
        [`counter-${key}-${Date.now()}`, key],
      );
    const early = await pool.connect();
    const late = await pool.connect();
    try {
      // "early" gets its transaction id first but its position last; "late" the other way round.
      await early.query('BEGIN');
      await early.query('SELECT pg_current_xact_id()');
      await late.query('BEGIN');
      await late.query('SELECT pg_current_xact_id()');
      const latePosition = (await insert(late, 'late')).rows[0].global_position;
      const earlyPosition = (await insert(early, 'early')).rows[0].global_position;
      expect(Number(latePosition)).toBeLessThan(Number(earlyPosition));
      await early.query('COMMIT');
      await expect.poll(() => count('early'), { timeout: 10_000 }).toBe(1);
      // A position-only checkpoint now stands past "late"'s position; it must still be applied.
      await late.query('COMMIT');
      await expect.poll(() => count('late'), { timeout: 10_000 }).toBe(1);
    } finally {
      early.release();
      late.release();
      await runner.stop();
    }
  });

  it('retries a failing handler, then parks it with the error for /healthz and the logs', async () => {
    failOn.add('poison');
    const runner = createProjectionRunner(pool, [counting], { idlePollMs: 50, backoffMs: 10, maxAttempts: 3 });
    await runner.start();
    await append('poison');
    await append('b');
    await expect
      .poll(async () => (await readProjectionStatuses(pool)).find((s) => s.name === 'test-counting')?.status, {
        timeout: 10_000,
      })
      .toBe('parked');
    const status = (await readProjectionStatuses(pool)).find((s) => s.name === 'test-counting')!;
    expect(status.attempts).toBe(3);
    expect(status.lastError).toContain('cannot count poison');
    // Nothing after the poison event was applied, and the checkpoint did not move past it.
    expect(await count('b')).toBe(0);
    await runner.stop();

    // Fixed code + restart: the parked projection resumes and catches up.
    failOn.clear();
    const fixed = createProjectionRunner(pool, [counting], { idlePollMs: 50 });
    await fixed.start();
    await expect.poll(() => count('b'), { timeout: 10_000 }).toBe(1);
    expect(await count('poison')).toBe(1);
    expect((await readProjectionStatuses(pool)).find((s) => s.name === 'test-counting')?.status).toBe('running');
    await fixed.stop();
  });

  it('narrows a failing batch to the event that fails: the ones before it are applied and it is named', async () => {
    failOn.add('poison-2');
    const runner = createProjectionRunner(pool, [counting], { idlePollMs: 50, backoffMs: 10, maxAttempts: 3 });
    await append('c');
    const poison = Number((await append('poison-2')).lastEventGlobalPosition);
    await append('d');
    await runner.start();
    await expect
      .poll(async () => (await readProjectionRows(pool)).find((s) => s.name === 'test-counting')?.state, {
        timeout: 10_000,
      })
      .toBe('parked');
    // 'c' shared the failing batch with the poison event, yet is applied; 'd' waits behind it.
    expect(await count('c')).toBe(1);
    expect(await count('d')).toBe(0);
    const row = (await readProjectionRows(pool)).find((s) => s.name === 'test-counting')!;
    expect(row.failedEvent).toMatchObject({ position: poison, type: 'Counted' });
    expect(row.lagEvents).toBe(2);

    // The parked loop is still there: skipping the event resumes it without a restart.
    await withTransaction(pool, (client) => skipParkedEvent(client, 'test-counting', poison));
    await expect.poll(() => count('d'), { timeout: 10_000 }).toBe(1);
    expect(await count('poison-2')).toBe(0);
    await runner.stop();
    failOn.clear();
  });

  it('a rebuild applies the events before one that fails, then parks the projection naming it', async () => {
    await append('r1');
    const poison = Number((await append('poison-3')).lastEventGlobalPosition);
    await settled(await append('r2'));
    failOn.add('poison-3');
    // The shared replay leaves the projection at its failing batch; the runner's loop narrows, retries and parks.
    await expect(rebuildProjections(pool, [counting], { backoffMs: 10, maxAttempts: 2 })).rejects.toThrow(
      'cannot count poison-3',
    );
    const row = (await readProjectionRows(pool)).find((s) => s.name === 'test-counting')!;
    expect(row.state).toBe('parked');
    expect(row.failedEvent).toMatchObject({ position: poison, type: 'Counted' });
    expect(await count('r1')).toBe(1);
    expect(await count('r2')).toBe(0);
    failOn.clear();
  });

  it('a rebuild gives a handler that changes the events it is handed copies of its own', async () => {
    await createDocumentTable(pool, 'test_marks');
    const marks = documentCollection<{ n: number }>('test_marks');
    const marking = defineProjection({
      name: 'test-marking',
      version: 1,
      collections: [marks],
      eventTypes: ['Counted'],
      async handle(event, client) {
        // Every projection of a rebuild reads the same (frozen) events: this throws there, not here.
        event.data.marked = true;
        await marks.update(client, String(event.data.key), (doc) => ({ n: (doc?.n ?? 0) + 1 }));
      },
    });
    await append('m');
    await settled(await append('m'));
    await rebuildProjections(pool, [marking, counting]);
    expect((await marks.get(pool, 'm'))?.n).toBe(2);
    expect(await count('m')).toBe(2);
    expect(await count('r2')).toBe(1);
    const rows = await readProjectionRows(pool);
    for (const name of ['test-marking', 'test-counting'])
      expect(rows.find((s) => s.name === name)).toMatchObject({ state: 'running', lagEvents: 0 });
  });
});
