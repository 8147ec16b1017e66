import { availableParallelism } from 'node:os';

/**
 * Evaluations the process hands to the native pool at once. The pool runs one per thread (one
 * thread per core) and queues the rest, so a few per thread keep every thread busy between the
 * main thread's conversions: a 6-line quote (6 calls) took p99 1.2 ms with one per core and
 * 0.95 ms with four (bench/notes.md "Rule engine speed: one engine call per line"). Far more only queue
 * there instead of here, and a queue in the pool is not ours to order or bound.
 */
export const EVALUATION_SLOTS = 4 * Math.max(2, availableParallelism());

/** At most `slots` calls of `run` at once, the others in arrival order. */
export const limiter = (slots: number) => {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(run: () => Promise<T>): Promise<T> => {
    if (active < slots) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await run();
    } finally {
      // The slot passes straight to the next waiting call, so `active` stays as it is.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
};
