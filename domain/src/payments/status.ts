import type { Order } from '../ordering/order.events.ts';
import { toFen } from './gateway.ts';
import type { OrderPayment, PaymentStatus } from './api.ts';

/**
 * The order's payment as stored for the screens: the current purchase's trade, or the last one that lapsed.
 * Whatever depends on the time of reading (unpaid past due reads expired) and on the caller (the cashier
 * URL) is added when read.
 */
export type StoredPayment = Omit<OrderPayment, 'cashierUrl'>;

export const storedPayment = (order: Order): StoredPayment | null => {
  if (order.status === 'none') return null;
  const refunds = order.payments?.refunds ?? [];
  const refunded = (tradeNo: string, amount: number) =>
    refunds.filter((r) => r.tradeNo === tradeNo && r.refundedAt).reduce((s, r) => s + toFen(r.amount), 0) >=
    toFen(amount);
  const current = 'payment' in order ? order.payment : null;
  if (current) {
    const status: PaymentStatus = refunded(current.tradeNo, current.amount)
      ? 'refunded'
      : current.paidAt
        ? 'paid'
        : 'unpaid';
    return { status, amount: current.amount, dueAt: current.dueAt, paidAt: current.paidAt, tradeNo: current.tradeNo };
  }
  const lapsed = order.payments?.lapsed;
  if (lapsed && (order.status === 'quoted' || order.status === 'quoting' || order.status === 'awaitingInquiry'))
    return {
      status: refunded(lapsed.tradeNo, lapsed.amount) ? 'refunded' : 'expired',
      amount: lapsed.amount,
      dueAt: lapsed.dueAt,
      paidAt: null,
      tradeNo: lapsed.tradeNo,
    };
  return null;
};

/** As the caller reads it at `now`: unpaid past its due time is expired (the lapse job may not have run yet). */
export const paymentAsRead = (
  stored: StoredPayment | null,
  now: Date,
  cashierUrl: string | null,
): OrderPayment | null =>
  stored
    ? stored.status === 'unpaid' && now.getTime() >= new Date(stored.dueAt).getTime()
      ? { ...stored, status: 'expired', cashierUrl: null }
      : { ...stored, cashierUrl: stored.status === 'unpaid' ? cashierUrl : null }
    : null;

/** What the order guards need of a stored payment (a list row has no domain state). */
export const paymentFacts = (stored: StoredPayment | null | undefined) =>
  stored ? { paid: stored.status !== 'unpaid' && stored.status !== 'expired', dueAt: stored.dueAt } : null;
