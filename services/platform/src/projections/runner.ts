import type pg from 'pg';
import { withTransaction, type Pool } from '../db.ts';
import type { Projection, RecordedEvent } from './projection.ts';
import { logger } from '../logger.ts';
import { EmmettDdlV1, EmmettSql } from '../emmettTables.ts';
import { CLEAR_FAILED_EVENT, checkpointOf, readBatch, type Checkpoint } from './read.ts';
import { replayTogether } from './rebuild.ts';

export { CLEAR_FAILED_EVENT, checkpointOf, readBatch, type Checkpoint } from './read.ts';

export const PROJECTION_WAKE_CHANNEL = EmmettDdlV1.notifyChannel;
export const CHECKPOINT_CHANNEL = 'feibao_projection_checkpoint';

export type RunnerOptions = {
  batchSize?: number;
  idlePollMs?: number;
  /** Retry delay while new events exist but an older transaction still hides them. */
  heldBackRetryMs?: number;
  /** How often an idle projection rewrites its heartbeat (the health check allows 15 s). */
  heartbeatMs?: number;
  /** Attempts on one batch before the projection is parked with its error. */
  maxAttempts?: number;
  backoffMs?: number;
};

export type ProjectionStatus = {
  name: string;
  version: number;
  position: number;
  status: 'running' | 'parked';
  attempts: number;
  lastError: string | null;
  heartbeatAt: string | null;
};

export const readProjectionStatuses = async (db: Pick<pg.Pool, 'query'>): Promise<ProjectionStatus[]> => {
  const result = await db.query(
    `SELECT name, version, position, status, attempts, last_error, heartbeat_at FROM feibao_projections ORDER BY name`,
  );
  return result.rows.map((r) => ({
    name: r.name,
    version: r.version,
    position: Number(r.position),
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    heartbeatAt: r.heartbeat_at ? new Date(r.heartbeat_at).toISOString() : null,
  }));
};

const registerProjection = async (pool: Pool, projection: Projection) => {
  await withTransaction(pool, async (client) => {
    await client.query(`INSERT INTO feibao_projections (name, version) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
      projection.name,
      projection.version,
    ]);
    const row = await client.query(`SELECT version FROM feibao_projections WHERE name = $1 FOR UPDATE`, [
      projection.name,
    ]);
    if (row.rows[0].version !== projection.version) {
      logger.info({ projection: projection.name }, 'projection version changed: rebuilding from zero');
      await resetProjection(client, projection);
    }
    // A parked projection gets fresh attempts when its process restarts. The types it reads are
    // kept for the operations console's lag (operations.ts).
    await client.query(
      `UPDATE feibao_projections SET status = 'running', attempts = 0, version = $2, heartbeat_at = now(), event_types = $3 WHERE name = $1`,
      [projection.name, projection.version, projection.eventTypes],
    );
  });
};

export const resetProjection = async (client: pg.PoolClient, projection: Projection) => {
  for (const collection of projection.collections) await client.query(`TRUNCATE "${collection.name}"`);
  await client.query(
    `UPDATE feibao_projections SET position = 0, position_xid = '0', status = 'running', attempts = 0, last_error = NULL, ${CLEAR_FAILED_EVENT}, version = $2 WHERE name = $1`,
    [projection.name, projection.version],
  );
};

/**
 * The next batch, read on another connection while the current one is being written: during
 * a rebuild or a backlog the read is a fifth of a batch's time. It is used only if the
 * checkpoint is still where the read started; otherwise (or if it failed or found nothing)
 * the batch is read inside its transaction as usual. Its snapshot is taken while the
 * writing transaction holds an id, just like a read inside that transaction.
 */
export type ReadAhead = { after?: Checkpoint; events?: Promise<RecordedEvent[] | null> };

/** A handler failed on this one event (a narrowed batch held no other event of the projection's types). */
export class ProjectionEventError extends Error {
  constructor(
    readonly event: RecordedEvent,
    readonly failure: unknown,
  ) {
    super(failure instanceof Error ? failure.message : String(failure));
    this.name = 'ProjectionEventError';
    if (failure instanceof Error && failure.stack) this.stack = failure.stack;
  }
}

/**
 * A batch's first statement: its checkpoint row, locked, and its commit made asynchronous
 * (`synchronous_commit` off for this transaction only). Nothing in a batch needs the flush: the
 * read-model rows and the checkpoint commit or vanish together, and the events they come from
 * were flushed by their own append. A server crash can only lose the last batches whole (never
 * a row without its checkpoint, nor the other way round), and the runner applies those events
 * again from the store: exactly once, as after any batch that never committed. What a
 * projection did outside the transaction (a worker's job) may be done again, as after a crash
 * of the runner before its commit; every job is idempotent. Waiting for the flush made every
 * batch of every projection a durable commit queued behind the appends' flushes.
 */
const BATCH_LOCK = `SELECT position, position_xid::text AS position_xid, status, set_config('synchronous_commit', 'off', true)
  FROM feibao_projections WHERE name = $1 FOR UPDATE SKIP LOCKED`;

/**
 * Applies one batch; returns how many events it read (0 = caught up). The FOR UPDATE lock
 * on the checkpoint row lets several runner processes share the work without double-applying.
 */
export const processBatch = async (
  pool: Pool,
  projection: Projection,
  batchSize: number,
  ahead: ReadAhead = {},
  /**
   * `narrow`: apply only up to the first event of the projection's types. After a failure the
   * runner goes one event at a time, so the checkpoint stops right before the event that fails
   * and the failure names it (an operator can then skip exactly that event).
   */
  options: { narrow?: boolean } = {},
): Promise<number> => {
  return withTransaction(pool, async (client): Promise<number> => {
    // The batch commits without waiting for its WAL flush (see BATCH_LOCK).
    const cp = await client.query({
      name: 'feibao_projection_batch_lock',
      text: BATCH_LOCK,
      values: [projection.name],
    });
    const row = cp.rows[0];
    if (row?.status !== 'running') return 0;
    const current: Checkpoint = { transactionId: row.position_xid, position: Number(row.position) };
    const sameStart = ahead.after?.position === current.position && ahead.after.transactionId === current.transactionId;
    const readAhead = sameStart ? await ahead.events : null;
    ahead.after = ahead.events = undefined;
    const read = readAhead?.length ? readAhead : await readBatch(client, current, batchSize, projection.eventTypes);
    if (read.length === 0) {
      await client.query(`UPDATE feibao_projections SET heartbeat_at = now() WHERE name = $1`, [projection.name]);
      return 0;
    }
    const wanted = new Set(projection.eventTypes);
    const firstWanted = read.findIndex((event) => wanted.has(event.type));
    const narrowed = options.narrow === true && firstWanted >= 0;
    const events = narrowed ? read.slice(0, firstWanted + 1) : read;
    const last = checkpointOf(events[events.length - 1]!);
    // A full batch suggests more are waiting: read them while this batch is written.
    if (!narrowed && events.length === batchSize) {
      ahead.after = last;
      ahead.events = readBatch(pool, last, batchSize, projection.eventTypes).catch(() => null);
    }
    const mine = events.filter((event) => wanted.has(event.type));
    try {
      if (projection.handleBatch) {
        if (mine.length > 0) await projection.handleBatch(mine, client);
      } else for (const event of mine) await projection.handle(event, client);
    } catch (error) {
      throw narrowed ? new ProjectionEventError(events[events.length - 1]!, error) : error;
    }
    await client.query({
      name: 'feibao_projection_batch_done',
      text: BATCH_DONE,
      values: [
        projection.name,
        last.position,
        last.transactionId,
        CHECKPOINT_CHANNEL,
        `${projection.name}:${last.position}`,
      ],
    });
    return events.length;
  });
};

/**
 * A batch's last statement: the checkpoint moves, and read-your-writes waiters (consistency.ts) are
 * told so. PostgreSQL delivers the notification once the transaction has committed, so a waiter
 * that looks then finds the read models holding the batch. The notification lock a notifying
 * commit takes is held only while the commit record is written: the batch does not wait for its
 * flush (BATCH_LOCK). (When batches waited for it, the lock was held through the flush and every
 * notifying commit queued behind it; the announcement then went in a transaction of its own.)
 */
const BATCH_DONE = `WITH moved AS (
    UPDATE feibao_projections SET position = $2, position_xid = $3::xid8, attempts = 0, last_error = NULL, ${CLEAR_FAILED_EVENT}, heartbeat_at = now()
     WHERE name = $1 RETURNING name)
  SELECT pg_notify($4, $5) FROM moved`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A lock-free look before the batch transaction. That transaction takes a row lock, hence a
 * transaction id and a WAL-flushed commit, and while it runs it holds pg_snapshot_xmin back
 * for every other projection; waking four projections per append for nothing cost more than
 * the appends themselves. `heldBack`: events exist but an older transaction still hides them.
 */
export const peekProjection = async (db: Pick<pg.Pool, 'query'>, name: string, heartbeatMs: number) => {
  const result = await db.query(EmmettSql.peekProjection, [name, heartbeatMs]);
  const row = result.rows[0];
  if (!row) return { due: true, heldBack: false };
  return { due: row.running && (row.ready || row.heartbeat_due), heldBack: row.running && row.pending && !row.ready };
};

export type ProjectionRunner = {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Runs every projection until it has nothing left to read (rebuilds, tests). */
  catchUp(): Promise<void>;
};

export const createProjectionRunner = (
  pool: Pool,
  projections: Projection[],
  options: RunnerOptions = {},
): ProjectionRunner => {
  const batchSize = options.batchSize ?? 500;
  const idlePollMs = options.idlePollMs ?? 1000;
  const heldBackRetryMs = options.heldBackRetryMs ?? 5;
  const heartbeatMs = options.heartbeatMs ?? 5000;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoffMs = options.backoffMs ?? 200;
  let running = false;
  let listener: pg.PoolClient | null = null;
  let relisten: NodeJS.Timeout | undefined;
  const loops: Promise<void>[] = [];

  /**
   * Per projection: its loop's wake-up while it sleeps, and a count of the notifications meant for
   * it, so one arriving while the loop is busy is not slept through.
   */
  const sleepers = new Map<string, () => void>();
  const wakeups = new Map<string, number>();

  const idle = (name: string, ms: number, seen: number) =>
    new Promise<void>((resolve) => {
      if ((wakeups.get(name) ?? 0) !== seen || !running) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        sleepers.delete(name);
        resolve();
      }
      sleepers.set(name, done);
    });

  const runOne = async (projection: Projection, untilCaughtUp: boolean) => {
    let attempt = 0;
    let afterWork = false;
    /** Events still to go through one wanted event at a time: the span of the batch that failed. */
    let narrowFor = 0;
    const ahead: ReadAhead = {};
    while (running || untilCaughtUp) {
      try {
        if (!untilCaughtUp && !afterWork) {
          const seen = wakeups.get(projection.name) ?? 0;
          const { due, heldBack } = await peekProjection(pool, projection.name, heartbeatMs);
          if (!due) {
            await idle(projection.name, heldBack ? heldBackRetryMs : idlePollMs, seen);
            continue;
          }
        }
        const read = await processBatch(pool, projection, batchSize, ahead, { narrow: narrowFor > 0 });
        if (narrowFor > 0) narrowFor = Math.max(0, narrowFor - read);
        attempt = 0;
        // Straight on to the next batch while batches come back full (or one event at a time after a
        // failure); otherwise back to peeking: a lock-free look is cheaper than a batch transaction
        // that finds nothing, which took a row lock, wrote a heartbeat and committed.
        afterWork = read > 0 && (read >= batchSize || narrowFor > 0);
        if (read === 0 && untilCaughtUp) return;
      } catch (error) {
        attempt++;
        afterWork = false;
        narrowFor = batchSize;
        const failed = error instanceof ProjectionEventError ? error.event : null;
        const cause = error instanceof ProjectionEventError ? error.failure : error;
        const message = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
        const parked = attempt >= maxAttempts;
        logger.error(
          {
            projection: projection.name,
            attempt,
            parked,
            event: failed && { position: failed.globalPosition, type: failed.type },
            err: cause,
          },
          'projection batch failed',
        );
        await pool
          .query(
            `UPDATE feibao_projections SET attempts = $2, last_error = $3, status = $4,
                    failed_position = $5, failed_xid = $6::xid8, failed_event_type = $7, failed_stream_id = $8 WHERE name = $1`,
            [
              projection.name,
              attempt,
              message.slice(0, 4000),
              parked ? 'parked' : 'running',
              failed?.globalPosition ?? null,
              failed?.transactionId ?? null,
              failed?.type ?? null,
              failed?.streamId ?? null,
            ],
          )
          .catch(() => undefined);
        if (parked) {
          if (untilCaughtUp) throw error;
          // The loop stays: peeking finds the row parked and idles until an operator retries or
          // skips from the console (operations.ts), which sets it running and wakes the runner.
          attempt = 0;
          continue;
        }
        await sleep(backoffMs * 2 ** (attempt - 1));
      }
    }
  };

  /**
   * An append's notification names its event types (append.ts `wakeProjections`): only the
   * projections handling one of them look. `null` (an empty payload: the operations console, a
   * reconnect, a stop) wakes every one.
   */
  const wake = (types: ReadonlySet<string> | null) => {
    for (const projection of projections) {
      if (types && !projection.eventTypes.some((type) => types.has(type))) continue;
      wakeups.set(projection.name, (wakeups.get(projection.name) ?? 0) + 1);
      sleepers.get(projection.name)?.();
    }
  };
  const wakeAll = () => wake(null);
  /**
   * The LISTEN connection. A PostgreSQL restart drops it: it is replaced a second later (the loops,
   * woken, catch up on what they missed meanwhile); an unhandled error here would end the process.
   */
  const listen = async (): Promise<void> => {
    if (!running) return;
    try {
      const client = await pool.connect();
      client.on('notification', (message) => wake(message.payload ? new Set(message.payload.split(',')) : null));
      client.on('error', (err) => {
        logger.warn({ err }, 'projection wake-up listener lost; reconnecting');
        client.release(err);
        if (listener === client) listener = null;
        relisten = setTimeout(() => void listen(), 1000);
      });
      await client.query(`LISTEN ${PROJECTION_WAKE_CHANNEL}`);
      listener = client;
      wakeAll();
    } catch (err) {
      logger.warn({ err }, 'projection wake-up listener could not connect; retrying');
      relisten = setTimeout(() => void listen(), 1000);
    }
  };

  return {
    async start() {
      for (const p of projections) await registerProjection(pool, p);
      running = true;
      await listen();
      for (const p of projections) loops.push(runOne(p, false));
    },
    async stop() {
      running = false;
      clearTimeout(relisten);
      wakeAll();
      await Promise.allSettled(loops);
      loops.length = 0;
      if (listener) {
        await listener.query(`UNLISTEN *`).catch(() => undefined);
        listener.release();
        listener = null;
      }
    },
    async catchUp() {
      for (const p of projections) await registerProjection(pool, p);
      // Projections are independent (own checkpoint, own tables): replaying them side by
      // side keeps PostgreSQL busy while Node evolves documents, instead of one at a time.
      await Promise.all(projections.map((p) => runOne(p, true)));
    },
  };
};

/**
 * Truncates every read model of these projections and replays all events into them: first all
 * together from one read of the store (rebuild.ts), then each on the runner's own loop, which
 * finishes whatever that left (a projection that failed there, events appended meanwhile) with
 * its retries and parking. Batches are larger than the live default: a replay has no lag to keep
 * short, and each batch costs a few round trips and a commit however many events it holds.
 */
const REBUILD_BATCH = 2000;

export const rebuildProjections = async (pool: Pool, projections: Projection[], options: RunnerOptions = {}) => {
  for (const projection of projections) {
    await withTransaction(pool, async (client) => {
      await client.query(
        `INSERT INTO feibao_projections (name, version) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
        [projection.name, projection.version],
      );
      await client.query(`SELECT 1 FROM feibao_projections WHERE name = $1 FOR UPDATE`, [projection.name]);
      await resetProjection(client, projection);
    });
  }
  const batchSize = options.batchSize ?? REBUILD_BATCH;
  await replayTogether(pool, projections, { batchSize });
  const runner = createProjectionRunner(pool, projections, { ...options, batchSize });
  await runner.catchUp();
};
