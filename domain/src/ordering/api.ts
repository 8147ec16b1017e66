import type { PlanLine } from './plan.ts';
import type { OrderAction } from './actions.ts';
import type { OrderPayment } from '../payments/api.ts';
import type { RenewalOf, RenewedBy } from './renewal.ts';

/**
 * The ordering answers as they travel (listInsurancePlan, orderDetails, page): one
 * definition for the query service that builds them and the web app that reads them.
 */

/** One insurer's answer for one plan line. */
export type PlanCellStatus = 'requested' | 'quoted' | 'waiting-verification' | 'declined' | 'timed-out';
/** One insurer's progress over the whole plan. */
export type QuoteStatus = 'requested' | 'answered' | 'waiting-verification' | 'timed-out';

export type PlanCell = {
  insuranceCompanyId: number;
  insuranceCompanyName: string;
  status: PlanCellStatus;
  insurancePremium: number | null;
  deductiblePremiumString: string | null;
  quotedPriceDate: string | null;
  remark: string | null;
};

export type PlanRow = Omit<PlanLine, 'key'> & {
  key: string;
  isTotal?: false;
  orderInfoId: string;
  state: number;
  insuranceCompanyList: PlanCell[];
};

export type TotalCell = {
  insuranceCompanyId: number;
  insuranceCompanyName: string;
  status: QuoteStatus;
  total: number | null;
  quotedAll: boolean;
  /** The caller may buy from this insurer now: the decider's own guard (guards.ts mayInsureWith). */
  canInsure: boolean;
  /** The order holds the 投保前阅读确认 for this insurer on the texts in force (docs/api/disclosure.md); false: 投保 opens them first. */
  termsConfirmed: boolean;
  validUntil: string | null;
  /** Priced in full, but the validity ran out: 报价已过期, buy only after a new inquiry. */
  expired: boolean;
};

export type TotalsRow = {
  orderInfoId: string;
  key: 'total';
  isTotal: true;
  insuranceTypeInfoName: string;
  state: number;
  insuranceCompanyList: TotalCell[];
};

export type QuoteProgress = {
  insuranceCompanyId: number;
  insuranceCompanyName: string;
  requestId: string;
  status: QuoteStatus;
  requestedAt: string;
  answerDueAt: string;
  deadlineAt: string;
  /** Σ premiums when every line is priced; null otherwise. */
  total: number | null;
  quotedAll: boolean;
  /** Until when the quote can be bought (the insurer's validity rule); null before any answer. */
  validUntil: string | null;
  /** Times staff re-sent the request. */
  attempt: number;
};

/** One row of the order list (`POST /order/page`; field names in docs/glossary.md). */
export type OrderListRow = {
  id: string;
  orderNo: string;
  orderTime: string;
  userName: string;
  orderType: 0 | 1;
  state: number;
  policyNo: string | null;
  startDate: string | null;
  endDate: string | null;
  insuranceCompanyId: number | null;
  insuranceCompanyName: string | null;
  totalPremium: number | null;
  deviceNumber: string;
  /** The purchase's payment (docs/api/payments.md); null when never bought or bought before payments. */
  payment: OrderPayment | null;
  /** The policy's version (1 until a 批改 is applied); null before it is issued. */
  policyVersion: number | null;
  /** A 批改 or 退保 asked for and not yet settled; null when none (docs/glossary.md). */
  pendingChange: 'endorsement' | 'cancellation' | null;
  /** 续保自: the order this one renews; null when none (docs/api/renewal.md). */
  renewalOf: RenewalOf | null;
  /** 已续保为: the order that renews this one; null when none. */
  renewedBy: RenewedBy | null;
  /** What the caller may do with it now (domain `allowedActions`); screens render buttons from it. */
  actions: OrderAction[];
};

export type OrderPage = { datas: OrderListRow[]; currentPage: number; pageSize: number; totalCount: number };
