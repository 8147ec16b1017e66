/**
 * (a′) The event-sourcing library the platform is built on, as its own users would run it, measured in
 * the same run as the raw INSERT ceiling and save-draft: how far save-draft is from the library, not only
 * from a bare INSERT. Two closed loops at the save loop's concurrency, straight from the bench process
 * (no HTTP), each appending the same OrderDraftSaved-sized event (the (a) INSERT's JSON) to a new stream:
 *   - Emmett's `appendToStream` on its PostgreSQL event store;
 *   - the same with an inline Pongo projection (`pongoSingleStreamProjection`) writing one document per
 *     append in the append's transaction, the library's way to get a read model written with the event.
 * They run on a database of their own (`<bench database>_peers`, recreated, then dropped) on the same
 * server, with Emmett's own schema as it creates it: the bench database holds the platform's migrated
 * event tables, which the library must not migrate mid-run. Each store has a pool of the INSERT loop's size.
 */
import { randomUUID } from 'node:crypto';
import { projections, type ReadEvent } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore, pongoSingleStreamProjection } from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import { closedLoop, type LoadResult } from './lib.ts';
import type { CpuMeter } from './cpu.ts';

export type PeerResults = {
  database: string;
  emmettAppend: LoadResult;
  emmettInlinePongo: LoadResult;
  /** Each ÷ the raw INSERT ceiling of the same run. */
  ratioAppend: number;
  ratioInlinePongo: number;
};

type DraftSaved = { type: 'OrderDraftSaved'; data: Record<string, unknown> };

const recreate = async (url: URL, drop: boolean) => {
  const name = url.pathname.slice(1);
  if (!/^feibao_bench[a-z0-9_]*_peers$/.test(name)) throw new Error(`refusing to drop ${name}`);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    if (!drop) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
};

export const measurePeers = async (opts: {
  databaseUrl: string;
  /** The (a) INSERT's event JSON: the same payload here. */
  eventJson: string;
  concurrency: number;
  total: number;
  warmup: number;
  maxSeconds: number;
  rawInsertPerSecond: number;
  cpu: CpuMeter;
  log: (line: string) => void;
}): Promise<PeerResults> => {
  const url = new URL(opts.databaseUrl);
  url.pathname = `${url.pathname}_peers`;
  const database = url.pathname.slice(1);
  await recreate(url, false);
  const data = JSON.parse(opts.eventJson) as Record<string, unknown>;
  const event = (): DraftSaved => ({ type: 'OrderDraftSaved', data });
  const pools: pg.Pool[] = [];
  const store = (inline: boolean) => {
    const pool = new pg.Pool({ connectionString: url.toString(), max: opts.concurrency + 4 });
    // The database is dropped at the end: a connection the library still holds idle is ended then.
    pool.on('error', () => undefined);
    pools.push(pool);
    return getPostgreSQLEventStore(url.toString(), {
      connectionOptions: { pool },
      ...(inline
        ? {
            projections: projections.inline([
              pongoSingleStreamProjection<Record<string, unknown>, DraftSaved>({
                collectionName: 'bench_peer_orders',
                canHandle: ['OrderDraftSaved'],
                // The order as saved: the event's data, as a document keyed by the stream.
                evolve: (_document: Record<string, unknown> | null, recorded: ReadEvent<DraftSaved>) => ({
                  ...recorded.data,
                }),
              }),
            ]),
          }
        : {}),
    });
  };
  const loop = async (label: string, append: () => Promise<unknown>) => {
    opts.log(`(a′) ${label}: warm-up, then ${opts.total} appends at concurrency ${opts.concurrency}`);
    await closedLoop({
      concurrency: opts.concurrency,
      total: opts.warmup,
      maxSeconds: 60,
      call: () => append().then(() => undefined),
    });
    const result = await opts.cpu.around(() =>
      closedLoop({
        concurrency: opts.concurrency,
        total: opts.total,
        maxSeconds: opts.maxSeconds,
        call: () => append().then(() => undefined),
      }),
    );
    opts.log(`    ${result.perSecond} appends/s, p99 ${result.p99} ms`);
    return result;
  };
  try {
    const plain = store(false);
    // Emmett creates its schema (and the projection's collection) on first use; done here, outside the loops.
    await plain.schema.migrate();
    const emmettAppend = await loop('Emmett appendToStream', () =>
      plain.appendToStream(`order-${randomUUID()}`, [event()]),
    );
    const inline = store(true);
    await inline.schema.migrate();
    let appended = 0;
    const emmettInlinePongo = await loop('Emmett appendToStream + inline Pongo projection', async () => {
      await inline.appendToStream(`order-${randomUUID()}`, [event()]);
      appended++;
    });
    // Every append that succeeded wrote its document, in its own transaction.
    const documents = Number((await pools[1]!.query(`SELECT count(*) AS n FROM bench_peer_orders`)).rows[0].n);
    if (documents !== appended)
      throw new Error(`the inline projection wrote ${documents} documents for ${appended} appends`);
    await Promise.all([plain.close(), inline.close()]);
    return {
      database,
      emmettAppend,
      emmettInlinePongo,
      ratioAppend: Math.round((emmettAppend.perSecond / opts.rawInsertPerSecond) * 1000) / 1000,
      ratioInlinePongo: Math.round((emmettInlinePongo.perSecond / opts.rawInsertPerSecond) * 1000) / 1000,
    };
  } finally {
    await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)));
    await recreate(url, true).catch(() => undefined);
  }
};
