import type { PoolClient } from '../db.ts';
import type { DocumentCollection } from '../documents.ts';

export type RecordedEvent = {
  type: string;
  data: Record<string, unknown>;
  streamId: string;
  streamPosition: number;
  globalPosition: number;
  /** The appending transaction's id (xid8, as text): events are applied in (transactionId, globalPosition) order. */
  transactionId: string;
  /** Commit time of the event: the only clock a projection may use, so rebuilds are identical. */
  recordedAt: string;
  /** The id of the HTTP request that appended it, if any: jobs the event causes carry it on (context.ts). */
  requestId?: string;
};

/**
 * An async projection: it sees every event in global order, handles the types it names,
 * and writes through the transaction that also moves its checkpoint.
 */
export type Projection = {
  name: string;
  /** Bump to rebuild this projection from zero on the next start. */
  version: number;
  collections: DocumentCollection<object>[];
  eventTypes: readonly string[];
  handle(event: RecordedEvent, client: PoolClient): Promise<void>;
  /**
   * Optional: takes every wanted event of a runner batch at once, in global order, so the
   * projection can read and write each document once per batch (DocumentBatch). It must
   * leave exactly what calling `handle` for each event in turn would.
   */
  handleBatch?(events: RecordedEvent[], client: PoolClient): Promise<void>;
};

export const defineProjection = <P extends Projection>(projection: P): P => projection;
