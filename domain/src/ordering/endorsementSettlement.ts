import { invalid } from '../shared/errors.ts';
import { sameAmount, tradeNumber } from '../payments/gateway.ts';
import { paidTrades, refundSplit } from './cancellation.terms.ts';
import { maySystemOnly, refuse } from './guards.ts';
import { orderMessages } from './messages.ts';
import type { EndorsementQuote } from './endorsementPricing.ts';
import type { EndorsementState } from './endorsement.events.ts';
import type { LineAnswer, Order, OrderEvent } from './order.events.ts';
import type { ConfirmPayment, LapsePayment } from './order.commands.ts';

/**
 * How an approved 批改 settles (docs/api/endorsement.md): PolicyEndorsed at once, with the return premium
 * refunded through the provider, or a trade for the extra premium and PolicyEndorsed once it is paid.
 */

type PolicyOrder = Extract<Order, { status: 'underwritten' | 'inForce' }>;
const isPolicy = (state: Order): state is PolicyOrder => state.status === 'underwritten' || state.status === 'inForce';

/** The return premium refunded through the provider, from the paid trades with enough left (purchase first). */
const refunds = (state: PolicyOrder, amount: number, by: string, at: string): OrderEvent[] =>
  refundSplit(paidTrades(state), state.payments?.refunds ?? [], amount).map(
    (r): OrderEvent => ({
      type: 'RefundRequested',
      data: {
        orderId: state.orderId,
        refundNo: r.refundNo,
        tradeNo: r.tradeNo,
        amount: r.amount,
        reason: 'endorsement',
        requestedBy: by,
        requestedAt: at,
      },
    }),
  );

const policyEndorsed = (
  state: PolicyOrder,
  e: EndorsementState,
  answers: LineAnswer[],
  quote: EndorsementQuote,
  approvedBy: string,
  at: string,
): OrderEvent => ({
  type: 'PolicyEndorsed',
  data: {
    orderId: state.orderId,
    endorsementId: e.endorsementId,
    endorsementNo: e.endorsementNo,
    version: (state.version ?? 1) + 1,
    effectiveDate: e.effectiveDate,
    form: e.policy.form,
    lines: e.policy.lines,
    answers,
    totalPremium: quote.newTotalPremium,
    premiumDifference: quote.total,
    changes: quote.rows,
    removedDeviceNumbers: e.policy.removedDeviceNumbers,
    approvedBy,
    endorsedAt: at,
  },
});

/** Approved: an extra premium opens a trade (endorsed once paid); otherwise endorsed now, a return refunded. */
export const approve = (
  state: PolicyOrder,
  e: EndorsementState,
  answers: LineAnswer[],
  quote: EndorsementQuote,
  by: { actor: string; reason: string | null; paymentDueAt: string },
  at: string,
): OrderEvent[] => {
  const trades = state.payments?.trades ?? [];
  const payment =
    quote.total > 0
      ? { tradeNo: tradeNumber(state.orderId, trades.length + 1), amount: quote.total, dueAt: by.paymentDueAt }
      : null;
  const approved: OrderEvent = {
    type: 'EndorsementApproved',
    data: {
      orderId: state.orderId,
      endorsementId: e.endorsementId,
      endorsementNo: e.endorsementNo,
      answers,
      quote,
      approvedBy: by.actor,
      reason: by.reason,
      approvedAt: at,
      payment,
    },
  };
  if (payment) return [approved];
  return [
    approved,
    policyEndorsed(state, e, answers, quote, by.actor, at),
    ...(quote.total < 0 ? refunds(state, -quote.total, by.actor, at) : []),
  ];
};

/**
 * A payment command about an endorsement's trade, or null when the trade is not one (decidePayment has it).
 * A paid extra premium endorses the policy; its due time passing unpaid withdraws the endorsement. A trade
 * paid after its endorsement lapsed is the purchase's late-payment case: refunded (null here).
 */
export const decideEndorsementPayment = (command: ConfirmPayment | LapsePayment, state: Order): OrderEvent[] | null => {
  if (!isPolicy(state)) return null;
  const { tradeNo } = command.data;
  const e = state.endorsement;
  const known = (state.endorsementTrades ?? []).find((t) => t.tradeNo === tradeNo);
  if (!known) return null;
  refuse(maySystemOnly(command.metadata));
  const at = command.metadata.now.toISOString();
  const current = e?.payment?.tradeNo === tradeNo && e.status === 'awaitingPayment' ? e : null;
  if (command.type === 'LapsePayment') {
    if (!current?.payment || command.metadata.now.getTime() < new Date(current.payment.dueAt).getTime()) return [];
    return [
      {
        type: 'EndorsementWithdrawn',
        data: {
          orderId: state.orderId,
          endorsementId: current.endorsementId,
          reason: 'paymentLapsed',
          withdrawnBy: 'system',
          withdrawnAt: at,
        },
      },
    ];
  }
  if (known.paid) return []; // a repeated notification, or a reconciliation after it
  if (!current?.payment || !current.answers || !current.quote) return null;
  if (!sameAmount(current.payment.amount, command.data.amount)) throw invalid(orderMessages.amountMismatch);
  const { amount, providerTradeNo, paidAt, via } = command.data;
  return [
    { type: 'PaymentConfirmed', data: { orderId: state.orderId, tradeNo, amount, paidAt, providerTradeNo, via } },
    policyEndorsed(state, current, current.answers, current.quote, current.approvedBy ?? 'system', at),
  ];
};
