import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { appendEvents, readStreams } from '@feibao/platform/append';
import {
  CHECKPOINT_CHANNEL,
  peekProjection,
  PROJECTION_WAKE_CHANNEL,
  readBatch,
} from '@feibao/platform/projections/runner';
import { createConsistencyWaiter } from '@feibao/platform/consistency';
import { createEventStore, type EventStore } from '@feibao/platform/eventStore';
import { createPool, type Pool } from '@feibao/platform/db';
import { EMMETT_POSTGRESQL_CHECKED_VERSION, EmmettSql } from '@feibao/platform/emmettTables';
import { migrate } from '@feibao/platform/migrate';
import { readProjectionRows } from '@feibao/platform/projections/operations';
import { claimDecider } from '@feibao/domain/claims/claim.commands';
import { claimStreamId, type ClaimEvent } from '@feibao/domain/claims/claim.events';
import { orderDecider } from '@feibao/domain/ordering/order.commands';
import { orderStreamId, type OrderEvent } from '@feibao/domain/ordering/order.events';
import { userStreamId } from '@feibao/domain/accounts/user.events';
import { HEAVY_USER, phoneOf, seed } from '../../bench/seed.ts';
import { seedClaims } from '../../bench/claimSeed.ts';
import { heavyOwner } from '../../bench/tierPlan.ts';

/**
 * The contract between our SQL (services/platform/src/emmettTables.ts) and Emmett's tables:
 * events appended through Emmett read back through every statement. Pinned to the installed
 * emmett-postgresql: a new version fails here until someone re-checks the statements and
 * moves EMMETT_POSTGRESQL_CHECKED_VERSION.
 */
let pool: Pool;
let eventStore: EventStore;
const used = new Set<keyof typeof EmmettSql>();
const sqlOf = (name: keyof typeof EmmettSql) => {
  used.add(name);
  return EmmettSql[name];
};

beforeAll(async () => {
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/feibao_test_${inject('testRunId')}_${randomBytes(5).toString('hex')}`;
  await migrate(url.toString());
  pool = createPool(url.toString(), 4);
  eventStore = createEventStore(url.toString());
});
afterAll(async () => {
  await eventStore?.close();
  await pool?.end();
});

/**
 * Batches see only transactions older than every running one in the whole cluster, so a
 * suite running beside this one can hold events back for a moment.
 */
const eventually = async <T>(read: () => Promise<T>, ok: (value: T) => boolean) => {
  for (let i = 0; ; i++) {
    const value = await read();
    if (ok(value) || i === 200) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
};

const append = async (streamId: string, ...types: string[]) => {
  const result = await eventStore.appendToStream(
    streamId,
    types.map((type, i) => ({ type, data: { type, i } })),
  );
  return Number(result.lastEventGlobalPosition);
};

describe('Emmett tables contract', () => {
  it(`is checked against the installed @event-driven-io/emmett-postgresql (${EMMETT_POSTGRESQL_CHECKED_VERSION})`, async () => {
    const require = createRequire(import.meta.url);
    const main = require.resolve('@event-driven-io/emmett-postgresql');
    let dir = path.dirname(main);
    while (!(await readFile(path.join(dir, 'package.json'), 'utf8').catch(() => null))) dir = path.dirname(dir);
    const installed = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')).version;
    expect(installed, 'emmett-postgresql changed: re-check services/platform/src/emmettTables.ts').toBe(
      EMMETT_POSTGRESQL_CHECKED_VERSION,
    );
  });

  it('wakes listeners after an append (eventStore.ts, no trigger) and reads the appended events back in commit order', async () => {
    const listener = await pool.connect();
    const woken = new Promise<string | undefined>((resolve) =>
      listener.once('notification', (message) => resolve(message.payload)),
    );
    await listener.query(`LISTEN ${PROJECTION_WAKE_CHANNEL}`);
    const first = await append('contract-a', 'Alpha', 'Beta');
    // It names the appended types: a runner wakes only the projections that handle one.
    expect(new Set((await woken)?.split(','))).toEqual(new Set(['Alpha', 'Beta']));
    await listener.query('UNLISTEN *');
    listener.release();
    const second = await append('contract-b', 'Alpha');

    used.add('readBatch');
    const all = await eventually(
      () => readBatch(pool, { transactionId: '0', position: 0 }, 100),
      (events) => events.some((e) => e.globalPosition === second),
    );
    const mine = all.filter((e) => e.streamId.startsWith('contract-'));
    expect(mine.map((e) => [e.streamId, e.type, e.streamPosition, e.data])).toEqual([
      ['contract-a', 'Alpha', 1, { type: 'Alpha', i: 0 }],
      ['contract-a', 'Beta', 2, { type: 'Beta', i: 1 }],
      ['contract-b', 'Alpha', 1, { type: 'Alpha', i: 0 }],
    ]);
    expect(mine.at(-1)!.globalPosition).toBe(second);
    expect(mine[1]!.globalPosition).toBe(first);
    expect(mine.every((e) => /^\d+$/.test(e.transactionId) && !Number.isNaN(Date.parse(e.recordedAt)))).toBe(true);

    // Unwanted types come back with position and type only; the batch starts after its checkpoint.
    const some = await readBatch(pool, { transactionId: '0', position: 0 }, 100, ['Beta']);
    expect(some.find((e) => e.type === 'Alpha')).toMatchObject({ data: {}, streamId: '' });
    expect(some.find((e) => e.type === 'Beta')).toMatchObject({ data: { type: 'Beta', i: 1 }, streamId: 'contract-a' });
    const after = await readBatch(
      pool,
      { transactionId: mine[0]!.transactionId, position: mine[0]!.globalPosition },
      100,
    );
    expect(after.map((e) => e.globalPosition)).toEqual(all.slice(1).map((e) => e.globalPosition));
  });

  it('peeks at a projection and checks tokens against its checkpoint', async () => {
    await pool.query(`INSERT INTO feibao_projections (name) VALUES ('contract') ON CONFLICT DO NOTHING`);
    const token = await append('contract-c', 'Gamma');
    used.add('peekProjection');
    expect(
      await eventually(
        () => peekProjection(pool, 'contract', 5000),
        (p) => !p.heldBack,
      ),
    ).toEqual({ due: true, heldBack: false });

    const check = async () =>
      (
        await pool.query(sqlOf('tokensCaughtUp'), [
          [token, 999_999_999],
          [null, null],
        ])
      ).rows.map((r) => [Number(r.token), r.done]);
    expect(await check()).toEqual([
      [token, false],
      [999_999_999, true],
    ]);
    const waiter = createConsistencyWaiter(pool, 5);
    expect(await waiter.waitFor(token, 50)).toBe(false);

    const [last] = (
      await eventually(
        () => readBatch(pool, { transactionId: '0', position: 0 }, 1000),
        (events) => events.some((e) => e.globalPosition === token),
      )
    ).slice(-1);
    await pool.query(`UPDATE feibao_projections SET position = $1, position_xid = $2::xid8, heartbeat_at = now()`, [
      last!.globalPosition,
      last!.transactionId,
    ]);
    expect(await check()).toEqual([
      [token, true],
      [999_999_999, true],
    ]);
    expect(await waiter.waitFor(token, 1000)).toBe(true);
    waiter.close();
    expect(await peekProjection(pool, 'contract', 5000)).toEqual({ due: false, heldBack: false });
  });

  it('holds a token only for projections with events of their types left before it', async () => {
    await pool.query(
      `INSERT INTO feibao_projections (name, event_types) VALUES ('ryw-alpha', '{RywAlpha}'), ('ryw-beta', '{RywBeta}') ON CONFLICT DO NOTHING`,
    );
    const alpha = await append('ryw-1', 'RywAlpha');
    const beta = await append('ryw-2', 'RywBeta');
    const positionOf = async (token: number) =>
      (await pool.query(`SELECT transaction_id::text AS xid FROM emt_messages WHERE global_position = $1`, [token]))
        .rows[0].xid as string;
    const moveTo = async (names: string[], token: number, exclude = false) =>
      pool.query(`UPDATE feibao_projections SET position = $1, position_xid = $2::xid8 WHERE (name = ANY($3)) <> $4`, [
        token,
        await positionOf(token),
        names,
        exclude,
      ]);
    // Every other projection of this file is past both writes.
    await moveTo(['ryw-alpha', 'ryw-beta'], beta, true);
    await pool.query(
      `UPDATE feibao_projections SET position = 0, position_xid = '0' WHERE name IN ('ryw-alpha', 'ryw-beta')`,
    );
    const done = async (token: number, scope: string | null = null) =>
      (await pool.query(sqlOf('tokensCaughtUp'), [[token], [scope]])).rows[0].done as boolean;

    // The user wrote RywAlpha, then RywBeta: the alpha projection has not applied the first write.
    expect(await done(beta)).toBe(false);
    await moveTo(['ryw-beta'], beta);
    expect(await done(beta)).toBe(false);
    expect(await done(alpha)).toBe(false);
    // A read that answers from the beta projection's tables alone may go now; one from alpha's may not.
    expect(await done(beta, 'ryw-beta')).toBe(true);
    expect(await done(beta, 'ryw-alpha,ryw-beta')).toBe(false);
    const waiter = createConsistencyWaiter(pool, 5);
    expect(await waiter.waitFor(beta, 1000, ['ryw-beta'])).toBe(true);
    expect(await waiter.waitFor(beta, 50, ['ryw-alpha'])).toBe(false);
    expect(await waiter.waitFor(beta, 50)).toBe(false);
    waiter.close();
    // Once it has, nothing of its types lies between its checkpoint and the later token.
    await moveTo(['ryw-alpha'], alpha);
    expect(await done(alpha)).toBe(true);
    expect(await done(beta)).toBe(true);
    // A projection that records no types counts every event, whatever its type.
    await pool.query(`UPDATE feibao_projections SET event_types = NULL WHERE name = 'ryw-alpha'`);
    expect(await done(beta)).toBe(false);
    await pool.query(`UPDATE feibao_projections SET event_types = '{RywAlpha}' WHERE name = 'ryw-alpha'`);
    // A later RywAlpha beyond the token does not hold it.
    await append('ryw-3', 'RywAlpha');
    expect(await done(beta)).toBe(true);
    await pool.query(`DELETE FROM feibao_projections WHERE name IN ('ryw-alpha', 'ryw-beta')`);
  });

  it('lets a read waiting for a write go when a checkpoint is announced, not at the next poll', async () => {
    await pool.query(`INSERT INTO feibao_projections (name) VALUES ('contract-wake') ON CONFLICT DO NOTHING`);
    const token = await append('contract-wake', 'Zeta');
    // A poll a minute away: only the checkpoint notification can end this wait in time.
    const waiter = createConsistencyWaiter(pool, 60_000);
    const waited = waiter.waitFor(token, 10_000);
    const listening = async () =>
      Number(
        (
          await pool.query(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query = $1`,
            [`LISTEN ${CHECKPOINT_CHANNEL}`],
          )
        ).rows[0].n,
      );
    await eventually(listening, (n) => n > 0);
    await new Promise((r) => setTimeout(r, 100)); // past the check made once the listener is up
    const started = Date.now();
    await pool.query(
      `UPDATE feibao_projections SET position = m.global_position, position_xid = m.transaction_id
         FROM (SELECT global_position, transaction_id FROM emt_messages ORDER BY transaction_id DESC, global_position DESC LIMIT 1) m`,
    );
    await pool.query(`SELECT pg_notify($1, 'contract:' || $2)`, [CHECKPOINT_CHANNEL, String(token)]);
    expect(await waited).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    waiter.close();
    await eventually(listening, (n) => n === 0);
  });

  it('counts a projection’s lag in events of its types, capped, and the age of the oldest', async () => {
    await pool.query(
      `INSERT INTO feibao_projections (name, event_types) VALUES ('contract-lag', '{Delta}') ON CONFLICT DO NOTHING`,
    );
    await append('contract-lag-1', 'Delta');
    await append('contract-lag-2', 'Epsilon');
    await append('contract-lag-3', 'Delta');
    used.add('projectionLag');
    const lagOf = async (cap: number) => (await readProjectionRows(pool, cap)).find((r) => r.name === 'contract-lag')!;
    expect(await lagOf(100)).toMatchObject({ lagEvents: 2, lagCapped: false, position: 0 });
    expect((await lagOf(100)).lagMs).toBeGreaterThanOrEqual(0);
    expect(await lagOf(1)).toMatchObject({ lagEvents: 1, lagCapped: true });
    await pool.query(
      `UPDATE feibao_projections SET position = (SELECT max(global_position) FROM emt_messages), position_xid = (SELECT max(transaction_id) FROM emt_messages) WHERE name = 'contract-lag'`,
    );
    expect(await lagOf(100)).toMatchObject({ lagEvents: 0, lagMs: 0 });
  });

  it('answers the probe and the count, and the batch and token reads use our indexes', async () => {
    expect((await pool.query(sqlOf('probe'))).rowCount).toBe(1);
    expect((await pool.query(sqlOf('countEvents'))).rows[0].events).toBeGreaterThanOrEqual(4);
    // On a store this small the planner prefers other plans; what is checked is their definition.
    const { rows } = await pool.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'emt_messages' AND indexname LIKE 'feibao_%' ORDER BY indexname`,
    );
    expect(rows.map((r) => [r.indexname, r.indexdef.replace(/^.* USING btree /, '')])).toEqual([
      [
        'feibao_emt_messages_by_commit',
        '(transaction_id, global_position) INCLUDE (message_type, partition, is_archived, message_kind)',
      ],
      ['feibao_emt_messages_by_position', '(global_position)'],
    ]);
  });

  it('reads the benchmark seeder’s hand-written rows as Emmett’s own, and appends after them', async () => {
    // bench/seed.ts writes Emmett's row shape directly (set-based, a million events a minute).
    const client = await pool.connect();
    try {
      await seed(client, { orders: 3, users: 2, owners: heavyOwner(1), chunk: 2 }, () => undefined);
    } finally {
      client.release();
    }
    const id = (
      await pool.query(
        `SELECT data->>'orderId' AS id FROM (SELECT message_data AS data FROM emt_messages WHERE message_type = 'OrderDraftSaved' LIMIT 1) m`,
      )
    ).rows[0].id;
    const stream = await eventStore.readStream<OrderEvent>(orderStreamId(id));
    expect(stream.currentStreamVersion).toBe(1n);
    const state = stream.events.reduce(orderDecider.evolve, orderDecider.initialState());
    expect(state.status).toBe('awaitingInquiry');
    const user = await eventStore.readStream(userStreamId(HEAVY_USER));
    expect(user.events.map((e) => e.type)).toEqual(['UserRegistered']);
    const next = await eventStore.appendToStream(orderStreamId(id), [{ type: 'Probe', data: {} }], {
      expectedStreamVersion: 1n,
    });
    expect(next.nextExpectedStreamVersion).toBe(2n);
  });

  it('reads the benchmark’s hand-written multi-event streams (in-force orders, claims) as Emmett’s own', async () => {
    // bench/claimSeed.ts: eight events per in-force order (the terms confirmed before 投保), one or two per claim, positions 1, 2, …
    const client = await pool.connect();
    try {
      await seedClaims(
        client,
        { claims: 10, heavyClaims: 2, owners: heavyOwner(2), users: 3, inForceOrders: 2, orderOwners: 2, chunk: 8 },
        () => undefined,
      );
    } finally {
      client.release();
    }
    const idOf = async (type: string, field: string) =>
      (
        await pool.query(
          `SELECT message_data->>'${field}' AS id FROM emt_messages WHERE message_type = $1 ORDER BY global_position LIMIT 1`,
          [type],
        )
      ).rows[0].id as string;

    const orderId = await idOf('PolicyTookEffect', 'orderId');
    const order = await eventStore.readStream<OrderEvent>(orderStreamId(orderId));
    expect(order.currentStreamVersion).toBe(8n);
    const policy = order.events.reduce(orderDecider.evolve, orderDecider.initialState());
    expect(policy).toMatchObject({ status: 'inForce', orderId, owner: phoneOf(1) });

    const submittedId = await idOf('ClaimSubmitted', 'claimId');
    const submitted = await eventStore.readStream<ClaimEvent>(claimStreamId(submittedId));
    expect(submitted.events.map((e) => e.type)).toEqual(['ClaimOpened', 'ClaimSubmitted']);
    const claim = submitted.events.reduce(claimDecider.evolve, claimDecider.initialState());
    expect(claim).toMatchObject({ status: 'submitted', version: 2, owner: HEAVY_USER });
    const opened = (
      await pool.query(`SELECT stream_id FROM emt_streams WHERE stream_type = 'claim' AND stream_position = 1 LIMIT 1`)
    ).rows[0].stream_id;
    const editing = await eventStore.readStream<ClaimEvent>(opened);
    expect(editing.events.reduce(claimDecider.evolve, claimDecider.initialState()).status).toBe('editing');

    const next = await eventStore.appendToStream(claimStreamId(submittedId), [{ type: 'Probe', data: {} }], {
      expectedStreamVersion: 2n,
    });
    expect(next.nextExpectedStreamVersion).toBe(3n);
  });

  it('lists the streams under a prefix that hold an event of a type, each once', async () => {
    const stamp = randomBytes(4).toString('hex');
    await eventStore.appendToStream(`probe-${stamp}-a`, [
      { type: 'Defined', data: {} },
      { type: 'Defined', data: {} },
    ]);
    await eventStore.appendToStream(`probe-${stamp}-b`, [{ type: 'Other', data: {} }]);
    await eventStore.appendToStream(`other-${stamp}`, [{ type: 'Defined', data: {} }]);
    const streams = await pool.query<{ stream_id: string }>(sqlOf('streamsWithEvent'), [`probe-${stamp}-`, 'Defined']);
    expect(streams.rows.map((r) => r.stream_id)).toEqual([`probe-${stamp}-a`]);
    // A prefix is a prefix, not a pattern: LIKE's wildcards in it match only themselves.
    expect((await pool.query(sqlOf('streamsWithEvent'), ['probe-%', 'Defined'])).rows).toEqual([]);
  });

  it('appends through Emmett’s own function in one statement and reads streams as Emmett does (append.ts; more in append.int.spec.ts)', async () => {
    used.add('appendToStream');
    used.add('readStreams');
    const streamId = `probe-${randomBytes(4).toString('hex')}`;
    const appended = await appendEvents(
      pool,
      streamId,
      [
        { type: 'Opened', data: { n: 1 } },
        { type: 'Bumped', data: { n: 2 } },
      ],
      0n,
    );
    expect(appended.nextExpectedStreamVersion).toBe(2n);
    const emmettRead = await eventStore.readStream(streamId);
    expect(Number(emmettRead.events[1]!.metadata.globalPosition)).toBe(Number(appended.lastEventGlobalPosition));
    expect((await readStreams(pool, [streamId])).get(streamId)).toEqual(emmettRead);
    const next = await eventStore.appendToStream(streamId, [{ type: 'Bumped', data: { n: 3 } }], {
      expectedStreamVersion: 2n,
    });
    expect(next.nextExpectedStreamVersion).toBe(3n);
  });

  it('covers every statement of the module', () => {
    expect([...used].sort()).toEqual(Object.keys(EmmettSql).sort());
  });
});
