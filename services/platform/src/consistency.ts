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
  /** Tokens already seen applied everywhere; checkpoints only move forward (a rebuild aside). */
  const done = new Set<number>();

  // Projections apply events in (transaction id, position) order, so "passed position p"
  // means every checkpoint is at or beyond p's own (transaction id, position). A token that
  // names no event (made up, or from another database) holds nothing back.
  const caughtUp = async (tokens: number[]) => {
    const result = await pool.query(
      `SELECT t.token, NOT EXISTS (
                SELECT 1 FROM feibao_projections p
                 WHERE (p.position_xid, p.position) < (m.transaction_id, m.global_position)) AS done
         FROM unnest($1::bigint[]) AS t(token)
         LEFT JOIN emt_messages m ON m.global_position = t.token AND m.partition = 'emt:default'`,
      [tokens],
    );
    for (const row of result.rows) if (row.done) done.add(Number(row.token));
  };

  const tick = async () => {
    timer = null;
    const pending = [...new Set([...waiters].map((w) => w.position))].filter((p) => !done.has(p));
    if (pending.length > 0) await caughtUp(pending).catch(() => undefined); // the deadline still ends the wait
    const now = Date.now();
    for (const w of waiters) {
      if (done.has(w.position)) {
        waiters.delete(w);
        w.resolve(true);
      } else if (now >= w.deadline) {
        waiters.delete(w);
        w.resolve(false);
      }
    }
    if (done.size > 10_000) done.clear();
    if (waiters.size > 0) timer = setTimeout(tick, pollMs);
  };

  return {
    waitFor(position: number, timeoutMs: number): Promise<boolean> {
      if (done.has(position)) return Promise.resolve(true);
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
