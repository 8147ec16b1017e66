import type { LineAnswer, Order, OrderStateValue } from '@feibao/domain/ordering/order.events';
import type { OrderForm } from '@feibao/domain/ordering/form';
import type { OrderListRow, QuoteProgress } from '@feibao/domain/ordering/api';
import type { PlanLine } from '@feibao/domain/ordering/plan';
import type { StoredDeskStatus } from '@feibao/domain/ordering/quoteDesk';
import type { StoredPayment } from '@feibao/domain/payments/status';
import type { RenewalOf, RenewedBy } from '@feibao/domain/ordering/renewal';
import type { Requirements } from '@feibao/domain/ordering/requirements';

export const ORDERS = 'orders';
export const ORDER_LIST = 'order_list';

/** Each insurer's progress, with its answers per line (kept to rebuild the plan columns). */
export type InsurerQuoteSummary = QuoteProgress & { answers: Record<string, LineAnswer>; deskStatus: StoredDeskStatus };

/**
 * The whole order as the details, plan and back-office screens need it, plus the domain
 * state it was shaped from (`order`), which the projection evolves on the next event.
 */
export type OrderDocument = {
  id: string;
  orderNo: string;
  orderTime: string;
  userName: string;
  orderType: 0 | 1;
  state: OrderStateValue;
  round: number;
  form: OrderForm;
  lines: PlanLine[];
  insurers: InsurerQuoteSummary[];
  /** The nearest deadline of an insurer still awaited (waiting or manual): the quote desk sorts by it. */
  nextDeadlineAt: string | null;
  policyNo: string | null;
  startDate: string | null;
  endDate: string | null;
  insuranceCompanyId: number | null;
  insuranceCompanyName: string | null;
  totalPremium: number | null;
  revokeReason: string | null;
  revokeReasonTxt: string | null;
  /** The purchase's trade as of the last event (domain payments/status.ts); absent on documents from before payments. */
  payment?: StoredPayment | null;
  /** The policy's version (1 until a 批改 is applied); null before it is issued; absent on older documents. */
  policyVersion?: number | null;
  /** A 批改 or 退保 asked for and not yet settled; absent on older documents. */
  pendingChange?: 'endorsement' | 'cancellation' | null;
  /** 续保自 / 已续保为 (docs/api/renewal.md); absent on older documents. */
  renewalOf?: RenewalOf | null;
  renewedBy?: RenewedBy | null;
  /** 投保要求 (docs/api/requirements.md); null when none stated, absent on older documents. */
  requirements?: Requirements | null;
  updatedAt: string;
  order: Order;
};

/** A list row as stored; the actions depend on the time of reading, so the reader adds them. */
export type StoredOrderListRow = Omit<
  OrderListRow,
  'actions' | 'payment' | 'policyVersion' | 'pendingChange' | 'renewalOf' | 'renewedBy'
> & {
  renewalOf?: RenewalOf | null;
  renewedBy?: RenewedBy | null;
  payment?: StoredPayment | null;
  policyVersion?: number | null;
  pendingChange?: 'endorsement' | 'cancellation' | null;
};
export type { OrderListRow };
