import type { Context, Next } from 'koa';
import type { Pool } from './db.ts';

export const CONSISTENCY_HEADER = 'X-Consistency-Token';

/**
 * Read-your-writes: a command answers with the global position of its last event; the
 * client sends it back and the query side holds the read until every projection has
 * passed that position (or the wait runs out, answering with X-Consistency: stale).
 */
export const createConsistencyWaiter = (pool: Pool, pollMs = 15) => {
  const waiters = new Set<{ position: number; resolve: (ok: boolean) => void; deadline: number }>();
  let timer: NodeJS.Timeout | null = null;
  let known = 0;

  const tick = async () => {
    timer = null;
    try {
      const result = await pool.query(`SELECT coalesce(min(position), 0) AS position FROM feibao_projections`);
      known = Number(result.rows[0].position);
    } catch {
      // keep the last known position; the deadline still ends the wait
    }
    const now = Date.now();
    for (const w of waiters) {
      if (known >= w.position) {
        waiters.delete(w);
        w.resolve(true);
      } else if (now >= w.deadline) {
        waiters.delete(w);
        w.resolve(false);
      }
    }
    if (waiters.size > 0) timer = setTimeout(tick, pollMs);
  };

  return {
    waitFor(position: number, timeoutMs: number): Promise<boolean> {
      if (position <= known) return Promise.resolve(true);
      return new Promise((resolve) => {
        waiters.add({ position, resolve, deadline: Date.now() + timeoutMs });
        if (!timer) timer = setTimeout(tick, 0);
      });
    },
    close() {
      if (timer) clearTimeout(timer);
      for (const w of waiters) w.resolve(false);
      waiters.clear();
    },
  };
};
export type ConsistencyWaiter = ReturnType<typeof createConsistencyWaiter>;

export const awaitConsistency = (waiter: ConsistencyWaiter, timeoutMs: number) => async (ctx: Context, next: Next) => {
  const token = Number(ctx.get(CONSISTENCY_HEADER));
  if (Number.isSafeInteger(token) && token > 0) {
    const caughtUp = await waiter.waitFor(token, timeoutMs);
    ctx.set('X-Consistency', caughtUp ? 'consistent' : 'stale');
  }
  await next();
};

export const setConsistencyToken = (ctx: Context, position: number | null) => {
  if (position !== null) ctx.set(CONSISTENCY_HEADER, String(position));
};
