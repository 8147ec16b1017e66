import type { Context, Next } from 'koa';
import type { Redis } from 'ioredis';
import type { Pool, PoolClient } from './db.ts';
import { EmmettSql } from './emmettTables.ts';
import { afterAuthentication, type Caller } from './http/auth.ts';
import { logger } from './logger.ts';
import { CHECKPOINT_CHANNEL } from './projections/runner.ts';

export const CONSISTENCY_HEADER = 'X-Consistency-Token';

/**
 * Read-your-writes. A command answers with the global position of its last event and, for
 * the user who wrote, remembers that position (LastWrites). The query side holds a read
 * until every projection has passed the position, or the wait runs out (X-Consistency:
 * stale): the position the request carries in X-Consistency-Token (any caller, e.g. one user
 * reading what another just wrote), and the caller's own last write once the route has
 * authenticated them, so a client that never sends the header still reads its own writes.
 */
export const createConsistencyWaiter = (pool: Pool, pollMs = 15) => {
  type Waiter = {
    key: string;
    position: number;
    scope: string | null;
    resolve: (ok: boolean) => void;
    deadline: number;
  };
  const waiters = new Set<Waiter>();
  let timer: NodeJS.Timeout | null = null;
  let checking = false;
  /** A checkpoint moved while a check was under way: check again at once. */
  let again = false;
  /**
   * Tokens already seen applied (a position alone: by every projection; with a scope: by those
   * projections); checkpoints only move forward (a rebuild aside).
   */
  const done = new Set<string>();
  const keyOf = (position: number, scope: string | null) =>
    scope === null ? String(position) : `${position}/${scope}`;
  const isDone = (key: string, position: number) => done.has(key) || done.has(String(position));
  let stopListening: (() => void) | null = null;

  // Projections apply events in (transaction id, position) order, so "passed position p"
  // means every checkpoint of the scope is at or beyond p's own (transaction id, position).
  const caughtUp = async (tokens: Waiter[]) => {
    const result = await pool.query(EmmettSql.tokensCaughtUp, [
      tokens.map((t) => t.position),
      tokens.map((t) => t.scope),
    ]);
    for (const row of result.rows) if (row.done) done.add(keyOf(Number(row.token), row.scope));
  };

  const tick = async () => {
    timer = null;
    checking = true;
    again = false;
    const pending = new Map<string, Waiter>();
    for (const w of waiters) if (!isDone(w.key, w.position)) pending.set(w.key, w);
    if (pending.size > 0) await caughtUp([...pending.values()]).catch(() => undefined); // the deadline still ends the wait
    checking = false;
    const now = Date.now();
    for (const w of waiters) {
      if (isDone(w.key, w.position)) {
        waiters.delete(w);
        w.resolve(true);
      } else if (now >= w.deadline) {
        waiters.delete(w);
        w.resolve(false);
      }
    }
    if (done.size > 10_000) done.clear();
    if (waiters.size > 0) timer = setTimeout(tick, again ? 0 : pollMs);
  };
  /** A projection committed a checkpoint: whoever waits is checked now rather than at the next poll. */
  const checkpointMoved = () => {
    if (waiters.size === 0) return;
    if (checking) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, 0);
  };

  return {
    /** `projections`: only these need to hold the write (the read models a read answers from); none named: every one. */
    waitFor(position: number, timeoutMs: number, projections?: readonly string[]): Promise<boolean> {
      const scope = projections?.length ? [...projections].sort().join(',') : null;
      const key = keyOf(position, scope);
      if (isDone(key, position)) return Promise.resolve(true);
      stopListening ??= listenForCheckpoints(pool, checkpointMoved);
      return new Promise((resolve) => {
        waiters.add({ key, position, scope, resolve, deadline: Date.now() + timeoutMs });
        if (!timer && !checking) timer = setTimeout(tick, 0);
      });
    },
    close() {
      if (timer) clearTimeout(timer);
      stopListening?.();
      for (const w of waiters) w.resolve(false);
      waiters.clear();
    },
  };
};

/**
 * The runner NOTIFYs CHECKPOINT_CHANNEL once the transaction that moves a checkpoint has committed
 * (projections/runner.ts), so a read waiting for a write is let go as soon as the read models hold it, not up
 * to a poll interval later; the poll stays for while this connection is down. A connection lost
 * (a PostgreSQL restart) is replaced a second later; it never ends the process.
 */
const listenForCheckpoints = (pool: Pool, onCheckpoint: () => void) => {
  let client: PoolClient | null = null;
  let stopClient = () => {};
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    clearTimeout(retry);
    if (!closed) retry = setTimeout(() => void connect(), 1000);
  };
  const connect = async () => {
    let release: ((err?: Error | boolean) => void) | null = null;
    try {
      const held = await pool.connect();
      let released = false;
      // A connection error and a failed LISTEN may both report one loss: it is given back once.
      release = (err) => {
        if (released) return;
        released = true;
        if (client === held) client = null;
        held.release(err);
      };
      const giveBack = release;
      held.on('notification', onCheckpoint);
      held.on('error', (err) => {
        logger.warn({ err }, 'read-your-writes checkpoint listener lost; reconnecting');
        giveBack(err);
        again();
      });
      await held.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
      if (closed) return giveBack(true);
      client = held;
      stopClient = () => giveBack(true);
      // Checkpoints that moved while the connection was being made.
      onCheckpoint();
    } catch (err) {
      release?.(true);
      logger.warn({ err }, 'read-your-writes checkpoint listener could not connect; polling meanwhile');
      again();
    }
  };
  void connect();
  return () => {
    closed = true;
    clearTimeout(retry);
    // Ended rather than returned to the pool, which would keep it listening.
    if (client) stopClient();
  };
};
export type ConsistencyWaiter = ReturnType<typeof createConsistencyWaiter>;

/** Each user's last written global position, kept until it is read as applied or expires. */
export type LastWrites = {
  record(user: string, position: number): Promise<void>;
  /** The user's position not yet seen applied, or null (one Redis GET; from memory in lastWritesMirror.ts). */
  pending(user: string): Promise<number | null>;
  /** Forgets the position once applied, unless a newer write replaced it meanwhile. */
  settled(user: string, position: number): Promise<void>;
};

// Positions only move forward: a slower request of the same user must not lower the mark. A raised
// mark is also published, for the query processes' copies in memory (lastWritesMirror.ts).
const RAISE = `local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > c then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]); redis.call('PUBLISH', ARGV[3], ARGV[4]) else redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1`;
const FORGET = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export const lastWriteKeys = (prefix: string) => ({
  user: (user: string) => `${prefix}:last-write:${user}`,
  pattern: `${prefix}:last-write:*`,
  /** Messages are JSON `[user, position]`. */
  channel: `${prefix}:last-writes`,
});
export const LAST_WRITE_TTL_MS = 60_000;

/**
 * In Redis, shared by every command and query instance. The mark outlives any sensible
 * projection lag (ttlMs); after that a read no longer waits for it.
 */
export const redisLastWrites = (redis: Redis, prefix: string, ttlMs = LAST_WRITE_TTL_MS): LastWrites => {
  const keys = lastWriteKeys(prefix);
  const key = keys.user;
  return {
    async record(user, position) {
      await redis.eval(
        RAISE,
        1,
        key(user),
        String(position),
        String(ttlMs),
        keys.channel,
        JSON.stringify([user, position]),
      );
    },
    async pending(user) {
      const value = Number(await redis.get(key(user)));
      return Number.isSafeInteger(value) && value > 0 ? value : null;
    },
    async settled(user, position) {
      await redis.eval(FORGET, 1, key(user), String(position));
    },
  };
};

type LastWrite = { position: number; by: string | null };

/**
 * Answers a command with its position (the header) and notes it for the writing user: the
 * caller, or `writer` for answers that start a session (register, login).
 */
export const setConsistencyToken = (ctx: Context, position: number | null, writer?: string | null) => {
  if (position === null) return;
  ctx.set(CONSISTENCY_HEADER, String(position));
  const by = writer ?? (ctx.state.caller as Caller | undefined)?.sub ?? null;
  const previous = ctx.state.lastWrite as LastWrite | undefined;
  if (!previous || position >= previous.position) ctx.state.lastWrite = { position, by } satisfies LastWrite;
};

/** Command side: stores the writing user's position before the answer leaves. */
export const recordLastWrites = (lastWrites: LastWrites) => async (ctx: Context, next: Next) => {
  await next();
  const written = ctx.state.lastWrite as LastWrite | undefined;
  // The write stands either way; without the mark only a header-less read may be stale.
  if (written?.by && ctx.status === 200)
    await lastWrites
      .record(written.by, written.position)
      .catch((err) => logger.warn({ err }, 'last write not recorded'));
};

const markConsistency = (ctx: Context, caughtUp: boolean) => {
  // Two waits in one request: stale if either ran out.
  if (!caughtUp) ctx.set('X-Consistency', 'stale');
  else if (!ctx.response.get('X-Consistency')) ctx.set('X-Consistency', 'consistent');
};

/** The projections whose read models a request path answers from; undefined: not declared (every projection). */
export type ReadScopes = ReadonlyMap<string, readonly string[]>;

/**
 * Query side, at app level: waits for the header's position at once, and registers the wait
 * for the caller's own last write, which runs only when a route authenticates the caller.
 * Both waits together stay within timeoutMs. An anonymous read pays nothing; a caller with
 * no pending write pays one Redis GET. A path in `scopes` waits only for the projections it
 * names: the read models it reads hold the write, whatever else still catches up.
 */
export const awaitConsistency =
  (waiter: ConsistencyWaiter, timeoutMs: number, lastWrites?: LastWrites, scopes?: ReadScopes) =>
  async (ctx: Context, next: Next) => {
    const deadline = Date.now() + timeoutMs;
    const scope = scopes?.get(ctx.path);
    const token = Number(ctx.get(CONSISTENCY_HEADER));
    if (Number.isSafeInteger(token) && token > 0) markConsistency(ctx, await waiter.waitFor(token, timeoutMs, scope));
    if (lastWrites)
      afterAuthentication(ctx, async (me) => {
        // Without Redis the read goes ahead unheld, as it would for a client without the header.
        const position = await lastWrites.pending(me.sub).catch(() => null);
        if (position === null) return;
        const caughtUp = await waiter.waitFor(position, Math.max(0, deadline - Date.now()), scope);
        markConsistency(ctx, caughtUp);
        if (!caughtUp) return;
        const settle = () => lastWrites.settled(me.sub, position).catch(() => undefined);
        if (!scope) {
          await settle();
          return;
        }
        // The mark is for every read of the user: a scoped read forgets it only once every projection
        // holds the write, looked at (no wait) after this read has gone on, and otherwise leaves it
        // for the other reads.
        void waiter.waitFor(position, 0).then((everywhere) => (everywhere ? settle() : undefined));
      });
    await next();
  };
