import {
  getPostgreSQLEventStore,
  type PostgresEventStore,
} from '@event-driven-io/emmett-postgresql';
import { isExpectedVersionConflictError } from '@event-driven-io/emmett';
import type { Decider } from '@feibao/domain';

export type EventStore = PostgresEventStore;
type AnyEvent = { type: string; data: Record<string, unknown> };

export const createEventStore = (connectionString: string): EventStore =>
  getPostgreSQLEventStore(connectionString, { schema: { autoMigration: 'None' } });

export type CommandResult<State, Event> = {
  events: Event[];
  state: State;
  /** Global position of the last appended event; the client's read-your-writes token. */
  position: number | null;
  streamVersion: bigint;
};

const MAX_ATTEMPTS = 5;

/**
 * Load the stream, decide, append with the version we read. A concurrent writer makes the
 * append fail with a version conflict; deciding again on fresh state is always safe because
 * `decide` is pure, so retry a few times before giving up.
 */
export const handleCommand = async <State, Command, Event extends AnyEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command | ((state: State) => Command),
): Promise<CommandResult<State, Event>> => {
  for (let attempt = 1; ; attempt++) {
    const stream = await eventStore.readStream<Event>(streamId);
    const state = stream.events.reduce<State>((s, e) => decider.evolve(s, e as unknown as Event), decider.initialState());
    const cmd = typeof command === 'function' ? (command as (s: State) => Command)(state) : command;
    const events = decider.decide(cmd, state);
    const next = events.reduce(decider.evolve, state);
    if (events.length === 0)
      return { events, state: next, position: null, streamVersion: stream.currentStreamVersion };
    try {
      // 0n is "the stream must not exist yet": Emmett 0.42 enforces a numeric version
      // but ignores its STREAM_DOES_NOT_EXIST constant (stack findings #2).
      const result = await eventStore.appendToStream(streamId, events as never, {
        expectedStreamVersion: stream.streamExists ? stream.currentStreamVersion : 0n,
      });
      return {
        events,
        state: next,
        position: Number(result.lastEventGlobalPosition),
        streamVersion: result.nextExpectedStreamVersion,
      };
    } catch (error) {
      if (!isExpectedVersionConflictError(error) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
};

export const aggregate = async <State, Event extends AnyEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Pick<Decider<State, unknown, Event>, 'evolve' | 'initialState'>,
) => {
  const stream = await eventStore.readStream<Event>(streamId);
  return stream.events.reduce<State>((s, e) => decider.evolve(s, e as unknown as Event), decider.initialState());
};
