/**
 * The payment answers as they travel (docs/api/payments.md): the order's `payment`, the back office's rows,
 * the dev gateway's trade. One definition for the services that build them and the web app that reads them.
 */

export type PaymentStatus = 'unpaid' | 'paid' | 'expired' | 'refunded';
export const paymentStatuses: readonly PaymentStatus[] = ['unpaid', 'paid', 'expired', 'refunded'];

/** On order details and list rows; null when the order was never bought (or bought before payments). */
export type OrderPayment = {
  status: PaymentStatus;
  amount: number;
  dueAt: string;
  paidAt: string | null;
  tradeNo: string;
  /** Only while unpaid and only for the order's owner. */
  cashierUrl: string | null;
};

export type PaymentException = 'paidNotUnderwritten' | 'refundPending';
export const paymentExceptions: readonly PaymentException[] = ['paidNotUnderwritten', 'refundPending'];

/** One row of the back office's payments list (one per trade). */
export type PaymentRow = {
  orderId: string;
  orderNo: string;
  customerName: string;
  /** Masked (138****1234). */
  customerPhone: string;
  insurerName: string;
  amount: number;
  status: PaymentStatus;
  tradeNo: string;
  dueAt: string;
  paidAt: string | null;
  underwrittenAt: string | null;
  exception: PaymentException | null;
};
export type PaymentPage = { total: number; list: PaymentRow[] };

/** One refused notification. */
export type RefusedNotificationRow = {
  id: string;
  receivedAt: string;
  provider: string;
  tradeNo: string | null;
  reasonCode: string;
  reason: string;
  remoteAddress: string | null;
  amountClaimed: string | null;
};
export type RefusedNotificationPage = { total: number; list: RefusedNotificationRow[] };

/** The dev gateway's cashier view of a trade. */
export type DevTradeStatus = 'waiting' | 'paid' | 'closed' | 'failed';
export type DevTrade = {
  orderNo: string;
  subject: string;
  amount: number;
  status: DevTradeStatus;
  insurerName: string;
  dueAt: string;
};
