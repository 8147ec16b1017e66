/**
 * What one insurer answers for one plan line.
 * - quoted: premium in yuan (2 decimals) and the insurer's deductible wording;
 * - manual: the insurer must verify the risk (back office enters the premium later);
 * - declined: the insurer does not write this cover at all, so it can never be
 *   bought from that insurer for this plan. Nobody will enter a premium for it.
 */
export type LineQuote =
  | { kind: 'quoted'; premium: number; deductible: string }
  | { kind: 'manual'; reason: string }
  | { kind: 'declined'; reason: string };

/** today: yyyy-MM-dd in Shanghai; drone age is counted to it. */
export type RatingContext = { today: string };

export type LineQuoteResult = { key: string; quote: LineQuote };
