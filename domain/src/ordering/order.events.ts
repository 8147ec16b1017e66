import type { OrderForm } from './form.ts';
import type { PlanLine } from './plan.ts';
import type { RuleRef, TraceStep } from '../rules/rating.ts';
import type { RenewalOf, RenewedBy } from './renewal.ts';
import type { CancellationEvent, CancellationRequestState } from './cancellation.events.ts';
import type { Requirements } from './requirements.ts';
import { approvedRequest, evolveCancellation } from './cancellation.evolve.ts';
import {
  endorsementEventTime,
  endorsementEventTypes,
  endorsementOnEndorsed,
  evolveEndorsement,
  type EndorsementEvent,
  type EndorsementState,
  type EndorsementTrade,
} from './endorsement.events.ts';
import {
  evolvePurchaseTerms,
  purchaseTermsEventTime,
  purchaseTermsEventTypes,
  type PurchaseTermsEvent,
  type TermsConfirmation,
} from './purchaseTerms.ts';

/** Order states; the numbers are the wire mapping (docs/glossary.md "Order states and actions"). */
export const OrderState = {
  awaitingInquiry: 0,
  quoting: 1,
  quoted: 2,
  insured: 3,
  underwritten: 4,
  inForce: 5,
  lapsed: 6,
  /** 已退保: cancelled by the customer before its end, the refund paid through the provider. */
  cancelled: 7,
} as const;
export type OrderStateValue = (typeof OrderState)[keyof typeof OrderState];

export type InsurerRef = { id: number; name: string };

/**
 * rules/trace: the rule versions that rated an automatic answer and the engine's compact trace
 * (domain rules/rating.ts); absent on staff entries and on answers from before the rule platform.
 * ratedOn: the Shanghai day the rules rated it (a drone's age band is counted to it), so the answer
 * can be replayed exactly; absent on answers recorded before it was kept.
 */
export type LineAnswer = (
  | { key: string; kind: 'quoted'; premium: number; deductible: string }
  | { key: string; kind: 'manual'; reason: string; customerReason?: string }
  | { key: string; kind: 'declined'; reason: string; customerReason?: string }
) & { rules?: RuleRef[]; trace?: TraceStep[]; ratedOn?: string };

export type QuoteRequest = {
  requestId: string;
  insurerId: number;
  insurerName: string;
  requestedAt: string;
  /** When the insurer's automatic answer is expected (1–3 working days, drawn per request). */
  answerDueAt: string;
  /** After this the request times out and the insurer counts as not quoting. */
  deadlineAt: string;
  /** How often staff re-sent it (0 or absent: the first sending); the insurer jobs' ids carry it. */
  attempt?: number;
};

export type OrderDraftSaved = {
  type: 'OrderDraftSaved';
  data: {
    orderId: string;
    orderNo: string;
    owner: string;
    orderType: 0 | 1;
    form: OrderForm;
    savedAt: string;
    /** 续保自: the order this one renews (absent: a new purchase). */
    renewalOf?: RenewalOf;
  };
};
export type InquiryRequested = {
  type: 'InquiryRequested';
  data: {
    orderId: string;
    round: number;
    form: OrderForm;
    lines: PlanLine[];
    requests: QuoteRequest[];
    requestedAt: string;
  };
};
export type InsurerQuoteRecorded = {
  type: 'InsurerQuoteRecorded';
  data: {
    orderId: string;
    requestId: string;
    insurerId: number;
    answers: LineAnswer[];
    source: 'automatic' | 'manual';
    recordedBy: string;
    recordedAt: string;
    /** Until when the insurer stands by its quote (its quoteValidityDays from recordedAt); absent on older events. */
    validUntil?: string;
  };
};
export type InsurerQuoteTimedOut = {
  type: 'InsurerQuoteTimedOut';
  /** forcedBy: the staff member who let it time out before its deadline (absent: the deadline passed). */
  data: { orderId: string; requestId: string; insurerId: number; timedOutAt: string; forcedBy?: string };
};
/** Staff asked the insurer again: new due times, a time-out lifted; answers already given stay. */
export type QuoteRequestResent = {
  type: 'QuoteRequestResent';
  data: {
    orderId: string;
    requestId: string;
    insurerId: number;
    attempt: number;
    answerDueAt: string;
    deadlineAt: string;
    resentBy: string;
    resentAt: string;
  };
};
export type QuotingCompleted = {
  type: 'QuotingCompleted';
  data: { orderId: string; round: number; completedAt: string };
};
export type InquiryRevoked = {
  type: 'InquiryRevoked';
  data: { orderId: string; round: number; revokeReason: string; revokeReasonTxt: string | null; revokedAt: string };
};
export type PlanReset = { type: 'PlanReset'; data: { orderId: string; round: number; resetAt: string } };
export type PlanLineDeleted = { type: 'PlanLineDeleted'; data: { orderId: string; key: string; deletedAt: string } };
export type OrderInsured = {
  type: 'OrderInsured';
  data: {
    orderId: string;
    insurerId: number;
    insurerName: string;
    totalPremium: number;
    insuredAt: string;
    requestedStartDate: string | null;
    /** The trade opened with the payment provider (docs/api/payments.md); absent on purchases from before payments. */
    payment?: { tradeNo: string; amount: number; dueAt: string };
  };
};
/** The provider confirmed the trade paid (its signed notification, or a reconciliation query). */
export type PaymentConfirmed = {
  type: 'PaymentConfirmed';
  data: {
    orderId: string;
    tradeNo: string;
    amount: number;
    paidAt: string;
    providerTradeNo: string;
    via: 'notify' | 'reconciliation';
  };
};
/** Unpaid past its due time: the purchase lapses and the order is back to quoted. */
export type PaymentLapsed = {
  type: 'PaymentLapsed';
  data: { orderId: string; tradeNo: string; lapsedAt: string; quoteValid: boolean };
};
/** tradeNo: the trade refunded (the current payment's, or a lapsed trade paid late). */
export type RefundRequested = {
  type: 'RefundRequested';
  data: {
    orderId: string;
    refundNo: string;
    tradeNo: string;
    amount: number;
    reason: string;
    requestedBy: string;
    requestedAt: string;
  };
};
export type RefundConfirmed = {
  type: 'RefundConfirmed';
  data: { orderId: string; refundNo: string; amount: number; refundedAt: string };
};
export type PolicyUnderwritten = {
  type: 'PolicyUnderwritten';
  data: { orderId: string; policyNo: string; startDate: string; endDate: string; underwrittenAt: string };
};
/**
 * An approved 批改 applied to the policy: from `effectiveDate` the policy reads as `form`, `lines` and the
 * insurer's `answers` (annual premium and deductible per line), as policy `version` (the first issue is 1).
 * premiumDifference: what the change cost for the days left (+ paid by the customer, − refunded).
 */
export type PolicyEndorsed = {
  type: 'PolicyEndorsed';
  data: {
    orderId: string;
    endorsementId: string;
    /** 批单号, printed on the 批单 and named by verification. */
    endorsementNo: string;
    version: number;
    effectiveDate: string;
    form: OrderForm;
    lines: PlanLine[];
    answers: LineAnswer[];
    totalPremium: number;
    premiumDifference: number;
    changes: PolicyChangeRow[];
    /** Device codes no longer insured from effectiveDate (an accident after it is refused). */
    removedDeviceNumbers: string[];
    approvedBy: string;
    endorsedAt: string;
  };
};
/** One row of a 批单: what changed, before and after, and what it cost for the days left. */
export type PolicyChangeRow = {
  kind: 'addDrone' | 'removeDrone' | 'changeAmount' | 'changeContact';
  label: string;
  before: string | null;
  after: string | null;
  premiumDifference: number;
};
/**
 * 退保 approved: the cover ends at `effectiveDate` (an accident after it is not covered) and `refundAmount`
 * is refunded through the provider (a RefundRequested beside it when it is above zero).
 */
export type PolicyCancelled = {
  type: 'PolicyCancelled';
  data: {
    orderId: string;
    cancellationId: string;
    effectiveDate: string;
    refundAmount: number;
    reason: string;
    reasonTxt: string | null;
    approvedBy: string;
    cancelledAt: string;
    /** Staff's note when approving from the queue (absent on automatic approvals and older events). */
    approvalNote?: string | null;
  };
};
/** 续保 started: the policy is continued by the new order named (its RenewalOf points back); once only. */
export type RenewalStarted = {
  type: 'RenewalStarted';
  data: { orderId: string; renewalOrderId: string; renewalOrderNo: string; at: string };
};
/** 投保要求 stated (or restated, replacing the last) by the owner before the purchase (docs/api/requirements.md). */
export type RequirementsStated = {
  type: 'RequirementsStated';
  data: { orderId: string; requirements: Requirements; statedBy: string; statedAt: string };
};
export type PolicyTookEffect = { type: 'PolicyTookEffect'; data: { orderId: string; at: string } };
export type PolicyLapsed = { type: 'PolicyLapsed'; data: { orderId: string; at: string } };

export type OrderEvent =
  | OrderDraftSaved
  | InquiryRequested
  | InsurerQuoteRecorded
  | InsurerQuoteTimedOut
  | QuoteRequestResent
  | QuotingCompleted
  | InquiryRevoked
  | PlanReset
  | PlanLineDeleted
  | OrderInsured
  | PaymentConfirmed
  | PaymentLapsed
  | RefundRequested
  | RefundConfirmed
  | PolicyUnderwritten
  | PolicyTookEffect
  | PolicyLapsed
  | PolicyEndorsed
  | PolicyCancelled
  | RenewalStarted
  | CancellationEvent
  | EndorsementEvent
  | RequirementsStated
  | PurchaseTermsEvent;

export const orderEventTypes: readonly OrderEvent['type'][] = [
  'OrderDraftSaved',
  'InquiryRequested',
  'InsurerQuoteRecorded',
  'InsurerQuoteTimedOut',
  'QuoteRequestResent',
  'QuotingCompleted',
  'InquiryRevoked',
  'PlanReset',
  'PlanLineDeleted',
  'OrderInsured',
  'PaymentConfirmed',
  'PaymentLapsed',
  'RefundRequested',
  'RefundConfirmed',
  'PolicyUnderwritten',
  'PolicyTookEffect',
  'PolicyLapsed',
  'PolicyEndorsed',
  'PolicyCancelled',
  'RenewalStarted',
  'CancellationRequested',
  'CancellationReferred',
  'CancellationDeclined',
  ...endorsementEventTypes,
  'RequirementsStated',
  ...purchaseTermsEventTypes,
];

/** Per insurer in the current round: its request, what it answered per line, whether it timed out. */
export type InsurerProgress = {
  request: QuoteRequest;
  answers: Record<string, LineAnswer>;
  timedOut: boolean;
  /** Set by the latest answer; once every line is priced that is the completing one. Null: no answer yet, or an older event. */
  validUntil: string | null;
};

/** The trade of a purchase: unpaid while paidAt is null. */
export type PaymentState = {
  tradeNo: string;
  amount: number;
  dueAt: string;
  paidAt: string | null;
  providerTradeNo: string | null;
};
export type RefundState = {
  refundNo: string;
  tradeNo: string;
  amount: number;
  reason: string;
  requestedAt: string;
  refundedAt: string | null;
};
/** A purchase that lapsed unpaid, with the insurer it was bought from (a late payment may still honour it). */
export type LapsedPayment = PaymentState & { insurer: InsurerRef; lapsedAt: string };
/**
 * What the order remembers of its payments whatever its state: every trade opened on it (a notification
 * must name one of them), its refunds, the last purchase that lapsed. Absent on orders from before payments.
 */
export type PaymentHistory = { trades: string[]; refunds: RefundState[]; lapsed: LapsedPayment | null };

type OrderBase = {
  orderId: string;
  orderNo: string;
  owner: string;
  orderType: 0 | 1;
  form: OrderForm;
  createdAt: string;
  payments?: PaymentHistory;
  /** 续保自: absent on an order that renews nothing. */
  renewalOf?: RenewalOf;
  /** 投保要求: absent until stated; kept, read-only, with the policy. */
  requirements?: Requirements;
};
/** termsConfirmed: the 投保前阅读确认 per insurer this round (purchaseTerms.ts); absent: none yet. */
type Quoting = OrderBase & {
  round: number;
  lines: PlanLine[];
  insurers: InsurerProgress[];
  termsConfirmed?: TermsConfirmation[];
};
/** payment: null on purchases from before payments (underwritten without one). */
type Bought = Quoting & {
  insurer: InsurerRef;
  totalPremium: number;
  requestedStartDate: string | null;
  payment?: PaymentState | null;
};
/** One version of an issued policy after the first (批改); the first issue is version 1 and has no entry. */
export type PolicyVersion = {
  version: number;
  endorsementId: string;
  endorsementNo: string;
  effectiveDate: string;
  endorsedAt: string;
  removedDeviceNumbers: string[];
};
/**
 * A change asked for and not yet settled (批改 or 退保): at most one at a time, so a cancellation is
 * never priced against a policy an endorsement is about to change. Absent or null: none.
 */
export type PendingPolicyChange = { kind: 'endorsement' | 'cancellation'; id: string; requestedAt: string };
type Policy = Bought & {
  policyNo: string;
  startDate: string;
  endDate: string;
  /** Absent: version 1, never endorsed. */
  version?: number;
  versions?: PolicyVersion[];
  pendingChange?: PendingPolicyChange | null;
  /** 已续保为: absent until 续保 starts. */
  renewedBy?: RenewedBy;
  /** The latest 退保 request (cancellation.events.ts); absent: never asked for. */
  cancellationRequest?: CancellationRequestState | null;
  /** The latest 批改 and the trades of extra premiums (endorsement.events.ts); absent: never asked for. */
  endorsement?: EndorsementState | null;
  endorsementTrades?: EndorsementTrade[];
};
export type PolicyCancellation = {
  cancellationId: string;
  effectiveDate: string;
  refundAmount: number;
  reason: string;
  reasonTxt: string | null;
  approvedBy: string;
  cancelledAt: string;
};

/** Why the last inquiry was withdrawn, shown until the next inquiry. */
export type Revocation = { reason: string; reasonTxt: string | null };

export type Order =
  | { status: 'none' }
  | (OrderBase & { status: 'awaitingInquiry'; round: number; revoked: Revocation | null })
  | (Quoting & { status: 'quoting' })
  | (Quoting & { status: 'quoted' })
  | (Bought & { status: 'insured' })
  | (Policy & { status: 'underwritten' })
  | (Policy & { status: 'inForce' })
  | (Policy & { status: 'lapsed' })
  | (Policy & { status: 'cancelled'; cancellation: PolicyCancellation });

export const stateNumber = (order: Order): OrderStateValue | null => {
  switch (order.status) {
    case 'none':
      return null;
    case 'awaitingInquiry':
      return OrderState.awaitingInquiry;
    case 'quoting':
      return OrderState.quoting;
    case 'quoted':
      return OrderState.quoted;
    case 'insured':
      return OrderState.insured;
    case 'underwritten':
      return OrderState.underwritten;
    case 'inForce':
      return OrderState.inForce;
    case 'lapsed':
      return OrderState.lapsed;
    case 'cancelled':
      return OrderState.cancelled;
  }
};

export const initialOrder = (): Order => ({ status: 'none' });

const noPayments: PaymentHistory = { trades: [], refunds: [], lapsed: null };
/** The payment history an order keeps through every change of state (spread: nothing on older orders). */
const paymentsOf = (state: Order): { payments?: PaymentHistory } =>
  state.status !== 'none' && state.payments ? { payments: state.payments } : {};
/** 续保自 stays through every change of state, as the payments do. */
const renewalOfState = (state: Order): { renewalOf?: RenewalOf } =>
  state.status !== 'none' && state.renewalOf ? { renewalOf: state.renewalOf } : {};

/** The requirements stay through every change of state, as the payments do. */
const requirementsOf = (state: Order): { requirements?: Requirements } =>
  state.status !== 'none' && state.requirements ? { requirements: state.requirements } : {};

const withAnswers = (insurers: InsurerProgress[], event: InsurerQuoteRecorded['data']) =>
  insurers.map((p) =>
    p.request.requestId === event.requestId
      ? {
          ...p,
          answers: { ...p.answers, ...Object.fromEntries(event.answers.map((a) => [a.key, a])) },
          validUntil: event.validUntil ?? null,
        }
      : p,
  );

export const evolveOrder = (state: Order, event: OrderEvent): Order => {
  switch (event.type) {
    case 'OrderDraftSaved':
      return {
        status: 'awaitingInquiry',
        orderId: event.data.orderId,
        orderNo: event.data.orderNo,
        owner: event.data.owner,
        orderType: event.data.orderType,
        form: event.data.form,
        createdAt: state.status === 'none' ? event.data.savedAt : state.createdAt,
        ...paymentsOf(state),
        ...(event.data.renewalOf ? { renewalOf: event.data.renewalOf } : renewalOfState(state)),
        ...requirementsOf(state),
        round: 'round' in state ? state.round : 0,
        revoked: state.status === 'awaitingInquiry' ? state.revoked : null,
      };
    case 'InquiryRequested':
      if (state.status === 'none') return state;
      return {
        status: 'quoting',
        orderId: state.orderId,
        orderNo: state.orderNo,
        owner: state.owner,
        orderType: state.orderType,
        createdAt: state.createdAt,
        ...paymentsOf(state),
        ...renewalOfState(state),
        ...requirementsOf(state),
        form: event.data.form,
        round: event.data.round,
        lines: event.data.lines,
        insurers: event.data.requests.map((request) => ({ request, answers: {}, timedOut: false, validUntil: null })),
      };
    case 'InsurerQuoteRecorded':
      return state.status === 'quoting' || state.status === 'quoted'
        ? { ...state, insurers: withAnswers(state.insurers, event.data) }
        : state;
    case 'InsurerQuoteTimedOut':
      return state.status === 'quoting' || state.status === 'quoted'
        ? {
            ...state,
            insurers: state.insurers.map((p) =>
              p.request.requestId === event.data.requestId ? { ...p, timedOut: true } : p,
            ),
          }
        : state;
    case 'QuoteRequestResent': {
      if (state.status !== 'quoting' && state.status !== 'quoted') return state;
      const { requestId, attempt, answerDueAt, deadlineAt } = event.data;
      return {
        ...state,
        insurers: state.insurers.map((p) =>
          p.request.requestId === requestId
            ? { ...p, request: { ...p.request, attempt, answerDueAt, deadlineAt }, timedOut: false }
            : p,
        ),
      };
    }
    case 'QuotingCompleted':
      return state.status === 'quoting' ? { ...state, status: 'quoted' } : state;
    case 'InquiryRevoked':
    case 'PlanReset':
      if (state.status === 'none') return state;
      return {
        status: 'awaitingInquiry',
        orderId: state.orderId,
        orderNo: state.orderNo,
        owner: state.owner,
        orderType: state.orderType,
        form: state.form,
        createdAt: state.createdAt,
        ...paymentsOf(state),
        ...renewalOfState(state),
        ...requirementsOf(state),
        round: event.data.round,
        revoked:
          event.type === 'InquiryRevoked'
            ? { reason: event.data.revokeReason, reasonTxt: event.data.revokeReasonTxt }
            : state.status === 'awaitingInquiry'
              ? state.revoked
              : null,
      };
    case 'PlanLineDeleted':
      return state.status === 'quoting' || state.status === 'quoted'
        ? { ...state, lines: state.lines.filter((l) => l.key !== event.data.key) }
        : state;
    case 'OrderInsured': {
      if (state.status !== 'quoted') return state;
      const payment = event.data.payment;
      const history = state.payments ?? noPayments;
      return {
        ...state,
        status: 'insured',
        insurer: { id: event.data.insurerId, name: event.data.insurerName },
        totalPremium: event.data.totalPremium,
        requestedStartDate: event.data.requestedStartDate,
        payment: payment ? { ...payment, paidAt: null, providerTradeNo: null } : null,
        ...(payment ? { payments: { ...history, trades: [...history.trades, payment.tradeNo], lapsed: null } } : {}),
      };
    }
    case 'PaymentConfirmed':
      return state.status === 'insured' && state.payment?.tradeNo === event.data.tradeNo && !state.payment.paidAt
        ? {
            ...state,
            payment: { ...state.payment, paidAt: event.data.paidAt, providerTradeNo: event.data.providerTradeNo },
          }
        : state;
    case 'PaymentLapsed': {
      if (state.status !== 'insured' || state.payment?.tradeNo !== event.data.tradeNo) return state;
      const { insurer, totalPremium: _total, requestedStartDate: _start, payment, ...quoting } = state;
      const history = state.payments ?? noPayments;
      return {
        ...quoting,
        status: 'quoted',
        payments: { ...history, lapsed: { ...payment, insurer, lapsedAt: event.data.lapsedAt } },
      };
    }
    case 'RefundRequested': {
      if (state.status === 'none') return state;
      const history = state.payments ?? noPayments;
      const { orderId: _id, requestedBy: _by, ...refund } = event.data;
      return { ...state, payments: { ...history, refunds: [...history.refunds, { ...refund, refundedAt: null }] } };
    }
    case 'RefundConfirmed': {
      if (state.status === 'none' || !state.payments) return state;
      const refunds = state.payments.refunds.map((r) =>
        r.refundNo === event.data.refundNo && !r.refundedAt ? { ...r, refundedAt: event.data.refundedAt } : r,
      );
      return { ...state, payments: { ...state.payments, refunds } };
    }
    case 'PolicyUnderwritten':
      return state.status === 'insured'
        ? {
            ...state,
            status: 'underwritten',
            policyNo: event.data.policyNo,
            startDate: event.data.startDate,
            endDate: event.data.endDate,
          }
        : state;
    case 'PolicyTookEffect':
      return state.status === 'underwritten' ? { ...state, status: 'inForce' } : state;
    case 'PolicyLapsed':
      return state.status === 'inForce' || state.status === 'underwritten' ? { ...state, status: 'lapsed' } : state;
    case 'PolicyEndorsed': {
      if (state.status !== 'underwritten' && state.status !== 'inForce') return state;
      const e = event.data;
      const insurers = state.insurers.map((p) =>
        p.request.insurerId === state.insurer.id
          ? { ...p, answers: Object.fromEntries(e.answers.map((a) => [a.key, a])) }
          : p,
      );
      const version: PolicyVersion = {
        version: e.version,
        endorsementId: e.endorsementId,
        endorsementNo: e.endorsementNo,
        effectiveDate: e.effectiveDate,
        endorsedAt: e.endorsedAt,
        removedDeviceNumbers: e.removedDeviceNumbers,
      };
      return {
        ...state,
        form: e.form,
        lines: e.lines,
        insurers,
        totalPremium: e.totalPremium,
        version: e.version,
        versions: [...(state.versions ?? []), version],
        pendingChange: state.pendingChange?.id === e.endorsementId ? null : (state.pendingChange ?? null),
        ...endorsementOnEndorsed(state, e),
      };
    }
    case 'PolicyCancelled': {
      if (state.status !== 'underwritten' && state.status !== 'inForce') return state;
      const { orderId: _id, approvalNote, ...cancellation } = event.data;
      const cancellationRequest = approvedRequest(
        state.cancellationRequest,
        cancellation.cancellationId,
        cancellation.approvedBy,
        cancellation.cancelledAt,
        approvalNote ?? null,
      );
      return { ...state, status: 'cancelled', pendingChange: null, cancellation, cancellationRequest };
    }
    case 'RenewalStarted':
      return 'policyNo' in state && !state.renewedBy
        ? {
            ...state,
            renewedBy: { orderId: event.data.renewalOrderId, orderNo: event.data.renewalOrderNo, at: event.data.at },
          }
        : state;
    case 'CancellationRequested':
    case 'CancellationReferred':
    case 'CancellationDeclined':
      return evolveCancellation(state, event);
    case 'EndorsementRequested':
    case 'EndorsementReferred':
    case 'EndorsementApproved':
    case 'EndorsementDeclined':
    case 'EndorsementWithdrawn':
      return evolveEndorsement(state, event);
    case 'RequirementsStated':
      return state.status === 'none' ? state : { ...state, requirements: event.data.requirements };
    case 'PurchaseTermsShown':
    case 'PurchaseTermsConfirmed':
      return evolvePurchaseTerms(state, event);
  }
};

/** When the event happened, whatever its type names the moment. */
export const orderEventTime = (event: OrderEvent): string => {
  switch (event.type) {
    case 'OrderDraftSaved':
      return event.data.savedAt;
    case 'InquiryRequested':
      return event.data.requestedAt;
    case 'InsurerQuoteRecorded':
      return event.data.recordedAt;
    case 'InsurerQuoteTimedOut':
      return event.data.timedOutAt;
    case 'QuoteRequestResent':
      return event.data.resentAt;
    case 'QuotingCompleted':
      return event.data.completedAt;
    case 'InquiryRevoked':
      return event.data.revokedAt;
    case 'PlanReset':
      return event.data.resetAt;
    case 'PlanLineDeleted':
      return event.data.deletedAt;
    case 'OrderInsured':
      return event.data.insuredAt;
    case 'PaymentConfirmed':
      return event.data.paidAt;
    case 'PaymentLapsed':
      return event.data.lapsedAt;
    case 'RefundRequested':
      return event.data.requestedAt;
    case 'RefundConfirmed':
      return event.data.refundedAt;
    case 'PolicyUnderwritten':
      return event.data.underwrittenAt;
    case 'PolicyTookEffect':
    case 'PolicyLapsed':
      return event.data.at;
    case 'PolicyEndorsed':
      return event.data.endorsedAt;
    case 'PolicyCancelled':
      return event.data.cancelledAt;
    case 'RenewalStarted':
      return event.data.at;
    case 'CancellationRequested':
      return event.data.requestedAt;
    case 'CancellationReferred':
      return event.data.referredAt;
    case 'CancellationDeclined':
      return event.data.declinedAt;
    case 'EndorsementRequested':
    case 'EndorsementReferred':
    case 'EndorsementApproved':
    case 'EndorsementDeclined':
    case 'EndorsementWithdrawn':
      return endorsementEventTime(event);
    case 'RequirementsStated':
      return event.data.statedAt;
    case 'PurchaseTermsShown':
    case 'PurchaseTermsConfirmed':
      return purchaseTermsEventTime(event);
  }
};

export const orderStreamId = (orderId: string) => `order-${orderId}`;
