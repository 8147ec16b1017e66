/**
 * The command path's two statements on Emmett's tables, each one round trip on a pool of
 * ours: an append through Emmett's own SQL function as one autocommit statement, and a read
 * of one or more streams. Both give what Emmett's store gives (same rows, same shapes), so
 * Emmett's readers, the projection runner and the read-your-writes tokens see no difference.
 * Why: docs/adr/0013-single-statement-append.md.
 */
import { randomUUID } from 'node:crypto';
import { ExpectedVersionConflictError, NO_CONCURRENCY_CHECK } from '@event-driven-io/emmett';
import type { Queryable } from './db.ts';
import { EmmettDdlV1, EmmettSql } from './emmettTables.ts';
import { logger } from './logger.ts';

export type AppendableEvent = { type: string; data: unknown; metadata?: Record<string, unknown>; kind?: string };

export type StoredEvent = {
  type: string;
  data: Record<string, unknown>;
  kind: 'Event';
  metadata: Record<string, unknown> & {
    messageId: string;
    streamName: string;
    streamPosition: bigint;
    globalPosition: bigint;
  };
};

export type StreamRead = { events: StoredEvent[]; currentStreamVersion: bigint; streamExists: boolean };

export type AppendResult = {
  nextExpectedStreamVersion: bigint;
  lastEventGlobalPosition: bigint;
  createdNewStream: boolean;
};

/** Emmett's stream type: the name up to its first '-', or its "unknown" tag when there is none. */
const streamTypeOf = (streamName: string) => {
  const cut = streamName.indexOf('-');
  return cut > 0 ? streamName.slice(0, cut) : 'emt:unknown';
};

const withBigIntsAsText = (_: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

/**
 * Emmett's JSON: BigInts as text. A replacer takes JSON.stringify off its fast path, so it is
 * used only for the rare value that holds one (plain JSON.stringify throws on a BigInt).
 */
const toJson = (value: unknown) => {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (error instanceof TypeError) return JSON.stringify(value, withBigIntsAsText);
    throw error;
  }
};

/** What the next notification of a pool must cover: the event types appended since the last one, or every projection. */
type Waker = { inFlight: boolean; types: Set<string>; everything: boolean };
const wakers = new WeakMap<Queryable, Waker>();
/** PostgreSQL refuses a payload of 8,000 bytes or more; a longer list wakes every projection instead. */
const MAX_WAKE_PAYLOAD = 7_000;

/**
 * Tells the projection runners (LISTEN on the wake channel) that events were committed; call it
 * after the commit. The notification names the appended event types, so a runner wakes only the
 * projections that handle one of them (without `types`, every projection). At most one
 * notification per pool is in flight: appends committed meanwhile are covered by one more sent
 * when it answers, naming all their types, so under load a notification covers many appends. Its
 * own transaction notifies without waiting for a WAL flush: a notification is not data, and one
 * lost in a crash is made good by the runners' idle poll.
 */
export const wakeProjections = (db: Queryable, types?: readonly string[]) => {
  let waker = wakers.get(db);
  if (!waker) {
    waker = { inFlight: false, types: new Set(), everything: false };
    wakers.set(db, waker);
  }
  if (types) for (const type of types) waker.types.add(type);
  else waker.everything = true;
  if (waker.inFlight) return;
  const current = waker;
  current.inFlight = true;
  const send = () => {
    const named = [...current.types].join(',');
    const payload = current.everything || named.length > MAX_WAKE_PAYLOAD ? '' : named;
    current.types = new Set();
    current.everything = false;
    db.query({ name: 'feibao_wake_projections', text: WAKE_PROJECTIONS, values: [EmmettDdlV1.notifyChannel, payload] })
      .catch((err: unknown) => logger.warn({ err }, 'could not wake the projection runners; they poll'))
      .finally(() => {
        if (current.everything || current.types.size > 0) send();
        else current.inFlight = false;
      });
  };
  send();
};
const WAKE_PROJECTIONS = `SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)`;

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/**
 * Appends `events` expecting the stream at `expectedStreamVersion` (0n: no stream yet; null:
 * any), committed when it returns (`db` is a pool: the statement is its own transaction), and
 * wakes the projection runners. Throws Emmett's ExpectedVersionConflictError when the stream is
 * elsewhere, as its store does. A message id given in an event's metadata is kept, as Emmett keeps it.
 */
export const appendEvents = async (
  db: Queryable,
  streamName: string,
  events: readonly AppendableEvent[],
  expectedStreamVersion: bigint | null,
): Promise<AppendResult> => {
  if (events.length === 0) throw new Error(`nothing to append to ${streamName}`);
  const ids: string[] = [];
  const data: string[] = [];
  const metadata: string[] = [];
  const versions: string[] = [];
  const types: string[] = [];
  const kinds: string[] = [];
  for (const event of events) {
    const { messageId, ...rest } = event.metadata ?? {};
    ids.push(typeof messageId === 'string' ? messageId : randomUUID());
    data.push(toJson(event.data));
    metadata.push(toJson(rest));
    versions.push('1');
    types.push(event.type);
    kinds.push(event.kind === undefined || event.kind === 'Event' ? 'E' : 'C');
  }
  const conflict = () => new ExpectedVersionConflictError(-1n, expectedStreamVersion ?? NO_CONCURRENCY_CHECK);
  let row: { success: boolean; next_stream_position: bigint | null; global_positions: bigint[] | null } | undefined;
  try {
    // A named statement: parsed once per connection, then only bound and executed.
    const result = await db.query({
      name: 'feibao_append_to_stream',
      text: EmmettSql.appendToStream,
      values: [
        ids,
        data,
        metadata,
        versions,
        types,
        kinds,
        streamName,
        streamTypeOf(streamName),
        expectedStreamVersion,
      ],
    });
    row = result.rows[0];
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
  if (!row?.success || row.next_stream_position === null || !row.global_positions?.length) throw conflict();
  wakeProjections(db, types);
  const next = BigInt(row.next_stream_position);
  return {
    nextExpectedStreamVersion: next,
    lastEventGlobalPosition: BigInt(row.global_positions[row.global_positions.length - 1]!),
    createdNewStream: next === BigInt(events.length),
  };
};

type MessageRow = {
  stream_id: string;
  stream_position: bigint | string;
  global_position: bigint | string;
  message_data: Record<string, unknown>;
  message_metadata: Record<string, unknown> | null;
  message_type: string;
  message_id: string;
};

const emptyStream = (): StreamRead => ({ events: [], currentStreamVersion: 0n, streamExists: false });

/** Several streams in one round trip; a stream without events reads as Emmett reads it: version 0, not existing. */
export const readStreams = async (db: Queryable, streamNames: readonly string[]): Promise<Map<string, StreamRead>> => {
  const streams = new Map<string, StreamRead>(streamNames.map((name) => [name, emptyStream()]));
  const { rows } = await db.query<MessageRow>({
    name: 'feibao_read_streams',
    text: EmmettSql.readStreams,
    values: [streamNames],
  });
  for (const row of rows) {
    const stream = streams.get(row.stream_id)!;
    const streamPosition = BigInt(row.stream_position);
    stream.events.push({
      type: row.message_type,
      data: row.message_data,
      kind: 'Event',
      metadata: {
        ...row.message_metadata,
        messageId: row.message_id,
        streamName: row.stream_id,
        streamPosition,
        globalPosition: BigInt(row.global_position),
      },
    });
    stream.currentStreamVersion = streamPosition;
    stream.streamExists = true;
  }
  return streams;
};

export const readStream = async (db: Queryable, streamName: string): Promise<StreamRead> =>
  (await readStreams(db, [streamName])).get(streamName)!;
