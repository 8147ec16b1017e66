import { evolvePurchaseRecord, type PurchaseRecord } from '@feibao/domain/disclosure/purchaseRecord';
import { orderEventTypes, type OrderEvent } from '@feibao/domain/ordering/order.events';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { documentCollection } from '@feibao/platform/documents';
import type { Pool, PoolClient } from '@feibao/platform/db';
import { prepared } from '../prepared.ts';

export const PURCHASE_RECORDS = 'purchase_records';
/** position: the last order-stream position folded in, so a replayed event is not added twice. */
export type PurchaseRecordDocument = PurchaseRecord & { position: number };
export const purchaseRecords = documentCollection<PurchaseRecordDocument>(PURCHASE_RECORDS);

/** What one order event does to its record; an event at or before the record's position is a replay and changes nothing. */
const evolveRecord = (
  current: PurchaseRecordDocument | null,
  recorded: RecordedEvent,
): PurchaseRecordDocument | null => {
  const position = Number(recorded.streamPosition);
  if (current && current.position >= position) return current;
  const { position: _p, ...record } = current ?? { position: 0 };
  const next = evolvePurchaseRecord(current ? (record as PurchaseRecord) : null, {
    type: recorded.type,
    data: recorded.data,
  } as OrderEvent);
  return next ? { ...next, position } : null;
};

/**
 * One read and one write for a runner batch (DocumentBatch): per event, a locking read and an upsert
 * made this the slowest projection of a rebuild, two statements for every order event in the store.
 */
const applyPurchaseRecords = async (events: RecordedEvent[], client: PoolClient) => {
  const docs = purchaseRecords.batch(client);
  await docs.load(events.map((event) => String(event.data.orderId)));
  for (const event of events) docs.update(String(event.data.orderId), (current) => evolveRecord(current, event));
  await docs.flush();
};

/** 投保过程记录: one document per order, its purchase steps folded from the order events (domain purchaseRecord.ts). */
export const purchaseRecordsProjection = defineProjection({
  name: 'purchase_records',
  version: 1,
  collections: [purchaseRecords],
  eventTypes: [...orderEventTypes],
  handle: (event: RecordedEvent, client: PoolClient) => applyPurchaseRecords([event], client),
  handleBatch: (events: RecordedEvent[], client: PoolClient) => applyPurchaseRecords(events, client),
});

export const purchaseRecordReader = (pool: Pick<Pool, 'query'>) => ({
  async byOrderId(orderId: string): Promise<PurchaseRecord | null> {
    const result = await pool.query(prepared(`SELECT data FROM ${PURCHASE_RECORDS} WHERE _id = $1`, [orderId]));
    const row = result.rows[0] as { data: PurchaseRecordDocument } | undefined;
    if (!row) return null;
    const { position: _p, ...record } = row.data;
    return record;
  },
});
