import type { Context, Next } from 'koa';

export type Sleep = (ms: number) => Promise<void>;
const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `floorMs` have passed since `startedAt` (a `performance.now()` reading); nothing when
 * they already have. Every verification answer ends here, so a code that exists and one that does not,
 * a refusal and an answer, all take at least the floor (docs/security.md "Public verification").
 */
export const padToFloor = async (
  startedAt: number,
  floorMs: number,
  clock: () => number = () => performance.now(),
  wait: Sleep = sleep,
) => {
  const left = floorMs - (clock() - startedAt);
  if (left > 0) await wait(left);
};

/** The padding as the routes' first middleware: answers and refusals (thrown) both wait for the floor. */
export const paddedAnswer =
  (floorMs: number) =>
  async (_ctx: Context, next: Next): Promise<void> => {
    const started = performance.now();
    try {
      await next();
    } finally {
      await padToFloor(started, floorMs);
    }
  };
