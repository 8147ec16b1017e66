import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand, type EventStore } from '@feibao/platform/eventStore';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

/**
 * The guarantees `handleCommand` keeps on top of Emmett's CommandHandler: a new stream is
 * written by exactly one of several concurrent first writers (Emmett 0.42 alone lets them
 * all through), a version conflict is decided again on fresh state, and the answer carries
 * the events, the new state, the stream version and the global position of the last event.
 */
type CounterEvent = { type: 'CounterOpened' | 'CounterBumped'; data: { n: number } };
type Counter = { open: boolean; n: number };
const counter = {
  initialState: (): Counter => ({ open: false, n: 0 }),
  evolve: (state: Counter, event: CounterEvent): Counter => ({
    open: true,
    n: event.type === 'CounterBumped' ? state.n + 1 : state.n,
  }),
  decide: (command: 'open' | 'bump', state: Counter): CounterEvent[] => {
    if (command === 'open') {
      if (state.open) throw new Error('already open');
      return [{ type: 'CounterOpened', data: { n: 0 } }];
    }
    return [{ type: 'CounterBumped', data: { n: state.n + 1 } }];
  },
};

let platform: TestPlatform;
let store: EventStore;
beforeAll(async () => {
  platform = await startTestPlatform({ workers: false });
  store = platform.command.deps.eventStore;
});
afterAll(async () => platform?.stop());

describe('handleCommand', () => {
  it('lets exactly one of three concurrent first writers create a stream', async () => {
    for (let i = 0; i < 10; i++) {
      const results = await Promise.allSettled(
        [1, 2, 3].map(() => handleCommand(store, `counter-new${i}`, counter, 'open')),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []))).toEqual([
        'already open',
        'already open',
      ]);
    }
  });

  it('retries conflicting writers on fresh state and answers with version, state and global position', async () => {
    await handleCommand(store, 'counter-busy', counter, 'open');
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => handleCommand(store, 'counter-busy', counter, 'bump')));
    const stream = await store.readStream('counter-busy');
    expect(stream.currentStreamVersion).toBe(6n);
    for (const result of results) {
      const written = stream.events.find((e) => Number(e.metadata.globalPosition) === result.position);
      expect(written).toBeDefined();
      expect(result.events).toEqual([{ type: 'CounterBumped', data: { n: result.state.n } }]);
      expect(result.streamVersion).toBe(written!.metadata.streamPosition);
      expect(BigInt(result.state.n + 1)).toBe(result.streamVersion);
    }
    const unchanged = await handleCommand(store, 'counter-busy', { ...counter, decide: () => [] }, 'bump');
    expect(unchanged).toMatchObject({ events: [], position: null, streamVersion: 6n, state: { open: true, n: 5 } });
  });
});
