import { z } from 'zod';
import { refundNumber, toFen } from '../payments/gateway.ts';
import { shanghaiDate } from '../shared/calendar.ts';
import {
  cancellationMethodLabels,
  type CancellationRule,
  type CancellationRuleOutput,
  type CancellationTerms,
} from './cancellation.events.ts';
import type { Order, RefundState } from './order.events.ts';

/**
 * 退保's arithmetic (docs/api/cancellation.md), pure: the facts of a policy, the insurer's rule input and output,
 * the refund with how it was computed — the one function the preview and the decider share — and the split of a
 * refund over the paid trades.
 */

const DAY_MS = 24 * 3600 * 1000;

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

/** The trades a refund may come from: every paid trade of the order, the purchase's first, then each 批改's extra premium. */
export const paidTrades = (order: Active): PaidTrade[] => [
  ...('payment' in order && order.payment?.paidAt
    ? [{ tradeNo: order.payment.tradeNo, amount: order.payment.amount }]
    : []),
  ...('endorsementTrades' in order ? (order.endorsementTrades ?? []) : [])
    .filter((t) => t.paid)
    .map((t) => ({ tradeNo: t.tradeNo, amount: t.amount })),
];

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
