import {
  evolveOrder,
  initialOrder,
  orderEventTime,
  orderEventTypes,
  type OrderEvent,
} from '@feibao/domain/ordering/order.events';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { documentCollection } from '@feibao/platform/documents';
import type { PoolClient } from '@feibao/platform/db';
import { ORDER_LIST, ORDERS, type OrderDocument, type StoredOrderListRow } from './orderDocument.ts';
import { rowOf, toDocument } from './toDocument.ts';

export const orders = documentCollection<OrderDocument>(ORDERS);
export const orderList = documentCollection<StoredOrderListRow>(ORDER_LIST);

/** Pure: the next document for an event, by the domain's own transitions. Uses only event data, so replays are identical. */
export const evolveOrderDocument = (doc: OrderDocument | null, event: OrderEvent): OrderDocument | null =>
  toDocument(evolveOrder(doc?.order ?? initialOrder(), event), orderEventTime(event));

/** One read and one write per table for a whole batch, however many events touch an order. */
const applyOrderEvents = async (events: RecordedEvent[], client: PoolClient) => {
  const docs = orders.batch(client);
  const rows = orderList.batch(client);
  await docs.load(events.map((event) => String(event.data.orderId)));
  for (const event of events) {
    const orderId = String(event.data.orderId);
    let next: OrderDocument | null = null;
    docs.update(
      orderId,
      (doc) => (next = evolveOrderDocument(doc, { type: event.type, data: event.data } as OrderEvent)),
    );
    if (next) rows.put(orderId, rowOf(next));
  }
  await docs.flush();
  await rows.flush();
};

export const orderProjection = defineProjection({
  name: 'orders',
  // 2: documents carry the domain state (`order`) they are evolved from.
  // 3: the quote desk's fields (deskStatus, validUntil, attempt per insurer; nextDeadlineAt).
  // 4: the purchase's payment (payment on documents and rows).
  version: 4,
  collections: [orders, orderList],
  eventTypes: [...orderEventTypes],
  handle: (event: RecordedEvent, client: PoolClient) => applyOrderEvents([event], client),
  handleBatch: (events: RecordedEvent[], client: PoolClient) => applyOrderEvents(events, client),
});
