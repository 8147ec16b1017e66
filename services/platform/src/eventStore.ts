import {
  getPostgreSQLEventStore,
  type PostgresEventStore,
} from '@event-driven-io/emmett-postgresql';
import { CommandHandler, isExpectedVersionConflictError, STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import type { Decider } from '@feibao/domain';
import { currentContext } from './context.ts';
import { createPool } from './db.ts';
import { metricsFor, streamKind } from './metrics.ts';

export type EventStore = PostgresEventStore;
type AnyEvent = { type: string; data: Record<string, unknown> };

/** One pool per database in a process, as Emmett's own cache would keep it; ended when its last store closes. */
const sharedPools = new Map<string, { pool: ReturnType<typeof createPool>; stores: number }>();

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
 * Emmett's CommandHandler writes a first append with STREAM_DOES_NOT_EXIST, which the
 * PostgreSQL store of Emmett 0.42 turns into "no check" (two concurrent first writes
 * would both land). The store the handler sees passes 0n instead, which the append
 * function does enforce. It has no `withSession`, so the handler uses it directly rather
 * than opening a store per command on a dedicated connection.
 */
const commandStore = (store: EventStore) =>
  ({
    aggregateStream: (streamName, options) => store.aggregateStream(streamName, options),
    readStream: (streamName, options) => store.readStream(streamName, options),
    streamExists: (streamName, options) => store.streamExists(streamName, options),
    appendToStream: async (streamName, events, options) => {
      try {
        return await store.appendToStream(streamName, withRequestId(events), {
          ...options,
          expectedStreamVersion: options?.expectedStreamVersion === STREAM_DOES_NOT_EXIST ? 0n : options?.expectedStreamVersion,
        });
      } catch (error) {
        if (isExpectedVersionConflictError(error)) metricsFor().commandConflicts.inc({ stream: streamKind(streamName) });
        throw error;
      }
    },
  }) satisfies Pick<EventStore, 'aggregateStream' | 'readStream' | 'streamExists' | 'appendToStream'>;

/**
 * A concurrent writer makes the append fail with a version conflict; deciding again on
 * fresh state is always safe because `decide` is pure. Five attempts in all, with short
 * jittered waits so that colliding writers spread out. The check is by error code, not
 * class: emmett-postgresql bundles its own copy of Emmett's error classes.
 */
const onVersionConflict = { retries: 4, minTimeout: 5, maxTimeout: 50, factor: 2, randomize: true, shouldRetryError: isExpectedVersionConflictError };

// One handler per decider and one guarded view per store, made once: commands are the hot path.
const handlers = new WeakMap<object, ReturnType<typeof CommandHandler<never, never>>>();
const handlerFor = <State, Event extends AnyEvent>(decider: Decider<State, never, Event>) => {
  let handle = handlers.get(decider);
  if (!handle) {
    handle = CommandHandler<State, Event>({ evolve: decider.evolve, initialState: decider.initialState, retry: { onVersionConflict } }) as never;
    handlers.set(decider, handle);
  }
  return handle as unknown as ReturnType<typeof CommandHandler<State, Event>>;
};
const stores = new WeakMap<EventStore, EventStore>();
const storeFor = (store: EventStore) => {
  let view = stores.get(store);
  if (!view) {
    view = commandStore(store) as unknown as EventStore;
    stores.set(store, view);
  }
  return view;
};

/** Load the stream, decide, append with the version read: Emmett's CommandHandler over our decider. */
export const handleCommand = async <State, Command, Event extends AnyEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command | ((state: State) => Command),
): Promise<CommandResult<State, Event>> => {
  const result = await handlerFor(decider)(storeFor(eventStore), streamId, (state) =>
    decider.decide(typeof command === 'function' ? (command as (s: State) => Command)(state) : command, state),
  ).catch((error: unknown) => {
    if (isExpectedVersionConflictError(error)) metricsFor().commandConflictFailures.inc({ stream: streamKind(streamId) });
    throw error;
  });
  return {
    events: result.newEvents,
    state: result.newState,
    position: result.newEvents.length > 0 ? Number(result.lastEventGlobalPosition) : null,
    streamVersion: result.nextExpectedStreamVersion,
  };
};

export const aggregate = async <State, Event extends AnyEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Pick<Decider<State, unknown, Event>, 'evolve' | 'initialState'>,
) => {
  const stream = await eventStore.readStream<Event>(streamId);
  return stream.events.reduce<State>((s, e) => decider.evolve(s, e as unknown as Event), decider.initialState());
};
