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

/** The next document for one event: a replayed event (position already folded in) leaves it as it is. */
const nextRecord = (current: PurchaseRecordDocument | null, recorded: RecordedEvent): PurchaseRecordDocument | null => {
  const position = Number(recorded.streamPosition);
  if (current && current.position >= position) return current;
  const { position: _p, ...record } = current ?? { position: 0 };
  const event = { type: recorded.type, data: recorded.data } as OrderEvent;
  const next = evolvePurchaseRecord(current ? (record as PurchaseRecord) : null, event);
  return next ? { ...next, position } : null;
};

/** One read and one write for a batch (DocumentBatch), the same rows as per event: every order event is one. */
const applyPurchaseEvents = async (events: RecordedEvent[], client: PoolClient) => {
  const records = purchaseRecords.batch(client);
  await records.load(events.map((event) => String(event.data.orderId)));
  for (const event of events) records.update(String(event.data.orderId), (current) => nextRecord(current, event));
  await records.flush();
};

/** 投保过程记录: one document per order, its purchase steps folded from the order events (domain purchaseRecord.ts). */
export const purchaseRecordsProjection = defineProjection({
  name: 'purchase_records',
  version: 1,
  collections: [purchaseRecords],
  eventTypes: [...orderEventTypes],
  handle: (event: RecordedEvent, client: PoolClient) => applyPurchaseEvents([event], client),
  handleBatch: (events: RecordedEvent[], client: PoolClient) => applyPurchaseEvents(events, client),
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
