import { allTextRefs, textKey } from '../disclosure/texts.ts';
import type { CurrentTerms } from './purchaseTerms.ts';
import type { ConfirmPurchaseTerms } from './purchaseTermsDecider.ts';
import type { OrderActor } from './guards.ts';

/** For tests: every text in force at version 1, and the buyer's confirmation of them (docs/api/disclosure.md). */
export const TERMS_IN_FORCE: CurrentTerms = Object.fromEntries(
  allTextRefs().map((ref) => [textKey(ref), { version: 1, title: textKey(ref), sha256: `${textKey(ref)}@1` }]),
);

export const confirmTerms = (
  insurerId: number,
  metadata: { now: Date } & OrderActor,
  current: CurrentTerms = TERMS_IN_FORCE,
): ConfirmPurchaseTerms => ({
  type: 'ConfirmPurchaseTerms',
  data: {
    insurerId,
    texts: allTextRefs().map((ref) => ({ ...ref, version: current[textKey(ref)]?.version ?? 1 })),
    current,
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (vitest)',
  },
  metadata,
});
