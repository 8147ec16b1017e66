import { describe, expect, it } from 'vitest';
import type { Order } from '../ordering/order.events.ts';
import { ResultCode } from '../shared/codes.ts';
import { DomainError } from '../shared/errors.ts';
import { initialClaim, type Claim } from './claim.events.ts';
import { claimMessages } from './messages.ts';
import {
  blocksNewClaim,
  CLAIM_OPENING_GRACE_MS,
  policyAdmittingClaim,
  policyClaimsDecider,
  policyClaimsMessages,
  type PolicyClaims,
} from './policyClaims.ts';

const registered = (at: string): PolicyClaims => ({ lastClaimId: 'c-1', lastRegisteredAt: at, claimIds: ['c-1'] });
const now = new Date('2026-11-23T08:00:00Z');

describe('policy claims registry', () => {
  it('registers a claim only against the latest claim the caller saw', () => {
    const state = policyClaimsDecider.initialState();
    const [event] = policyClaimsDecider.decide(
      { type: 'RegisterPolicyClaim', data: { orderId: 'o', claimId: 'c-1', latestSeen: null }, metadata: { now } },
      state,
    );
    const after = policyClaimsDecider.evolve(state, event!);
    expect(after).toEqual({ lastClaimId: 'c-1', lastRegisteredAt: now.toISOString(), claimIds: ['c-1'] });
    const stale = () =>
      policyClaimsDecider.decide(
        { type: 'RegisterPolicyClaim', data: { orderId: 'o', claimId: 'c-2', latestSeen: null }, metadata: { now } },
        after,
      );
    expect(stale).toThrow(new DomainError(policyClaimsMessages.concurrent));
  });

  it('counts a just-registered claim that is still being opened as open, a long-empty one as abandoned', () => {
    const empty: Claim = initialClaim();
    expect(blocksNewClaim(registered(now.toISOString()), empty, now)).toBe(true);
    const old = new Date(now.getTime() - CLAIM_OPENING_GRACE_MS - 1).toISOString();
    expect(blocksNewClaim(registered(old), empty, now)).toBe(false);
  });
});

describe('policyAdmittingClaim', () => {
  const owner = '13800000001';
  // Only the fields the rule reads; a whole in-force order is the ordering decider's business.
  const order = (patch: Record<string, unknown> = {}) =>
    ({
      status: 'inForce',
      owner,
      orderType: 0,
      startDate: '2026-01-01T00:00:00+08:00',
      endDate: '2026-12-31T23:59:59+08:00',
      ...patch,
    }) as unknown as Order;
  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return error instanceof DomainError ? { code: error.code, message: error.message } : error;
    }
    return null;
  };

  it('admits the owner’s policy in force inside its period', () => {
    expect(policyAdmittingClaim(order(), owner, now)).toMatchObject({ status: 'inForce' });
  });

  it('hides someone else’s or an unknown order, and refuses a policy not in force or out of its period', () => {
    expect(refusal(() => policyAdmittingClaim({ status: 'none' }, owner, now))).toEqual({
      code: ResultCode.notFound,
      message: claimMessages.orderNotFound,
    });
    expect(refusal(() => policyAdmittingClaim(order(), '13900000009', now))).toEqual({
      code: ResultCode.notFound,
      message: claimMessages.orderNotFound,
    });
    expect(refusal(() => policyAdmittingClaim(order({ status: 'lapsed' }), owner, now))).toEqual({
      code: ResultCode.conflict,
      message: claimMessages.policyNotInForce,
    });
    expect(refusal(() => policyAdmittingClaim(order({ startDate: '2026-12-01T00:00:00+08:00' }), owner, now))).toEqual({
      code: ResultCode.conflict,
      message: claimMessages.outsidePolicyPeriod,
    });
  });
});
