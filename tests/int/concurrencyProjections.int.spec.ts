import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { isExpectedVersionConflictError } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore, type PostgresEventStore } from '@event-driven-io/emmett-postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsistencyWaiter } from '@feibao/platform/consistency';
import { createPool, type Pool } from '@feibao/platform/db';
import { createProjectionRunner } from '@feibao/platform/projections/runner';
import { defineProjection, type Projection } from '@feibao/platform/projections/projection';
import { documentCollection } from '@feibao/platform/documents';
import { startTestPlatform, until, type TestPlatform } from '../support/platform.ts';
import { createDocumentTable } from '../support/documents.ts';

/**
 * 1,000 appends across 100 streams at once, on many connections, some transactions held open
 * long after they drew their global positions while short ones commit past them
 * (docs/adr/0001-own-projection-runner.md): the runner, running the whole time, applies every
 * event exactly once, and every projection's checkpoint passes every event. A checkpoint on the
 * global position alone would step past the long transactions' events and never read them.
 */
const APPENDS = 1000;
const STREAMS = 100;
/** One append in four goes through the store whose transactions stay open 20–150 ms after their insert. */
const LONG_EVERY = 4;

type Appended = { type: 'Appended'; data: { stream: string; n: number; holdMs: number } };
type Seen = { positions: number[] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let platform: TestPlatform;
let pool: Pool;
let shortPool: pg.Pool;
let longPool: pg.Pool;
let shortStore: PostgresEventStore;
let longStore: PostgresEventStore;
const seen = documentCollection<Seen>('test_appended_seen');
const recording: Projection = defineProjection({
  name: 'test-appended-seen',
  version: 1,
  collections: [seen],
  eventTypes: ['Appended'],
  async handle(event, client) {
    await seen.update(client, String(event.data.stream), (doc) => ({
      positions: [...(doc?.positions ?? []), event.globalPosition],
    }));
  },
});

beforeAll(async () => {
  platform = await startTestPlatform();
  await createDocumentTable(platform.pool, 'test_appended_seen');
  pool = createPool(platform.config.databaseUrl, 4);
  const url = platform.config.databaseUrl;
  shortPool = new pg.Pool({ connectionString: url, max: 16 });
  longPool = new pg.Pool({ connectionString: url, max: 16 });
  shortStore = getPostgreSQLEventStore(url, {
    schema: { autoMigration: 'None' },
    connectionOptions: { pool: shortPool },
  });
  // Emmett runs inline projections inside the append's transaction, after the insert: this one
  // holds the transaction (and its drawn positions) open before the commit.
  longStore = getPostgreSQLEventStore(url, {
    schema: { autoMigration: 'None' },
    connectionOptions: { pool: longPool },
    projections: [
      {
        type: 'inline',
        projection: {
          canHandle: ['Appended'],
          handle: async (events: { data: { holdMs: number } }[]) =>
            sleep(Math.max(...events.map((e) => e.data.holdMs))),
        },
      } as never,
    ],
  });
}, 60_000);
afterAll(async () => {
  await shortStore?.close();
  await longStore?.close();
  await shortPool?.end().catch(() => undefined);
  await longPool?.end().catch(() => undefined);
  await pool?.end();
  await platform?.stop();
});

describe('projections under 1,000 concurrent appends', () => {
  it('apply every event exactly once, however the commits interleave', async () => {
    const runner = createProjectionRunner(pool, [recording], { idlePollMs: 20, heldBackRetryMs: 2, batchSize: 25 });
    await runner.start();
    const run = randomBytes(4).toString('hex');
    const streamOf = (i: number) => `appended-${run}-${i % STREAMS}`;

    /** Concurrent first appends to a new stream conflict on its row; the loser appends again. */
    const append = async (i: number): Promise<number> => {
      const long = i % LONG_EVERY === 0;
      const event: Appended = {
        type: 'Appended',
        data: { stream: streamOf(i), n: i, holdMs: long ? 20 + ((i * 37) % 130) : 0 },
      };
      for (let attempt = 0; ; attempt++) {
        try {
          const result = await (long ? longStore : shortStore).appendToStream(streamOf(i), [event]);
          return Number(result.lastEventGlobalPosition);
        } catch (error) {
          if (!isExpectedVersionConflictError(error) || attempt >= 5) throw error;
        }
      }
    };
    const positions = await Promise.all(Array.from({ length: APPENDS }, (_, i) => append(i)));

    try {
      const expected = new Map<string, number[]>();
      for (const [i, position] of positions.entries())
        expected.set(streamOf(i), [...(expected.get(streamOf(i)) ?? []), position]);
      const applied = async () =>
        new Map(
          (
            await pool.query(`SELECT _id, data FROM test_appended_seen WHERE _id LIKE $1`, [`appended-${run}-%`])
          ).rows.map((r) => [r._id as string, (r.data as Seen).positions]),
        );
      const total = (m: Map<string, number[]>) => [...m.values()].reduce((n, list) => n + list.length, 0);
      // Wait for every checkpoint, this projection's and the platform's own, to pass every event.
      const waiter = createConsistencyWaiter(pool);
      const caughtUp = await Promise.all(positions.map((p) => waiter.waitFor(p, 20_000)));
      waiter.close();
      expect(caughtUp.every(Boolean)).toBe(true);
      const got = await until(applied, (m) => total(m) >= APPENDS, 5_000).catch(() => applied());
      expect(total(got)).toBe(APPENDS);
      for (const [stream, list] of expected)
        expect(
          [...(got.get(stream) ?? [])].sort((a, b) => a - b),
          stream,
        ).toEqual([...list].sort((a, b) => a - b));
    } finally {
      await runner.stop();
    }
  }, 60_000);
});
