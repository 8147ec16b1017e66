import { illegalState, notFound } from '@feibao/domain/shared/errors';
import { opsMessages } from '@feibao/domain/ops/operations';
import { projectionStateOf, type ProjectionRow } from '@feibao/domain/ops/api';
import type { Queryable } from '../db.ts';
import { EmmettSql } from '../emmettTables.ts';
import { CLEAR_FAILED_EVENT, PROJECTION_WAKE_CHANNEL } from './runner.ts';

/** Lag is counted up to this many events: enough to tell "a few" from "a rebuild's worth". */
export const LAG_COUNT_CAP = 10_000;

/** Every projection's checkpoint, lag, state and failure, for the operations console. */
export const readProjectionRows = async (db: Queryable, lagCap = LAG_COUNT_CAP): Promise<ProjectionRow[]> => {
  const [rows, lag] = await Promise.all([
    db.query(
      `SELECT name, version, position, status, attempts, last_error, heartbeat_at,
              failed_position, failed_event_type, failed_stream_id
         FROM feibao_projections ORDER BY name`,
    ),
    db.query(EmmettSql.projectionLag, [lagCap]),
  ]);
  const lagOf = new Map(lag.rows.map((r) => [r.name as string, r]));
  return rows.rows.map((r) => {
    const behind = lagOf.get(r.name);
    const lagEvents = Number(behind?.lag_events ?? 0);
    const oldest = behind?.oldest_unapplied ? new Date(behind.oldest_unapplied).getTime() : null;
    const readAt = behind?.read_at ? new Date(behind.read_at).getTime() : Date.now();
    return {
      name: r.name,
      version: r.version,
      position: Number(r.position),
      lagEvents,
      lagCapped: lagEvents >= lagCap,
      lagMs: oldest === null ? 0 : Math.max(0, readAt - oldest),
      state: projectionStateOf(r.status, r.attempts),
      attempts: r.attempts,
      lastError: r.last_error,
      heartbeatAt: r.heartbeat_at ? new Date(r.heartbeat_at).toISOString() : null,
      failedEvent:
        r.failed_position === null
          ? null
          : {
              position: Number(r.failed_position),
              type: r.failed_event_type ?? '',
              streamId: r.failed_stream_id ?? '',
            },
    };
  });
};

type Parked = {
  lastError: string | null;
  failedPosition: number | null;
  failedXid: string | null;
  failedEventType: string | null;
  failedStreamId: string | null;
};

/** Locks a parked projection's row; refuses an unknown or running one. Call inside a transaction. */
const lockParked = async (db: Queryable, name: string): Promise<Parked> => {
  const { rows } = await db.query(
    `SELECT status, last_error, failed_position, failed_xid::text AS failed_xid, failed_event_type, failed_stream_id
       FROM feibao_projections WHERE name = $1 FOR UPDATE`,
    [name],
  );
  const row = rows[0];
  if (!row) throw notFound(opsMessages.projectionNotFound);
  if (row.status !== 'parked') throw illegalState(opsMessages.notParked);
  return {
    lastError: row.last_error,
    failedPosition: row.failed_position === null ? null : Number(row.failed_position),
    failedXid: row.failed_xid,
    failedEventType: row.failed_event_type,
    failedStreamId: row.failed_stream_id,
  };
};

/** Runners idle on this channel; a parked projection set running is picked up at once, not at the next poll. */
const wakeRunners = (db: Queryable) => db.query(`SELECT pg_notify($1, '')`, [PROJECTION_WAKE_CHANNEL]);

/**
 * Sets a parked projection running again with fresh attempts (after a fix, or when the failure
 * was passing). The runner keeps a loop for a parked projection and resumes it without a restart.
 */
export const retryParkedProjection = async (db: Queryable, name: string) => {
  const parked = await lockParked(db, name);
  await db.query(
    `UPDATE feibao_projections SET status = 'running', attempts = 0, heartbeat_at = now() WHERE name = $1`,
    [name],
  );
  await wakeRunners(db);
  return { lastError: parked.lastError };
};

/**
 * Moves a parked projection's checkpoint past the one event it failed on and sets it running.
 * `position` is the event the operator saw: a different (or unknown) failed event is refused, so
 * a skip never passes an event nobody looked at.
 */
export const skipParkedEvent = async (db: Queryable, name: string, position: number) => {
  const parked = await lockParked(db, name);
  if (parked.failedPosition === null || parked.failedXid === null || parked.failedPosition !== position)
    throw illegalState(opsMessages.skipStale);
  await db.query(
    `UPDATE feibao_projections SET position = $2, position_xid = $3::xid8, status = 'running', attempts = 0,
            last_error = NULL, ${CLEAR_FAILED_EVENT}, heartbeat_at = now() WHERE name = $1`,
    [name, parked.failedPosition, parked.failedXid],
  );
  await wakeRunners(db);
  return {
    position,
    eventType: parked.failedEventType ?? '',
    streamId: parked.failedStreamId ?? '',
    lastError: parked.lastError,
  };
};
