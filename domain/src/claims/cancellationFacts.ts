import { isClaimUnfinished, type Claim } from './claim.events.ts';

/**
 * What a 退保 needs to know of the policy's claims (ordering/cancellation.ts): whether one is still open
 * (the cancellation is refused until it is settled) and whether one was paid (nothing is refunded).
 */
export const policyClaimFacts = (claims: readonly Claim[]): { open: boolean; paid: boolean } => ({
  open: claims.some(isClaimUnfinished),
  paid: claims.some((c) => c.status === 'closed' && (c.assessment?.payableAmount ?? 0) > 0),
});
