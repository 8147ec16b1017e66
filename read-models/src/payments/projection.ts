import {
  evolvePaymentOrder,
  evolvePaymentTrade,
  paymentTradeEventTypes,
  tradeNoOf,
  tradeOfRefund,
  type PaymentOrder,
  type PaymentTradeEvent,
  type PaymentTradeRecord,
} from '@feibao/domain/payments/trades';
import type { PoolClient } from '@feibao/platform/db';
import { documentCollection } from '@feibao/platform/documents';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';

export const PAYMENT_TRADES = 'payment_trades';
export const PAYMENT_ORDERS = 'payment_orders';

export const paymentTrades = documentCollection<PaymentTradeRecord>(PAYMENT_TRADES);
export const paymentOrders = documentCollection<PaymentOrder>(PAYMENT_ORDERS);

/** One read and one write per table for a batch; the domain's fold decides every change. */
const applyPaymentEvents = async (events: RecordedEvent[], client: PoolClient) => {
  const orders = paymentOrders.batch(client);
  const trades = paymentTrades.batch(client);
  await orders.load(events.map((e) => String(e.data.orderId)));
  const tradeNos = new Set<string>();
  for (const e of events) {
    if (typeof e.data.tradeNo === 'string') tradeNos.add(e.data.tradeNo);
    if (typeof e.data.refundNo === 'string') tradeNos.add(tradeOfRefund(e.data.refundNo));
    const payment = e.data.payment as { tradeNo?: string } | undefined;
    if (payment?.tradeNo) tradeNos.add(payment.tradeNo);
    const current = orders.get(String(e.data.orderId))?.currentTrade;
    if (current) tradeNos.add(current);
  }
  await trades.load(tradeNos);
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as PaymentTradeEvent;
    const orderId = String(recorded.data.orderId);
    const order = evolvePaymentOrder(orders.get(orderId), event);
    if (order && order !== orders.get(orderId)) orders.put(orderId, order);
    const tradeNo = tradeNoOf(order, event);
    if (!tradeNo) continue;
    const before = trades.get(tradeNo);
    const after = evolvePaymentTrade(before, order, event);
    if (after && after !== before) trades.put(tradeNo, after);
  }
  await orders.flush();
  await trades.flush();
};

export const paymentTradesProjection = defineProjection({
  name: 'payment-trades',
  version: 1,
  collections: [paymentOrders, paymentTrades],
  eventTypes: [...paymentTradeEventTypes],
  handle: (event: RecordedEvent, client: PoolClient) => applyPaymentEvents([event], client),
  handleBatch: (events: RecordedEvent[], client: PoolClient) => applyPaymentEvents(events, client),
});
