import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isExpectedVersionConflictError } from '@event-driven-io/emmett';
import { orderStreamId } from '@feibao/domain/ordering/order.events';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { appendEvents, readStream, readStreams } from '@feibao/platform/append';
import { handleCommand, type EventStore } from '@feibao/platform/eventStore';
import { PROJECTION_WAKE_CHANNEL } from '@feibao/platform/projections/runner';
import type { Pool } from '@feibao/platform/db';
import { registerUser, startTestPlatform, until, type TestPlatform } from '../support/platform.ts';

/**
 * The command path's own append and read (services/platform/src/append.ts, ADR 0013): the rows
 * are the ones Emmett's appendToStream writes, Emmett reads them back as its own, a first write
 * to a stream is guarded, and what a request appends carries its id and reaches the read models.
 */
let platform: TestPlatform;
let pool: Pool;
let store: EventStore;
beforeAll(async () => {
  platform = await startTestPlatform();
  pool = platform.pool as unknown as Pool;
  store = platform.command.deps.eventStore;
}, 60_000);
afterAll(async () => platform?.stop());

const probe = (name: string) => `probe-${name}${randomBytes(4).toString('hex')}`;
const events = () => [
  {
    type: 'ProbeOpened',
    data: { n: 1, text: 'quote " and \\ backslash, 中文', nested: { list: [1, null, 'x'] } },
    metadata: { now: '2026-01-01T00:00:00.000Z' },
  },
  { type: 'ProbeBumped', data: { n: 2, big: 12345678901234567890n } },
];

const messageRows = async (streamId: string) =>
  (await pool.query('SELECT * FROM emt_messages WHERE stream_id = $1 ORDER BY stream_position', [streamId]))
    .rows as Record<string, unknown>[];
const streamRow = async (streamId: string) =>
  (await pool.query('SELECT * FROM emt_streams WHERE stream_id = $1', [streamId])).rows;

/** A row without what differs between any two appends: ids, positions, the transaction, the time. */
const shapeOf = ({
  stream_id: _s,
  global_position: _g,
  message_id: _m,
  transaction_id: _t,
  created: _c,
  ...rest
}: Record<string, unknown>) => rest;

describe('appendEvents', () => {
  it('writes the rows Emmett’s appendToStream writes, in one transaction, and Emmett reads them as its own', async () => {
    const viaEmmett = probe('emmett');
    const viaOurs = probe('ours');
    await store.appendToStream(viaEmmett, events(), { expectedStreamVersion: 0n });
    const appended = await appendEvents(pool, viaOurs, events(), 0n);

    const [emmettRows, ourRows] = [await messageRows(viaEmmett), await messageRows(viaOurs)];
    expect(ourRows).toHaveLength(2);
    expect(Object.keys(ourRows[0]!).sort()).toEqual(Object.keys(emmettRows[0]!).sort());
    expect(ourRows.map(shapeOf)).toEqual(emmettRows.map(shapeOf));
    expect(ourRows[1]!.message_data).toMatchObject({ big: '12345678901234567890' });
    expect(new Set(ourRows.map((r) => String(r.transaction_id))).size).toBe(1);
    for (const row of ourRows) expect(row.message_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ourRows.map((r) => BigInt(r.global_position as bigint))).toEqual([
      appended.lastEventGlobalPosition - 1n,
      appended.lastEventGlobalPosition,
    ]);
    expect(appended).toMatchObject({ nextExpectedStreamVersion: 2n, createdNewStream: true });
    const streamShape = (rows: Record<string, unknown>[]) => rows.map(({ stream_id: _id, ...rest }) => rest);
    expect(streamShape(await streamRow(viaOurs))).toEqual(streamShape(await streamRow(viaEmmett)));

    // Read back by Emmett and by us alike, and Emmett appends after our rows.
    const emmettRead = await store.readStream(viaOurs);
    expect(await readStream(pool, viaOurs)).toEqual({ ...emmettRead, events: emmettRead.events });
    await store.appendToStream(viaOurs, [{ type: 'ProbeBumped', data: { n: 3 } }], { expectedStreamVersion: 2n });
    expect(
      (await appendEvents(pool, viaOurs, [{ type: 'ProbeBumped', data: { n: 4 } }], 3n)).nextExpectedStreamVersion,
    ).toBe(4n);
  });

  it('keeps a message id given in the metadata and stores the rest of the metadata as given', async () => {
    const streamId = probe('meta');
    const messageId = randomUUID();
    await appendEvents(
      pool,
      streamId,
      [{ type: 'ProbeOpened', data: {}, metadata: { messageId, requestId: 'req-1', actor: 'a' } }],
      0n,
    );
    const [row] = await messageRows(streamId);
    expect(row).toMatchObject({
      message_id: messageId,
      message_metadata: { requestId: 'req-1', actor: 'a' },
      message_kind: 'E',
      message_schema_version: '1',
      stream_position: 1n,
    });
    expect((await streamRow(streamId))[0]).toMatchObject({ stream_type: 'probe', stream_position: 1n });
  });

  it('lets exactly one of several concurrent first writes create a stream; the others get a version conflict', async () => {
    for (let round = 0; round < 5; round++) {
      const streamId = probe('race');
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) => appendEvents(pool, streamId, [{ type: 'ProbeOpened', data: { i } }], 0n)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(isExpectedVersionConflictError(r.reason)).toBe(true);
      expect(await messageRows(streamId)).toHaveLength(1);
    }
  });

  it('refuses an append at a stale version and leaves nothing behind', async () => {
    const streamId = probe('stale');
    await appendEvents(pool, streamId, events(), 0n);
    await expect(appendEvents(pool, streamId, [{ type: 'ProbeBumped', data: {} }], 1n)).rejects.toSatisfy(
      isExpectedVersionConflictError,
    );
    await expect(appendEvents(pool, streamId, [{ type: 'ProbeBumped', data: {} }], 0n)).rejects.toSatisfy(
      isExpectedVersionConflictError,
    );
    expect(await messageRows(streamId)).toHaveLength(2);
    expect(
      (await appendEvents(pool, streamId, [{ type: 'ProbeBumped', data: {} }], null)).nextExpectedStreamVersion,
    ).toBe(3n);
  });

  it('wakes the projection runners after the commit, not from a trigger inside it, coalescing concurrent appends', async () => {
    const triggers = await pool.query(
      `SELECT tgname FROM pg_trigger WHERE tgrelid = 'emt_messages'::regclass AND NOT tgisinternal`,
    );
    expect(triggers.rows).toEqual([]);
    const listener = await pool.connect();
    try {
      const seen: number[] = [];
      listener.on('notification', (n) => n.channel === PROJECTION_WAKE_CHANNEL && seen.push(Date.now()));
      await listener.query(`LISTEN ${PROJECTION_WAKE_CHANNEL}`);
      await appendEvents(pool, probe('wake'), events(), 0n);
      await until(
        async () => seen.length,
        (n) => n >= 1,
      );
      await Promise.all(Array.from({ length: 30 }, () => appendEvents(pool, probe('wake'), events(), 0n)));
      await store.appendToStream(probe('wake'), events());
      const before = seen.length;
      await until(
        async () => seen.length,
        (n) => n > before,
      );
      await new Promise((r) => setTimeout(r, 100));
      // Other suites' appends notify on the same channel in their own databases only: these are ours.
      expect(seen.length).toBeGreaterThanOrEqual(2);
      expect(seen.length).toBeLessThanOrEqual(32);
    } finally {
      await listener.query('UNLISTEN *');
      listener.release();
    }
  });

  it('reads several streams in one statement, a stream without events as Emmett does', async () => {
    const [a, b, none] = [probe('a'), probe('b'), probe('none')];
    await appendEvents(pool, a, events(), 0n);
    await appendEvents(pool, b, events().slice(0, 1), 0n);
    const read = await readStreams(pool, [a, b, none]);
    expect(read.get(a)).toEqual(await store.readStream(a));
    expect(read.get(b)).toEqual(await store.readStream(b));
    expect(read.get(none)).toEqual({ events: [], currentStreamVersion: 0n, streamExists: false });
    expect(await store.readStream(none)).toMatchObject({ events: [], currentStreamVersion: 0n, streamExists: false });
  });
});

type CounterEvent = { type: 'CounterOpened' | 'CounterBumped'; data: Record<string, never> };
const counter = {
  initialState: () => ({ open: false, n: 0 }),
  evolve: (s: { open: boolean; n: number }, e: CounterEvent) => ({
    open: true,
    n: e.type === 'CounterBumped' ? s.n + 1 : s.n,
  }),
  decide: (command: 'open' | 'bump', s: { open: boolean; n: number }): CounterEvent[] => {
    if (command === 'open' && s.open) throw new Error('already open');
    return [{ type: command === 'open' ? 'CounterOpened' : 'CounterBumped', data: {} }];
  },
};

describe('handleCommand without a read', () => {
  it("from 'new': one of several first writers wins without reading, the others decide again on the stream as stored", async () => {
    for (let round = 0; round < 5; round++) {
      const streamId = `counter-${randomUUID()}`;
      const results = await Promise.allSettled(
        [1, 2, 3].map(() => handleCommand(store, streamId, counter, 'open', { from: 'new' })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []))).toEqual([
        'already open',
        'already open',
      ]);
    }
  });

  it('from a stale read: the append conflicts and the command is decided again on fresh state', async () => {
    const streamId = `counter-${randomUUID()}`;
    await handleCommand(store, streamId, counter, 'open', { from: 'new' });
    const stale = { state: { open: true, n: 0 }, streamVersion: 1n };
    await handleCommand(store, streamId, counter, 'bump');
    const result = await handleCommand(store, streamId, counter, 'bump', { from: stale });
    expect(result).toMatchObject({ streamVersion: 3n, state: { open: true, n: 2 } });
    // An existing stream given as 'new' is read on the retry: the decider sees it open.
    await expect(handleCommand(store, streamId, counter, 'open', { from: 'new' })).rejects.toThrow('already open');
  });
});

describe('save-draft over HTTP', () => {
  it('appends one event carrying the request id at the position it answers with, and the order list shows it', async () => {
    const client = platform.client();
    const { phone } = await registerUser(client);
    const requestId = `it-${randomUUID()}`;
    const saved = await client.post('/api/v1/uav/order/save', generalApplication(), {
      headers: { 'x-request-id': requestId },
    });
    expect(saved.body.code).toBe(20000);
    const rows = await messageRows(orderStreamId(saved.body.data.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      message_type: 'OrderDraftSaved',
      stream_position: 1n,
      message_metadata: { requestId },
    });
    expect(Number(rows[0]!.global_position)).toBe(Number(saved.headers.get('x-consistency-token')));

    // The query service waits for the projections to pass the token the save answered with.
    const page = await client.post('/api/v1/uav/order/page', { currentPage: 1, pageSize: 20 });
    expect(page.body.data.datas.map((o: { id: string }) => o.id)).toContain(saved.body.data.id);
    const stored = await until(
      async () => (await pool.query('SELECT data FROM orders WHERE _id = $1', [saved.body.data.id])).rows[0]?.data,
      (data) => data !== undefined,
    );
    expect(stored).toMatchObject({ userName: phone, orderNo: saved.body.data.orderNo, state: 0 });
  });
});
