import type { OrderEvent } from '../ordering/order.events.ts';
import { toFen } from './gateway.ts';

/**
 * The back office's payments list, one record per trade (docs/api/payments.md), derived from the order events
 * alone: a pure fold the read model (read-models payments/) applies. What depends on the time of reading
 * (unpaid past due, paid but not underwritten in time) is decided when read.
 */

/** What the list keeps of an order: its number and owner, and its trade being paid or paid. */
export type PaymentOrder = { orderId: string; orderNo: string; owner: string; currentTrade: string | null };

export type PaymentTradeRecord = {
  tradeNo: string;
  orderId: string;
  orderNo: string;
  owner: string;
  insurerName: string;
  amount: number;
  dueAt: string;
  createdAt: string;
  paidAt: string | null;
  lapsedAt: string | null;
  underwrittenAt: string | null;
  refunds: { refundNo: string; amount: number; refundedAt: string | null }[];
  /** The whole amount refunded (confirmed). */
  fullyRefunded: boolean;
  /** A refund asked for and not confirmed yet. */
  refundPending: boolean;
};

export const paymentTradeEventTypes = [
  'OrderDraftSaved',
  'OrderInsured',
  'PaymentConfirmed',
  'PaymentLapsed',
  'RefundRequested',
  'RefundConfirmed',
  'PolicyUnderwritten',
] as const satisfies readonly OrderEvent['type'][];
export type PaymentTradeEvent = Extract<OrderEvent, { type: (typeof paymentTradeEventTypes)[number] }>;

/** Refund numbers are their trade's number + R + sequence (gateway.ts refundNumber). */
export const tradeOfRefund = (refundNo: string) => refundNo.replace(/R\d+$/, '');

const withRefunds = (trade: PaymentTradeRecord, refunds: PaymentTradeRecord['refunds']): PaymentTradeRecord => ({
  ...trade,
  refunds,
  fullyRefunded:
    refunds.filter((r) => r.refundedAt).reduce((sum, r) => sum + toFen(r.amount), 0) >= toFen(trade.amount),
  refundPending: refunds.some((r) => !r.refundedAt),
});

/** Which trade an event changes (null: the order's record only, or nothing). */
export const tradeNoOf = (order: PaymentOrder | null, event: PaymentTradeEvent): string | null => {
  switch (event.type) {
    case 'OrderDraftSaved':
      return null;
    case 'OrderInsured':
      return event.data.payment?.tradeNo ?? null;
    case 'PaymentConfirmed':
    case 'PaymentLapsed':
    case 'RefundRequested':
      return event.data.tradeNo;
    case 'RefundConfirmed':
      return tradeOfRefund(event.data.refundNo);
    case 'PolicyUnderwritten':
      return order?.currentTrade ?? null;
  }
};

export const evolvePaymentOrder = (order: PaymentOrder | null, event: PaymentTradeEvent): PaymentOrder | null => {
  if (event.type === 'OrderDraftSaved')
    return (
      order ?? { orderId: event.data.orderId, orderNo: event.data.orderNo, owner: event.data.owner, currentTrade: null }
    );
  if (event.type === 'OrderInsured' && order && event.data.payment)
    return { ...order, currentTrade: event.data.payment.tradeNo };
  return order;
};

export const evolvePaymentTrade = (
  trade: PaymentTradeRecord | null,
  order: PaymentOrder | null,
  event: PaymentTradeEvent,
): PaymentTradeRecord | null => {
  switch (event.type) {
    case 'OrderDraftSaved':
      return trade;
    case 'OrderInsured': {
      const payment = event.data.payment;
      if (!payment || !order) return trade;
      return {
        tradeNo: payment.tradeNo,
        orderId: order.orderId,
        orderNo: order.orderNo,
        owner: order.owner,
        insurerName: event.data.insurerName,
        amount: payment.amount,
        dueAt: payment.dueAt,
        createdAt: trade?.createdAt ?? event.data.insuredAt,
        paidAt: trade?.paidAt ?? null,
        // A lapsed trade paid late and honoured is bought again under the same number.
        lapsedAt: null,
        underwrittenAt: null,
        refunds: trade?.refunds ?? [],
        fullyRefunded: trade?.fullyRefunded ?? false,
        refundPending: trade?.refundPending ?? false,
      };
    }
    case 'PaymentConfirmed':
      return trade ? { ...trade, paidAt: event.data.paidAt } : trade;
    case 'PaymentLapsed':
      return trade ? { ...trade, lapsedAt: event.data.lapsedAt } : trade;
    case 'RefundRequested':
      return trade
        ? withRefunds(trade, [
            ...trade.refunds,
            { refundNo: event.data.refundNo, amount: event.data.amount, refundedAt: null },
          ])
        : trade;
    case 'RefundConfirmed':
      return trade
        ? withRefunds(
            trade,
            trade.refunds.map((r) =>
              r.refundNo === event.data.refundNo ? { ...r, refundedAt: event.data.refundedAt } : r,
            ),
          )
        : trade;
    case 'PolicyUnderwritten':
      return trade ? { ...trade, underwrittenAt: event.data.underwrittenAt } : trade;
  }
};
