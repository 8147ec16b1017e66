import { getPostgreSQLEventStore, type PostgresEventStore } from '@event-driven-io/emmett-postgresql';
import { CommandHandler, isExpectedVersionConflictError, STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import type { Decider } from '@feibao/domain/shared/decider';
import {
  appendEvents,
  readStream,
  readStreams,
  wakeProjections,
  type AppendableEvent,
  type StreamRead,
} from './append.ts';
import { currentContext } from './context.ts';
import { createPool, type Pool } from './db.ts';
import { metricsFor, streamKind } from './metrics.ts';

export type EventStore = PostgresEventStore;
type AnyEvent = { type: string; data: Record<string, unknown> };

/** One pool per database in a process, as Emmett's own cache would keep it; ended when its last store closes. */
const sharedPools = new Map<string, { pool: ReturnType<typeof createPool>; stores: number }>();
/** The pool under each store of ours: commands read and append on it directly (./append.ts). */
const poolOfStore = new WeakMap<EventStore, Pool>();

/**
 * On a pool of ours rather than the one Emmett would make: ours listens for errors, so an idle
 * connection dropped by a PostgreSQL restart is replaced on next use instead of crashing the process.
 */
export const createEventStore = (connectionString: string): EventStore => {
  const shared = sharedPools.get(connectionString) ?? { pool: createPool(connectionString, 10), stores: 0 };
  shared.stores += 1;
  sharedPools.set(connectionString, shared);
  const store = getPostgreSQLEventStore(connectionString, {
    schema: { autoMigration: 'None' },
    // Emmett types the pool of its own node-postgres copy; the API it uses is the same.
    connectionOptions: { pool: shared.pool as never },
  });
  poolOfStore.set(store, shared.pool);
  // Emmett's own append (tests, tools) wakes the projection runners too: no trigger does (migration 0017).
  const emmettAppend = store.appendToStream.bind(store);
  store.appendToStream = async (...args) => {
    const result = await emmettAppend(...args);
    wakeProjections(
      shared.pool,
      args[1].map((event) => event.type),
    );
    return result;
  };
  const close = store.close.bind(store);
  let closed = false;
  store.close = async () => {
    await close();
    if (closed) return;
    closed = true;
    shared.stores -= 1;
    if (shared.stores === 0) {
      sharedPools.delete(connectionString);
      await shared.pool.end().catch(() => undefined);
    }
  };
  return store;
};

export type CommandResult<State, Event> = {
  events: Event[];
  state: State;
  /** Global position of the last appended event; the client's read-your-writes token. */
  position: number | null;
  streamVersion: bigint;
};

/**
 * Events appended while serving a request carry its id in their metadata (emt_messages.message_metadata
 * ->> 'requestId'), so what a request changed can be found from its log lines and the other way round.
 */
const withRequestId = <E>(events: E[]): E[] => {
  const requestId = currentContext()?.requestId;
  if (!requestId) return events;
  return events.map((e) => {
    const { metadata } = e as { metadata?: Record<string, unknown> };
    return { ...e, metadata: { ...metadata, requestId } };
  });
};

/**
 * The store Emmett's CommandHandler sees. Emmett 0.42's PostgreSQL store turns a first append's
 * STREAM_DOES_NOT_EXIST into "no check" (two concurrent first writes would both land); this
 * view passes 0n instead, which the append function does enforce. It reads and appends in one
 * round trip each on the store's pool (./append.ts) rather than through Emmett's SQL layer,
 * which wraps the append in BEGIN and COMMIT. It has no `withSession`, so the handler uses it
 * directly rather than opening a store per command on a dedicated connection.
 * `known`: the stream as the caller has just read it (or a stream that cannot exist yet);
 * the first attempt decides on it without reading, retries read afresh.
 */
const commandStore = (store: EventStore, known?: { state: unknown; streamVersion: bigint }) => {
  const pool = poolOfStore.get(store);
  let unread = known;
  const read = (streamName: string): Promise<StreamRead> =>
    pool ? readStream(pool, streamName) : (store.readStream(streamName) as Promise<StreamRead>);
  return {
    aggregateStream: async (streamName, options) => {
      if (unread) {
        const { state, streamVersion } = unread;
        unread = undefined;
        return { state: state as never, currentStreamVersion: streamVersion, streamExists: streamVersion > 0n };
      }
      const { events, currentStreamVersion, streamExists } = await read(streamName);
      let state = options.initialState();
      for (const event of events) state = options.evolve(state, event as never);
      return { state, currentStreamVersion, streamExists };
    },
    readStream: (streamName, options) => store.readStream(streamName, options),
    streamExists: (streamName, options) => store.streamExists(streamName, options),
    appendToStream: async (streamName, events, options) => {
      const expected = options?.expectedStreamVersion;
      const expectedVersion = expected === STREAM_DOES_NOT_EXIST ? 0n : typeof expected === 'bigint' ? expected : null;
      try {
        if (!pool)
          return await store.appendToStream(streamName, withRequestId(events), {
            ...options,
            expectedStreamVersion: expectedVersion ?? expected,
          });
        return await appendEvents(pool, streamName, withRequestId(events as AppendableEvent[]), expectedVersion);
      } catch (error) {
        if (isExpectedVersionConflictError(error))
          metricsFor().commandConflicts.inc({ stream: streamKind(streamName) });
        throw error;
      }
    },
  } satisfies Pick<EventStore, 'aggregateStream' | 'readStream' | 'streamExists' | 'appendToStream'>;
};

/**
 * A concurrent writer makes the append fail with a version conflict; deciding again on
 * fresh state is always safe because `decide` is pure. Five attempts in all, with short
 * jittered waits so that colliding writers spread out. The check is by error code, not
 * class: emmett-postgresql bundles its own copy of Emmett's error classes.
 */
const onVersionConflict = {
  retries: 4,
  minTimeout: 5,
  maxTimeout: 50,
  factor: 2,
  randomize: true,
  shouldRetryError: isExpectedVersionConflictError,
};

// One handler per decider and one guarded view per store, made once: commands are the hot path.
const handlers = new WeakMap<object, ReturnType<typeof CommandHandler<never, never>>>();
const handlerFor = <State, Event extends AnyEvent>(decider: Decider<State, never, Event>) => {
  let handle = handlers.get(decider);
  if (!handle) {
    handle = CommandHandler<State, Event>({
      evolve: decider.evolve,
      initialState: decider.initialState,
      retry: { onVersionConflict },
    }) as never;
    handlers.set(decider, handle);
  }
  return handle as unknown as ReturnType<typeof CommandHandler<State, Event>>;
};
/** A stream as read: the decider's state and the stream's version (0n: no event yet). */
export type Loaded<State> = { state: State; streamVersion: bigint };

/** What `handleCommand` may start from instead of reading: a stream just read, or 'new' for an id just generated. */
export type HandleOptions<State> = { from?: Loaded<State> | 'new' };

/**
 * Load the stream, decide, append with the version read: Emmett's CommandHandler over our decider.
 * With `from`, the first attempt skips the read (one round trip for the command); a version
 * conflict (a stream created or moved meanwhile) reads and decides again as usual.
 */
export const handleCommand = async <State, Command, Event extends AnyEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command | ((state: State) => Command),
  options: HandleOptions<State> = {},
): Promise<CommandResult<State, Event>> => {
  const known = options.from === 'new' ? { state: decider.initialState(), streamVersion: 0n } : options.from;
  const store = commandStore(eventStore, known) as unknown as EventStore;
  const result = await handlerFor(decider)(store, streamId, (state) =>
    decider.decide(typeof command === 'function' ? (command as (s: State) => Command)(state) : command, state),
  ).catch((error: unknown) => {
    if (isExpectedVersionConflictError(error))
      metricsFor().commandConflictFailures.inc({ stream: streamKind(streamId) });
    throw error;
  });
  return {
    events: result.newEvents,
    state: result.newState,
    position: result.newEvents.length > 0 ? Number(result.lastEventGlobalPosition) : null,
    streamVersion: result.nextExpectedStreamVersion,
  };
};

type Folding<State, Event> = Pick<Decider<State, unknown, Event>, 'evolve' | 'initialState'>;

const fold = <State, Event>(decider: Folding<State, Event>, stream: StreamRead): Loaded<State> => ({
  state: stream.events.reduce<State>((s, e) => decider.evolve(s, e as unknown as Event), decider.initialState()),
  streamVersion: stream.currentStreamVersion,
});

const readFor = async (eventStore: EventStore, streamIds: readonly string[]): Promise<Map<string, StreamRead>> => {
  const pool = poolOfStore.get(eventStore);
  if (pool) return readStreams(pool, streamIds);
  const reads = await Promise.all(streamIds.map((id) => eventStore.readStream(id) as Promise<StreamRead>));
  return new Map(streamIds.map((id, i) => [id, reads[i]!]));
};

export const load = async <State, Event extends AnyEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Folding<State, Event>,
): Promise<Loaded<State>> => fold(decider, (await readFor(eventStore, [streamId])).get(streamId)!);

export const aggregate = async <State, Event extends AnyEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Folding<State, Event>,
) => (await load(eventStore, streamId, decider)).state;

type StreamToLoad = {
  streamId: string;
  decider: { initialState: () => unknown; evolve: (state: never, event: never) => unknown };
};
type LoadedOf<T> = T extends { decider: { initialState: () => infer State } } ? Loaded<State> : never;

/** Several streams, each folded by its own decider, in one round trip (in the order asked). */
export const loadMany = async <const T extends readonly StreamToLoad[]>(
  eventStore: EventStore,
  streams: T,
): Promise<{ [K in keyof T]: LoadedOf<T[K]> }> => {
  const read = await readFor(eventStore, [...new Set(streams.map((s) => s.streamId))]);
  return streams.map((s) => fold(s.decider as Folding<unknown, unknown>, read.get(s.streamId)!)) as never;
};
