import type { Pool } from '../db.ts';
import { logger } from '../logger.ts';
import type { Projection, RecordedEvent } from './projection.ts';
import { CLEAR_FAILED_EVENT, checkpointOf, readBatch, type Checkpoint } from './read.ts';

export type ReplayOptions = {
  batchSize: number;
  /** How many batches the reader may run ahead of the slowest projection (memory: that many batches). */
  lead?: number;
};

const START: Checkpoint = { transactionId: '0', position: 0 };

/** The projection's row no longer says what this replay last wrote (another runner moved it, or it is parked). */
class LeftReplay extends Error {}

/**
 * Every projection shares the same event objects: frozen, a handler that would change one (and so
 * another projection's input) throws instead, and that projection goes on alone with events of its own.
 */
const deepFreeze = (value: unknown) => {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
};

/**
 * One batch of one projection, in one transaction with its checkpoint, which must still be where this
 * replay left it. A replayed batch lost in a crash is simply replayed again (its checkpoint is lost with
 * it), so the commit does not wait for the WAL flush.
 */
const apply = async (pool: Pool, projection: Projection, from: Checkpoint, events: RecordedEvent[], to: Checkpoint) => {
  const client = await pool.connect();
  try {
    await client.query(`BEGIN; SET LOCAL synchronous_commit = off`);
    const moved = await client.query(
      `UPDATE feibao_projections SET position = $2, position_xid = $3::xid8, attempts = 0, last_error = NULL, ${CLEAR_FAILED_EVENT}, heartbeat_at = now()
        WHERE name = $1 AND status = 'running' AND position = $4 AND position_xid = $5::xid8`,
      [projection.name, to.position, to.transactionId, from.position, from.transactionId],
    );
    if (moved.rowCount !== 1) throw new LeftReplay(`${projection.name}: checkpoint moved by another runner, or parked`);
    if (events.length > 0) {
      if (projection.handleBatch) await projection.handleBatch(events, client);
      else for (const event of events) await projection.handle(event, client);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};

/**
 * A rebuild replays the whole store into every projection from zero, so they all read the same events:
 * here they are read once, with the data of every type any projection handles, and each projection
 * applies them on its own connection at its own pace (the reader stays at most `lead` batches ahead of
 * the slowest). Read per projection, the store was scanned once per projection and every order event
 * fetched and parsed by each of the five projections that handle it. A projection with nothing to apply
 * in a batch writes nothing; its checkpoint moves with its next batch, or at the end.
 *
 * Nothing here retries or parks: a projection whose batch fails (or whose checkpoint someone else
 * moved) leaves the shared replay, and the runner's own loop takes it on from its checkpoint, as it
 * takes on every projection after this (rebuildProjections).
 */
export const replayTogether = async (pool: Pool, projections: Projection[], options: ReplayOptions) => {
  const { batchSize } = options;
  const lead = options.lead ?? 4;
  const types = [...new Set(projections.flatMap((p) => p.eventTypes))];
  const batches = new Map<number, RecordedEvent[]>();
  /** Per projection still in the replay: the index of the batch it needs next. */
  const next = new Map(projections.map((p) => [p.name, 0]));
  let readFailed = false;
  let changed!: () => void;
  let change = new Promise<void>((resolve) => (changed = resolve));
  const notify = () => {
    changed();
    change = new Promise<void>((resolve) => (changed = resolve));
  };
  const until = async (condition: () => boolean) => {
    while (!condition()) await change;
  };
  const slowest = () => Math.min(...next.values());

  const reader = async () => {
    let after = START;
    for (let i = 0; ; i++) {
      await until(() => next.size === 0 || i - slowest() < lead);
      if (next.size === 0) return;
      const events = await readBatch(pool, after, batchSize, types);
      for (const event of events) deepFreeze(event);
      batches.set(i, events);
      notify();
      if (events.length < batchSize) return;
      after = checkpointOf(events[events.length - 1]!);
    }
  };

  const follow = async (projection: Projection) => {
    const wanted = new Set(projection.eventTypes);
    let written = START;
    let passed = START;
    try {
      for (let i = 0; ; i++) {
        await until(() => batches.has(i) || readFailed);
        const events = batches.get(i);
        if (!events) return;
        if (events.length > 0) {
          passed = checkpointOf(events[events.length - 1]!);
          const mine = events.filter((event) => wanted.has(event.type));
          if (mine.length > 0) {
            await apply(pool, projection, written, mine, passed);
            written = passed;
          }
        }
        next.set(projection.name, i + 1);
        for (const index of batches.keys()) if (index < slowest()) batches.delete(index);
        notify();
        if (events.length < batchSize) break;
      }
      if (written !== passed) await apply(pool, projection, written, [], passed);
    } catch (error) {
      logger.warn(
        { projection: projection.name, err: error },
        'rebuild: projection left the shared replay; it goes on alone from its checkpoint',
      );
    } finally {
      next.delete(projection.name);
      notify();
    }
  };

  const reading = reader().catch((error: unknown) => {
    logger.warn({ err: error }, 'rebuild: shared read failed; every projection goes on alone');
    readFailed = true;
    notify();
  });
  await Promise.all([reading, ...projections.map(follow)]);
};
