import { type Claim, claimStateNumber, ClaimState } from '../claims/claim.events.ts';
import { orderStateNames } from '../ordering/catalogue.ts';
import { type Order, stateNumber } from '../ordering/order.events.ts';
import type { AuditSubject } from './api.ts';

/** What the audit stores per order or claim; the company name is joined from the profile when read. */
export type StoredAuditSubject = Omit<AuditSubject, 'companyName'>;

/** The claim list's labels (web claims/labels.ts) plus the state a cancelled claim is left in. */
const claimStateNames: Readonly<Record<number, string>> = {
  [ClaimState.editing]: '填写中',
  [ClaimState.saved]: '已暂存',
  [ClaimState.submitted]: '已提交',
  [ClaimState.processing]: '处理中',
  [ClaimState.closed]: '已结案',
  [ClaimState.withdrawn]: '已撤回',
};
const CANCELLED = '已取消';

export const orderSubject = (order: Order, updatedAt: string): StoredAuditSubject | null => {
  if (order.status === 'none') return null;
  const state = stateNumber(order);
  const bought = 'insurer' in order;
  const policy = 'policyNo' in order;
  return {
    kind: 'order',
    id: order.orderId,
    number: order.orderNo,
    state,
    stateName: state === null ? '' : (orderStateNames[state] ?? `状态${state}`),
    phone: order.owner,
    policyNo: policy ? order.policyNo : null,
    orderId: order.orderId,
    insurerName: bought ? order.insurer.name : null,
    amount: bought ? order.totalPremium : null,
    startDate: policy ? order.startDate : null,
    endDate: policy ? order.endDate : null,
    createdAt: order.createdAt,
    updatedAt,
  };
};

/** A cancelled claim stays searchable: the audit covers every claim ever opened. */
export const claimSubject = (claim: Claim, updatedAt: string): StoredAuditSubject | null => {
  if (claim.status === 'none') return null;
  const state = claimStateNumber(claim.status);
  return {
    kind: 'claim',
    id: claim.claimId,
    number: claim.claimNo,
    state,
    stateName: state === null ? CANCELLED : (claimStateNames[state] ?? `状态${state}`),
    phone: claim.owner,
    policyNo: claim.policy.policyNo,
    orderId: claim.orderId,
    insurerName: claim.policy.insurerName,
    amount: claim.assessment?.payableAmount ?? null,
    startDate: claim.policy.startDate,
    endDate: claim.policy.endDate,
    createdAt: claim.createdAt,
    updatedAt,
  };
};
