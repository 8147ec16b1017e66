import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import { initialClaim, type Claim } from './claim.events.ts';
import {
  blocksNewClaim,
  CLAIM_OPENING_GRACE_MS,
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
