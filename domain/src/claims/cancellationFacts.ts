import { SHANGHAI_OFFSET_MS } from '../shared/calendar.ts';
import { invalid } from '../shared/errors.ts';
import { isClaimUnfinished, type Claim } from './claim.events.ts';
import type { ClaimForm } from './form.ts';
import type { PolicySnapshot } from './policy.ts';

/**
 * What a 退保 needs to know of the policy's claims (ordering/cancellation.ts): whether one is still open
 * (the cancellation is refused until it is settled) and whether one was paid (nothing is refunded).
 */
export const policyClaimFacts = (claims: readonly Claim[]): { open: boolean; paid: boolean } => ({
  open: claims.some(isClaimUnfinished),
  paid: claims.some((c) => c.status === 'closed' && (c.assessment?.payableAmount ?? 0) > 0),
});

export const accidentAfterCancellationMessage = '出险时间晚于保单退保生效时间，不在保障范围内';

const shanghaiLocal = (iso: string) =>
  new Date(Date.parse(iso) + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** A claim on a cancelled policy covers accidents up to the cancellation's effective time only. */
export const accidentAfterCancellation = (policy: PolicySnapshot, form: ClaimForm) =>
  policy.coverEndsAt && form.accidentTime !== undefined && form.accidentTime > shanghaiLocal(policy.coverEndsAt)
    ? invalid(accidentAfterCancellationMessage)
    : null;
