import type pg from 'pg';
import type { RecordedEvent } from './projection.ts';
import { EmmettSql } from '../emmettTables.ts';

/** Clears the event a projection failed on, once it applies a batch, is rebuilt or an operator skips it. */
export const CLEAR_FAILED_EVENT = `failed_position = NULL, failed_xid = NULL, failed_event_type = NULL, failed_stream_id = NULL`;

/** The table's columns are null for events the projection does not handle. */
type Row = {
  transaction_id: string;
  global_position: number;
  message_type: string;
  stream_id: string | null;
  stream_position: number | null;
  message_data: Record<string, unknown> | null;
  created: Date | null;
  request_id: string | null;
};

/** Where a projection stands: the last event it applied, in commit order. */
export type Checkpoint = { transactionId: string; position: number };

/**
 * Emmett 0.42's consumer stalls silently when a handler throws and mishandles its start
 * position, so projections run on this small runner instead (docs/adr/0001-own-projection-runner.md):
 * one row per projection in feibao_projections holds its checkpoint, status and last error,
 * and moves in the same transaction as the read-model writes.
 *
 * Events are applied in (transaction id, global position) order, not by global position
 * alone: a transaction can draw a lower position yet get its id, and commit, later than
 * another, so a position-only checkpoint could step past an event still being written.
 * Only transactions older than every running one are read (same ADR); anything
 * committing later has an id at least that snapshot's xmin, so it sorts after the checkpoint.
 */
export const readBatch = async (
  db: Pick<pg.Pool, 'query'>,
  after: Checkpoint,
  limit: number,
  /** Only these types are read in full; other events come back with just position and type. */
  types?: readonly string[],
): Promise<RecordedEvent[]> => {
  // The batch's ids, positions and types come from an index-only scan; only the events the
  // projection handles are read from the table (a rebuild of a projection that wants one
  // event in ten no longer drags the whole store through shared buffers). Every event
  // still comes back, so the checkpoint can pass the ones nobody wants.
  const result = await db.query<Row>(EmmettSql.readBatch, [after.transactionId, after.position, limit, types ?? null]);
  return result.rows.map((r) => ({
    type: r.message_type,
    data: r.message_data ?? {},
    streamId: r.stream_id ?? '',
    streamPosition: Number(r.stream_position ?? 0),
    globalPosition: Number(r.global_position),
    transactionId: r.transaction_id,
    recordedAt: (r.created ?? new Date(0)).toISOString(),
    ...(r.request_id ? { requestId: r.request_id } : {}),
  }));
};

export const checkpointOf = (event: RecordedEvent): Checkpoint => ({
  transactionId: event.transactionId,
  position: event.globalPosition,
});
