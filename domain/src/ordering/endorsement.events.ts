import type { EndorsedPolicy, EndorsementChange } from './endorsement.ts';
import type { EndorsementQuote, EndorsementTerms } from './endorsementPricing.ts';
import type { LineAnswer, Order, PolicyEndorsed } from './order.events.ts';

/**
 * The 批改 lifecycle on the order's stream (docs/api/endorsement.md): asked for, answered by the insurer
 * (approved, or referred to the quote desk), approved or declined there, its extra premium paid (then
 * PolicyEndorsed) or lapsed unpaid, or withdrawn by the customer. At most one is open (pendingChange).
 */

export type EndorsementRequested = {
  type: 'EndorsementRequested';
  data: {
    orderId: string;
    endorsementId: string;
    endorsementNo: string;
    seq: number;
    changes: EndorsementChange[];
    policy: EndorsedPolicy;
    effectiveDate: string;
    /** The total (+ extra, − return) the customer saw in the preview and confirmed. */
    confirmedTotal: number;
    answerDueAt: string;
    deadlineAt: string;
    requestedBy: string;
    requestedAt: string;
  };
};
/** The insurer's automatic answer left something to an underwriter: the quote desk's 批改 queue. */
export type EndorsementReferred = {
  type: 'EndorsementReferred';
  data: {
    orderId: string;
    endorsementId: string;
    rated: LineAnswer[];
    terms: EndorsementTerms;
    quote: EndorsementQuote;
    reason: string;
    referredAt: string;
  };
};
/** payment: the trade for the extra premium (PolicyEndorsed once it is paid); null: endorsed at once. */
export type EndorsementApproved = {
  type: 'EndorsementApproved';
  data: {
    orderId: string;
    endorsementId: string;
    endorsementNo: string;
    answers: LineAnswer[];
    quote: EndorsementQuote;
    approvedBy: string;
    reason: string | null;
    approvedAt: string;
    payment: { tradeNo: string; amount: number; dueAt: string } | null;
  };
};
export type EndorsementDeclined = {
  type: 'EndorsementDeclined';
  data: { orderId: string; endorsementId: string; declinedBy: string; reason: string; declinedAt: string };
};
/** customer: withdrawn by its owner; paymentLapsed: the extra premium was not paid in time. */
export type EndorsementWithdrawn = {
  type: 'EndorsementWithdrawn';
  data: {
    orderId: string;
    endorsementId: string;
    reason: 'customer' | 'paymentLapsed';
    withdrawnBy: string;
    withdrawnAt: string;
  };
};

export type EndorsementEvent =
  | EndorsementRequested
  | EndorsementReferred
  | EndorsementApproved
  | EndorsementDeclined
  | EndorsementWithdrawn;

export const endorsementEventTypes: readonly EndorsementEvent['type'][] = [
  'EndorsementRequested',
  'EndorsementReferred',
  'EndorsementApproved',
  'EndorsementDeclined',
  'EndorsementWithdrawn',
];

export type EndorsementStatus = 'pending' | 'referred' | 'awaitingPayment' | 'endorsed' | 'declined' | 'withdrawn';

/** The latest 批改 of the policy, open or settled (its outcome stays readable until the next one). */
export type EndorsementState = Omit<EndorsementRequested['data'], 'orderId'> & {
  status: EndorsementStatus;
  rated: LineAnswer[] | null;
  terms: EndorsementTerms | null;
  quote: EndorsementQuote | null;
  referral: string | null;
  answers: LineAnswer[] | null;
  approvedBy: string | null;
  reason: string | null;
  payment: { tradeNo: string; amount: number; dueAt: string } | null;
  settledAt: string | null;
};
/** Every trade opened for an extra premium, paid or not (a repeated notification of a paid one changes nothing). */
export type EndorsementTrade = { tradeNo: string; amount: number; paid: boolean };

export const endorsementEventTime = (event: EndorsementEvent): string => {
  switch (event.type) {
    case 'EndorsementRequested':
      return event.data.requestedAt;
    case 'EndorsementReferred':
      return event.data.referredAt;
    case 'EndorsementApproved':
      return event.data.approvedAt;
    case 'EndorsementDeclined':
      return event.data.declinedAt;
    case 'EndorsementWithdrawn':
      return event.data.withdrawnAt;
  }
};

type PolicyOrder = Extract<Order, { status: 'underwritten' | 'inForce' }>;
const isPolicy = (state: Order): state is PolicyOrder => state.status === 'underwritten' || state.status === 'inForce';

const update = (state: PolicyOrder, id: string, change: Partial<EndorsementState>): Order =>
  state.endorsement?.endorsementId === id ? { ...state, endorsement: { ...state.endorsement, ...change } } : state;
const clearPending = (state: Order, id: string): Order =>
  isPolicy(state) && state.pendingChange?.id === id ? { ...state, pendingChange: null } : state;

export const evolveEndorsement = (state: Order, event: EndorsementEvent): Order => {
  if (!isPolicy(state)) return state;
  switch (event.type) {
    case 'EndorsementRequested': {
      const { orderId: _id, ...requested } = event.data;
      return {
        ...state,
        pendingChange: { kind: 'endorsement', id: requested.endorsementId, requestedAt: requested.requestedAt },
        endorsement: {
          ...requested,
          status: 'pending',
          rated: null,
          terms: null,
          quote: null,
          referral: null,
          answers: null,
          approvedBy: null,
          reason: null,
          payment: null,
          settledAt: null,
        },
      };
    }
    case 'EndorsementReferred': {
      const { rated, terms, quote, reason } = event.data;
      return update(state, event.data.endorsementId, { status: 'referred', rated, terms, quote, referral: reason });
    }
    case 'EndorsementApproved': {
      const { answers, quote, approvedBy, reason, payment } = event.data;
      const next = update(state, event.data.endorsementId, {
        status: payment ? 'awaitingPayment' : 'endorsed',
        answers,
        quote,
        approvedBy,
        reason,
        payment,
      });
      if (!payment || !isPolicy(next)) return next;
      const history = next.payments ?? { trades: [], refunds: [], lapsed: null };
      return {
        ...next,
        payments: { ...history, trades: [...history.trades, payment.tradeNo] },
        endorsementTrades: [
          ...(next.endorsementTrades ?? []),
          { tradeNo: payment.tradeNo, amount: payment.amount, paid: false },
        ],
      };
    }
    case 'EndorsementDeclined':
      return clearPending(
        update(state, event.data.endorsementId, {
          status: 'declined',
          approvedBy: event.data.declinedBy,
          reason: event.data.reason,
          settledAt: event.data.declinedAt,
        }),
        event.data.endorsementId,
      );
    case 'EndorsementWithdrawn':
      return clearPending(
        update(state, event.data.endorsementId, {
          status: 'withdrawn',
          reason: event.data.reason,
          settledAt: event.data.withdrawnAt,
        }),
        event.data.endorsementId,
      );
  }
};

/** What PolicyEndorsed settles of the endorsement: its status, its extra premium's trade paid. */
export const endorsementOnEndorsed = (state: Order, event: PolicyEndorsed['data']) => {
  if (!isPolicy(state) || state.endorsement?.endorsementId !== event.endorsementId) return {};
  const tradeNo = state.endorsement.payment?.tradeNo;
  return {
    endorsement: { ...state.endorsement, status: 'endorsed' as const, settledAt: event.endorsedAt },
    endorsementTrades: (state.endorsementTrades ?? []).map((t) => (t.tradeNo === tradeNo ? { ...t, paid: true } : t)),
  };
};
