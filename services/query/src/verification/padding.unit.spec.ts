import { afterEach, describe, expect, it, vi } from 'vitest';
import { paddedAnswer, padToFloor } from './padding.ts';

describe('padToFloor', () => {
  it('waits what is left of the floor since the start', async () => {
    const waited: number[] = [];
    await padToFloor(
      1_000,
      150,
      () => 1_040,
      async (ms) => void waited.push(ms),
    );
    expect(waited).toEqual([110]);
  });

  it('does not wait once the floor has passed', async () => {
    const waited: number[] = [];
    await padToFloor(
      1_000,
      150,
      () => 1_150,
      async (ms) => void waited.push(ms),
    );
    await padToFloor(
      1_000,
      150,
      () => 1_900,
      async (ms) => void waited.push(ms),
    );
    expect(waited).toEqual([]);
  });
});

describe('paddedAnswer', () => {
  afterEach(() => vi.useRealTimers());

  it('answers only once the floor has passed, refusals too', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    for (const handler of [async () => undefined, async () => Promise.reject(new Error('refused'))]) {
      let settled = false;
      const answered = paddedAnswer(150)({} as never, handler).then(
        () => (settled = true),
        () => (settled = true),
      );
      await vi.advanceTimersByTimeAsync(149);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await answered;
      expect(settled).toBe(true);
    }
  });
});
