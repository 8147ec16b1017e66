import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { orderStreamId } from '@feibao/domain/ordering/order.events';
import { startCluster, type Cluster } from './cluster.ts';
import { projectionsCaughtUp, readFacts, readModelsEqualRebuild } from './invariants.ts';
import { newStats, register } from './journeys.ts';
import { between, figures, profile, sleep } from './profile.ts';
import { until, type Client } from '../support/platform.ts';

/**
 * kill -9 of the command service while writers keep saving drafts and inquiring: every command the
 * service acknowledged (20000) must have its events in the store, and no command may be half there.
 */
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster({ env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '50' } });
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
});

type Ack = { orderId: string; kind: 'create' | 'update' | 'inquiry' };
const isEnvelope = (body: unknown) => typeof (body as { code?: unknown })?.code === 'number';

/** Saves a draft, updates it twice, asks for quotes; again and again until told to stop. */
const writer = async (
  client: Client,
  acks: Ack[],
  tally: { sent: number; refused: number; unreachable: number; bare5xx: number },
  stop: () => boolean,
) => {
  const send = async (path: string, body: object) => {
    tally.sent += 1;
    const answer = await client.post(path, body).catch(() => null);
    if (!answer) tally.unreachable += 1;
    else if (answer.status >= 500 && !isEnvelope(answer.body)) tally.bare5xx += 1;
    else if (answer.body.code !== 20000) tally.refused += 1;
    if (answer?.body.code === 20000) return answer;
    // As a client would, wait a little before the next try while the service is away.
    await sleep(200);
    return null;
  };
  while (!stop()) {
    const saved = await send('/api/v1/uav/order/save', generalApplication());
    if (!saved) continue;
    const orderId: string = saved.body.data.id;
    acks.push({ orderId, kind: 'create' });
    for (let i = 0; i < 2; i++)
      if (await send('/api/v1/uav/order/save', { ...generalApplication(), id: orderId }))
        acks.push({ orderId, kind: 'update' });
    if (await send('/api/v1/uav/order/inquiryPrice', { ...generalApplication(), id: orderId }))
      acks.push({ orderId, kind: 'inquiry' });
  }
};

describe('kill -9 of the command service mid-append', () => {
  it('keeps every acknowledged command and never half of one', async () => {
    const stats = newStats();
    const clients = await Promise.all(
      Array.from({ length: profile.commandWriters }, async () => {
        const client = cluster.client();
        await register(client, stats);
        return client;
      }),
    );
    const acks: Ack[] = [];
    const tally = { sent: 0, refused: 0, unreachable: 0, bare5xx: 0 };
    let stopping = false;
    const writers = Promise.all(clients.map((c) => writer(c, acks, tally, () => stopping)));
    const command = cluster.sets[0]!.command;
    for (let i = 0; i < profile.commandKills; i++) {
      await sleep(between(800, 2500));
      await command.kill('SIGKILL');
      await command.start();
    }
    await sleep(1000);
    stopping = true;
    await writers;

    const pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
    try {
      const streams = new Map<string, string[]>();
      const { rows } = await pool.query(
        `SELECT stream_id, stream_position, message_type FROM emt_messages WHERE is_archived = FALSE AND stream_id LIKE 'order-%' ORDER BY stream_id, stream_position`,
      );
      const gaps: string[] = [];
      for (const row of rows) {
        const types = streams.get(row.stream_id) ?? [];
        if (Number(row.stream_position) !== types.length + 1) gaps.push(`${row.stream_id}@${row.stream_position}`);
        types.push(row.message_type);
        streams.set(row.stream_id, types);
      }
      const missing: string[] = [];
      const wanted = new Map<string, { saves: number; inquiry: boolean }>();
      for (const ack of acks) {
        const w = wanted.get(ack.orderId) ?? { saves: 0, inquiry: false };
        if (ack.kind === 'inquiry') w.inquiry = true;
        else w.saves += 1;
        wanted.set(ack.orderId, w);
      }
      for (const [orderId, w] of wanted) {
        const types = streams.get(orderStreamId(orderId)) ?? [];
        if (types.filter((t) => t === 'OrderDraftSaved').length < w.saves) missing.push(`${orderId}: saves`);
        if (w.inquiry && !types.includes('InquiryRequested')) missing.push(`${orderId}: inquiry`);
      }
      // An inquiry is one command: its request event never stands without the draft before it.
      const halfWritten = [...streams].filter(([, types]) => types[0] !== 'OrderDraftSaved').map(([id]) => id);
      // The insurers still answer the inquiries for a few seconds: wait for the last, then for the projections.
      await until(
        async () => (await readFacts(cluster.databaseUrl)).orders.filter((o) => o.state === 1).length,
        (n) => n === 0,
        120_000,
      );
      await projectionsCaughtUp(pool);
      await cluster.sets[0]!.workers.kill('SIGTERM');
      const rebuild = await readModelsEqualRebuild(cluster.databaseUrl);
      figures('command-kill', {
        kills: profile.commandKills,
        writers: profile.commandWriters,
        commandsSent: tally.sent,
        acknowledged: acks.length,
        refusedOrUnreachable: tally.refused + tally.unreachable,
        events: rows.length,
        lost: missing.length,
        halfWritten: halfWritten.length + gaps.length,
        fiveHundredsWithoutEnvelope: tally.bare5xx,
      });
      expect(acks.length).toBeGreaterThan(profile.commandWriters);
      expect(missing).toEqual([]);
      expect(gaps).toEqual([]);
      expect(halfWritten).toEqual([]);
      expect(tally.bare5xx).toBe(0);
      expect(rebuild.sample).toEqual([]);
    } finally {
      await pool.end();
    }
  }, 900_000);
});
