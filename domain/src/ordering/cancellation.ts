import { z } from 'zod';
import { refundNumber, toFen } from '../payments/gateway.ts';
import { shanghaiDate } from '../shared/calendar.ts';
import { illegalState, invalid, notFound } from '../shared/errors.ts';
import {
  cancellationMessages as cm,
  cancellationMethodLabels,
  type CancellationRequestState,
  type CancellationRule,
  type CancellationRuleOutput,
  type CancellationTerms,
} from './cancellation.events.ts';
import { mayWorkQuoteDesk, orderFacts, orderGuards, refuse, type OrderActor } from './guards.ts';
import { orderMessages } from './messages.ts';
import type { Order, OrderEvent, RefundState } from './order.events.ts';

/**
 * 退保's rules (docs/api/cancellation.md): the pure arithmetic of the refund from the insurer's rule output and
 * the policy's facts (the one function the quote preview and the decider share), the split of a refund over
 * the paid trades, and the order decider's part for requesting, approving and declining a cancellation.
 */

const DAY_MS = 24 * 3600 * 1000;
/** Staff answer a referred cancellation within this many working days (the queue's due time). */
export const CANCELLATION_REVIEW_DAYS = 2;

type Active = Exclude<Order, { status: 'none' }>;
type PolicyOrder = Extract<Order, { status: 'underwritten' | 'inForce' }>;

/** What the terms depend on besides the rule: the policy, what is left to refund, the claims, the day it ends. */
export type CancellationFacts = {
  insurerId: number;
  premium: number;
  /** Paid and not refunded yet, over every paid trade: the refund never exceeds it. */
  refundable: number;
  startDate: string;
  endDate: string;
  effectiveDate: string;
  claims: { open: boolean; paid: boolean };
};

export type PaidTrade = { tradeNo: string; amount: number };

/** The trades a refund may come from: every paid trade of the order (the purchase's; later ones as they come). */
export const paidTrades = (order: Active): PaidTrade[] =>
  'payment' in order && order.payment?.paidAt ? [{ tradeNo: order.payment.tradeNo, amount: order.payment.amount }] : [];

const refundedFen = (refunds: readonly RefundState[], tradeNo: string) =>
  refunds.filter((r) => r.tradeNo === tradeNo).reduce((sum, r) => sum + toFen(r.amount), 0);

/** A refund taken from the paid trades in turn, each up to what is left of it; what no trade can cover is left out. */
export const refundSplit = (
  trades: readonly PaidTrade[],
  refunds: readonly RefundState[],
  amount: number,
): { tradeNo: string; amount: number; refundNo: string }[] => {
  let wanted = toFen(amount);
  const parts: { tradeNo: string; amount: number; refundNo: string }[] = [];
  for (const trade of trades) {
    if (wanted <= 0) break;
    const left = toFen(trade.amount) - refundedFen(refunds, trade.tradeNo);
    const take = Math.min(left, wanted);
    if (take <= 0) continue;
    const sequence = refunds.filter((r) => r.tradeNo === trade.tradeNo).length + 1;
    parts.push({ tradeNo: trade.tradeNo, amount: take / 100, refundNo: refundNumber(trade.tradeNo, sequence) });
    wanted -= take;
  }
  return parts;
};

export const refundableOf = (order: Active): number => {
  const refunds = order.payments?.refunds ?? [];
  const fen = paidTrades(order).reduce(
    (sum, t) => sum + Math.max(0, toFen(t.amount) - refundedFen(refunds, t.tradeNo)),
    0,
  );
  return fen / 100;
};

export const cancellationFacts = (
  order: PolicyOrder,
  now: Date,
  claims: { open: boolean; paid: boolean },
): CancellationFacts => ({
  insurerId: order.insurer.id,
  premium: order.totalPremium,
  refundable: refundableOf(order),
  startDate: order.startDate,
  endDate: order.endDate,
  effectiveDate: now.toISOString(),
  claims,
});

const elapsed = (facts: Pick<CancellationFacts, 'startDate' | 'endDate' | 'effectiveDate'>) => {
  const start = Date.parse(facts.startDate);
  const daysTotal = Math.max(1, Math.round((Date.parse(facts.endDate) - start) / DAY_MS));
  const daysElapsed = Math.min(daysTotal, Math.max(0, Math.ceil((Date.parse(facts.effectiveDate) - start) / DAY_MS)));
  // A month begun counts whole, as the 短期费率表 reads.
  const monthsElapsed = Math.min(12, Math.max(1, Math.ceil(daysElapsed / 30)));
  return { daysTotal, daysElapsed, monthsElapsed };
};

/** The rule's input: which insurer, and how far into the policy the cancellation falls. */
export const cancellationRuleInput = (facts: CancellationFacts) => {
  const { daysElapsed, monthsElapsed } = elapsed(facts);
  return { insurerId: facts.insurerId, daysElapsed, monthsElapsed };
};

const ruleOutputSchema = z.object({
  coolingOffDays: z.number().int().min(0),
  method: z.enum(['proRata', 'shortRate']),
  fee: z.number().min(0),
  autoApprove: z.boolean(),
  keepPct: z.number().min(0).max(100),
});
/** The rule's answer as the terms need it, or null when the model answers something else (an edited rule gone wrong). */
export const parseCancellationRuleOutput = (output: unknown): CancellationRuleOutput | null => {
  const parsed = ruleOutputSchema.safeParse(output);
  return parsed.success ? parsed.data : null;
};

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
const day = (iso: string) => shanghaiDate(new Date(iso));

/**
 * The refund and how it was computed: within the cooling-off period the whole premium; after it pro rata
 * or by the short-rate table, less the fee; nothing once a claim was paid; never more than is left to refund.
 * The refusal for an open claim is the decider's (`cancellationRefusal`), so a preview can show both.
 */
export const cancellationTerms = (facts: CancellationFacts, rule: CancellationRule): CancellationTerms => {
  const out = rule.output;
  const { daysTotal, daysElapsed, monthsElapsed } = elapsed(facts);
  const premiumFen = toFen(facts.premium);
  const lines = [
    `年保费${yuan(premiumFen)}，保险期间${day(facts.startDate)}至${day(facts.endDate)}（共${daysTotal}天）`,
    `退保生效日${day(facts.effectiveDate)}，已保${daysElapsed}天`,
  ];
  let method: CancellationTerms['method'];
  let keptFen = 0;
  let feeFen = 0;
  let keepPct: number | null = null;
  if (facts.claims.paid) {
    method = 'none';
    keptFen = premiumFen;
    lines.push('该保单已发生赔付，退保不退还保费');
  } else if (daysElapsed <= out.coolingOffDays) {
    method = 'full';
    lines.push(`在犹豫期（${out.coolingOffDays}天）内退保，全额退还保费${yuan(premiumFen)}`);
  } else if (out.method === 'proRata') {
    method = 'proRata';
    keptFen = Math.round((premiumFen * daysElapsed) / daysTotal);
    feeFen = toFen(out.fee);
    lines.push(
      `已过犹豫期（${out.coolingOffDays}天），按日比例退费：${yuan(premiumFen)} × (${daysTotal} − ${daysElapsed}) ÷ ${daysTotal} = ${yuan(premiumFen - keptFen)}`,
    );
  } else {
    method = 'shortRate';
    keepPct = out.keepPct;
    keptFen = Math.round((premiumFen * out.keepPct) / 100);
    feeFen = toFen(out.fee);
    lines.push(
      `已过犹豫期（${out.coolingOffDays}天），按短期费率表：已保${monthsElapsed}个月，收取年保费的${out.keepPct}%（${yuan(keptFen)}），退还${yuan(premiumFen - keptFen)}`,
    );
  }
  if (feeFen > 0) lines.push(`扣除退保手续费${yuan(feeFen)}`);
  let refundFen = Math.max(0, premiumFen - keptFen - feeFen);
  const refundableFen = toFen(facts.refundable);
  if (refundFen > refundableFen) {
    lines.push(`可退金额以已支付未退款的${yuan(refundableFen)}为限`);
    refundFen = refundableFen;
  }
  lines.push(`应退保费${yuan(refundFen)}（${cancellationMethodLabels[method]}）`);
  lines.push(out.autoApprove ? '符合自动审批条件，确认后立即退保' : '需客服审核，审核通过后退款');
  return {
    method,
    premium: facts.premium,
    refund: refundFen / 100,
    fee: feeFen / 100,
    kept: keptFen / 100,
    daysTotal,
    daysElapsed,
    monthsElapsed,
    coolingOffDays: out.coolingOffDays,
    keepPct,
    autoApprove: out.autoApprove,
    rule: { ruleId: rule.ruleId, version: rule.version },
    explanation: lines,
  };
};

/** Why a cancellation cannot be asked for now (the action's guard, then the claims, then the rule), or null. */
export const cancellationRefusal = (
  order: Order,
  who: OrderActor,
  now: Date,
  claims: { open: boolean },
  rule: CancellationRule | null,
) => {
  if (order.status === 'none') return notFound(orderMessages.notFound);
  return (
    orderGuards.cancel(orderFacts(order), who, now) ??
    (claims.open ? illegalState(cm.openClaim) : null) ??
    (rule ? null : illegalState(cm.noRule))
  );
};

export type CancellationMetadata = { now: Date } & OrderActor;
export type RequestCancellation = {
  type: 'RequestCancellation';
  data: {
    cancellationId: string;
    reason: string;
    reasonTxt: string | null;
    /** Read by the handling from the policy's claims (policy-claims-<orderId> and each claim's stream). */
    claims: { open: boolean; paid: boolean };
    /** The insurer's enabled 退保规则 evaluated on `cancellationRuleInput`; null: none enabled. */
    rule: CancellationRule | null;
    /** When staff must answer if the rule refers it (working days, QUOTE_DAY_SECONDS). */
    reviewDueAt: string;
  };
  metadata: CancellationMetadata;
};
export type ApproveCancellation = {
  type: 'ApproveCancellation';
  /** claims: read again by the handling; a claim opened since the request holds the approval back. */
  data: { cancellationId: string; reason: string | null; claims: { open: boolean } };
  metadata: CancellationMetadata;
};
export type DeclineCancellation = {
  type: 'DeclineCancellation';
  data: { cancellationId: string; reason: string };
  metadata: CancellationMetadata;
};
export type CancellationCommand = RequestCancellation | ApproveCancellation | DeclineCancellation;

const policyOf = (state: Order): PolicyOrder | null =>
  state.status === 'underwritten' || state.status === 'inForce' ? state : null;

/** The approval: the foundation's PolicyCancelled, then the refund split over the paid trades. */
const approval = (
  order: PolicyOrder,
  request: Pick<CancellationRequestState, 'cancellationId' | 'effectiveDate' | 'terms' | 'reason' | 'reasonTxt'>,
  approvedBy: string,
  at: string,
  note: string | null = null,
): OrderEvent[] => {
  const refunds = refundSplit(paidTrades(order), order.payments?.refunds ?? [], request.terms.refund);
  return [
    {
      type: 'PolicyCancelled',
      data: {
        orderId: order.orderId,
        cancellationId: request.cancellationId,
        effectiveDate: request.effectiveDate,
        refundAmount: refunds.reduce((sum, r) => sum + toFen(r.amount), 0) / 100,
        reason: request.reason,
        reasonTxt: request.reasonTxt,
        approvedBy,
        cancelledAt: at,
        approvalNote: note,
      },
    },
    ...refunds.map(
      (r): OrderEvent => ({
        type: 'RefundRequested',
        data: {
          orderId: order.orderId,
          refundNo: r.refundNo,
          tradeNo: r.tradeNo,
          amount: r.amount,
          reason: 'cancellation',
          requestedBy: approvedBy,
          requestedAt: at,
        },
      }),
    ),
  ];
};

/** The system's name as approver when the rule approves by itself. */
export const AUTO_APPROVER = 'system';

const pendingRequest = (state: Order, cancellationId: string) => {
  const order = policyOf(state);
  const request = order?.cancellationRequest;
  if (!order || !request || request.status !== 'pending' || request.cancellationId !== cancellationId)
    throw illegalState(cm.notPending);
  return { order, request };
};

export const decideCancellation = (command: CancellationCommand, state: Order): OrderEvent[] => {
  const { now } = command.metadata;
  const at = now.toISOString();
  switch (command.type) {
    case 'RequestCancellation': {
      const { data } = command;
      refuse(cancellationRefusal(state, command.metadata, now, data.claims, data.rule));
      const order = policyOf(state);
      if (!order || !data.rule) return []; // unreachable: refused above
      if (!data.reason.trim()) throw invalid(cm.reasonRequired);
      const facts = cancellationFacts(order, now, data.claims);
      const terms = cancellationTerms(facts, data.rule);
      const request = {
        cancellationId: data.cancellationId,
        reason: data.reason,
        reasonTxt: data.reasonTxt,
        effectiveDate: facts.effectiveDate,
        terms,
      };
      const requested: OrderEvent = {
        type: 'CancellationRequested',
        data: {
          orderId: order.orderId,
          ...request,
          auto: terms.autoApprove,
          requestedBy: command.metadata.actor,
          requestedAt: at,
        },
      };
      if (terms.autoApprove) return [requested, ...approval(order, request, AUTO_APPROVER, at)];
      return [
        requested,
        {
          type: 'CancellationReferred',
          data: {
            orderId: order.orderId,
            cancellationId: data.cancellationId,
            dueAt: data.reviewDueAt,
            referredAt: at,
          },
        },
      ];
    }
    case 'ApproveCancellation': {
      refuse(mayWorkQuoteDesk(command.metadata));
      const { order, request } = pendingRequest(state, command.data.cancellationId);
      if (command.data.claims.open) throw illegalState(cm.openClaim);
      return approval(order, request, command.metadata.actor, at, command.data.reason);
    }
    case 'DeclineCancellation': {
      refuse(mayWorkQuoteDesk(command.metadata));
      if (!command.data.reason.trim()) throw invalid(cm.declineReasonRequired);
      const { order } = pendingRequest(state, command.data.cancellationId);
      return [
        {
          type: 'CancellationDeclined',
          data: {
            orderId: order.orderId,
            cancellationId: command.data.cancellationId,
            by: command.metadata.actor,
            reason: command.data.reason.trim(),
            declinedAt: at,
          },
        },
      ];
    }
  }
};
