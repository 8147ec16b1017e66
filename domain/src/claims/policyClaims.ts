import { allowedActions } from '../ordering/guards.ts';
import { OrderState, type Order } from '../ordering/order.events.ts';
import type { Decider } from '../shared/decider.ts';
import { illegalState, notFound } from '../shared/errors.ts';
import { isClaimUnfinished, type Claim } from './claim.events.ts';
import { claimMessages } from './messages.ts';

/**
 * The claims opened on one policy, in a stream of its own. Opening a claim appends here first
 * with the version read, so two concurrent "apply for a claim" calls cannot both pass the
 * "no unfinished claim" check: the second one conflicts, decides again and sees the first.
 */
export type PolicyClaims = { lastClaimId: string | null; lastRegisteredAt: string | null; claimIds: string[] };
export type PolicyClaimRegistered = {
  type: 'PolicyClaimRegistered';
  data: { orderId: string; claimId: string; at: string };
};
export type RegisterPolicyClaim = {
  type: 'RegisterPolicyClaim';
  /** The latest claim the caller found finished (or none): if another was registered since, decide again. */
  data: { orderId: string; claimId: string; latestSeen: string | null };
  metadata: { now: Date };
};

export const policyClaimsMessages = { concurrent: '该保单的理赔申请正在处理中，请稍后重试' } as const;

export const policyClaimsDecider: Decider<PolicyClaims, RegisterPolicyClaim, PolicyClaimRegistered> = {
  decide: (command, state) => {
    if (state.lastClaimId !== command.data.latestSeen) throw illegalState(policyClaimsMessages.concurrent);
    return [
      {
        type: 'PolicyClaimRegistered',
        data: { orderId: command.data.orderId, claimId: command.data.claimId, at: command.metadata.now.toISOString() },
      },
    ];
  },
  evolve: (state, event) => ({
    lastClaimId: event.data.claimId,
    lastRegisteredAt: event.data.at,
    claimIds: [...state.claimIds, event.data.claimId],
  }),
  initialState: () => ({ lastClaimId: null, lastRegisteredAt: null, claimIds: [] }),
};

export const policyClaimsStreamId = (orderId: string) => `policy-claims-${orderId}`;

/** How long a registered claim whose stream is still empty counts as being opened (not as a crashed attempt). */
export const CLAIM_OPENING_GRACE_MS = 60_000;

/** Whether the policy's latest claim blocks another: unfinished, or registered a moment ago and still being opened. */
export const blocksNewClaim = (registry: PolicyClaims, latest: Claim, now: Date) =>
  isClaimUnfinished(latest) ||
  (latest.status === 'none' &&
    registry.lastRegisteredAt !== null &&
    now.getTime() - new Date(registry.lastRegisteredAt).getTime() < CLAIM_OPENING_GRACE_MS);

type InForceOrder = Extract<Order, { status: 'inForce' | 'cancelled' }>;

/**
 * The order whose policy admits a claim by `actor` now: only the caller's own order (anyone else's
 * reads as missing), its policy in force and `now` inside the cover period, the same rule that shows
 * the order's 申请理赔 button (ordering allowedActions). Otherwise the refusal is thrown.
 */
export const policyAdmittingClaim = (order: Order, actor: string, now: Date): InForceOrder => {
  if (order.status === 'none' || order.owner !== actor) throw notFound(claimMessages.orderNotFound);
  // A cancelled policy still takes a claim for an accident before its cancellation (checked on submission).
  if (order.status !== 'inForce' && order.status !== 'cancelled') throw illegalState(claimMessages.policyNotInForce);
  const facts = {
    state: order.status === 'cancelled' ? OrderState.cancelled : OrderState.inForce,
    orderType: order.orderType,
    startDate: order.startDate,
    endDate: order.endDate,
  };
  if (!allowedActions(facts, now).includes('claim')) throw illegalState(claimMessages.outsidePolicyPeriod);
  return order;
};
