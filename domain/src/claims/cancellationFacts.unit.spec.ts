import { describe, expect, it } from 'vitest';
import type { Claim, ClaimRecord } from './claim.events.ts';
import { accidentAfterCancellation, accidentAfterCancellationMessage, policyClaimFacts } from './cancellationFacts.ts';
import type { ClaimForm } from './form.ts';
import type { PolicySnapshot } from './policy.ts';

/** What 退保 reads of a policy's claims, and the accident time a cancelled policy still covers. */
const claim = (status: ClaimRecord['status'], payableAmount: number | null = null) =>
  ({ status, assessment: payableAmount === null ? null : { payableAmount } }) as unknown as Claim;

describe('policyClaimFacts', () => {
  it('an unfinished claim is open; a closed one with a payable amount was paid; withdrawn ones count for neither', () => {
    expect(policyClaimFacts([])).toEqual({ open: false, paid: false });
    expect(policyClaimFacts([claim('submitted')])).toEqual({ open: true, paid: false });
    expect(policyClaimFacts([claim('closed', 800), claim('withdrawn')])).toEqual({ open: false, paid: true });
    expect(policyClaimFacts([claim('closed', 0)])).toEqual({ open: false, paid: false });
  });
});

describe('accidentAfterCancellation', () => {
  const policy = { coverEndsAt: '2026-03-01T04:00:00.000Z' } as PolicySnapshot; // 12:00 in Shanghai
  const form = (accidentTime: string) => ({ accidentTime }) as ClaimForm;
  it('refuses an accident after the cancellation took effect, with the reason; before it is covered', () => {
    expect(accidentAfterCancellation(policy, form('2026-03-01 12:00:01'))?.message).toBe(
      accidentAfterCancellationMessage,
    );
    expect(accidentAfterCancellation(policy, form('2026-03-01 11:59:59'))).toBeNull();
    expect(accidentAfterCancellation({ ...policy, coverEndsAt: null }, form('2027-01-01 00:00:00'))).toBeNull();
  });
});
