import type { LineAnswer, OrderForm, PlanLine } from '@feibao/domain';

export const ORDERS = 'orders';
export const ORDER_LIST = 'order_list';

export type PlanInsurerColumn = {
  insuranceCompanyId: number;
  insuranceCompanyName: string;
  /** requested → quoted | waiting-verification | declined | timed-out */
  status: 'requested' | 'quoted' | 'waiting-verification' | 'declined' | 'timed-out';
  insurancePremium: number | null;
  deductiblePremiumString: string | null;
  quotedPriceDate: string | null;
  remark: string | null;
};

export type InsurerQuoteSummary = {
  insuranceCompanyId: number;
  insuranceCompanyName: string;
  requestId: string;
  status: 'requested' | 'answered' | 'waiting-verification' | 'timed-out';
  requestedAt: string;
  answerDueAt: string;
  deadlineAt: string;
  /** Σ premiums when every line is priced; null otherwise. */
  total: number | null;
  quotedAll: boolean;
  answers: Record<string, LineAnswer>;
};

/** The whole order as the details, plan and back-office screens need it. */
export type OrderDocument = {
  id: string;
  orderNo: string;
  orderTime: string;
  userName: string;
  orderType: 0 | 1;
  state: number;
  round: number;
  form: OrderForm;
  lines: PlanLine[];
  insurers: InsurerQuoteSummary[];
  policyNo: string | null;
  startDate: string | null;
  endDate: string | null;
  insuranceCompanyId: number | null;
  insuranceCompanyName: string | null;
  totalPremium: number | null;
  revokeReason: string | null;
  revokeReasonTxt: string | null;
  updatedAt: string;
};

/** One row of the order list (seed 000 §2 "Order list"), kept slim so paging reads little. */
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
};
