import type { EndorsementState, EndorsementStatus } from './endorsement.events.ts';
import type { Order } from './order.events.ts';
import type { EndorsementQuote } from './endorsementPricing.ts';

/**
 * What the screens read of a 批改 (docs/api/endorsement.md): the customer its status, rows and payment, the
 * desk also who decided and the lines an underwriter must price. Pure, from the order's state.
 */

export const endorsementStatusLabels: Record<EndorsementStatus, string> = {
  pending: '待审核',
  referred: '人工审核中',
  awaitingPayment: '待支付',
  endorsed: '已生效',
  declined: '已拒绝',
  withdrawn: '已撤回',
};

export type EndorsementView = {
  endorsementId: string;
  endorsementNo: string;
  status: EndorsementStatus;
  statusLabel: string;
  changes: EndorsementState['changes'];
  effectiveDate: string;
  confirmedTotal: number;
  /** The authoritative pricing once the insurer answered (null before). */
  quote: EndorsementQuote | null;
  requestedAt: string;
  answerDueAt: string;
  deadlineAt: string;
  /** Why it went to an underwriter, or why declined or withdrawn. */
  referral: string | null;
  reason: string | null;
  /** 'system' for the insurer's automatic answer; staff see who. */
  approvedBy: string | null;
  payment: { tradeNo: string; amount: number; dueAt: string } | null;
  settledAt: string | null;
  removedDeviceNumbers: string[];
  /** For the desk: the new policy's lines an underwriter must price (the referred ones). */
  referredLines: { key: string; label: string; reason: string }[];
};

export const endorsementView = (order: Order, forStaff: boolean): EndorsementView | null => {
  const e = 'endorsement' in order ? order.endorsement : null;
  if (!e) return null;
  const withdrawnWhy =
    e.status === 'withdrawn' ? (e.reason === 'paymentLapsed' ? '批改加费未在支付期限内支付' : '客户撤回') : null;
  return {
    endorsementId: e.endorsementId,
    endorsementNo: e.endorsementNo,
    status: e.status,
    statusLabel: endorsementStatusLabels[e.status],
    changes: e.changes,
    effectiveDate: e.effectiveDate,
    confirmedTotal: e.confirmedTotal,
    quote: e.quote,
    requestedAt: e.requestedAt,
    answerDueAt: e.answerDueAt,
    deadlineAt: e.deadlineAt,
    referral: e.referral,
    reason: withdrawnWhy ?? e.reason,
    approvedBy: e.approvedBy === null || e.approvedBy === 'system' || forStaff ? e.approvedBy : '保险公司核保',
    payment: e.payment,
    settledAt: e.settledAt,
    removedDeviceNumbers: e.policy.removedDeviceNumbers,
    referredLines: (e.quote?.lines ?? []).flatMap((l) =>
      l.key && l.referred ? [{ key: l.key, label: l.label, reason: l.referred }] : [],
    ),
  };
};
