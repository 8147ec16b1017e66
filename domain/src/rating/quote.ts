import type { LineQuoteResult } from './types.ts';

/**
 * Rating itself is the rule platform's (domain rules/, engine in @feibao/platform rules/engine.ts):
 * premiums, referrals and the price range come from the enabled rule versions.
 */

export const roundYuan = (yuan: number) => Math.round(yuan * 100) / 100;

/** Sum of the quoted premiums; lines awaiting verification or declined add nothing. */
export const quotedTotal = (results: readonly LineQuoteResult[]): number =>
  roundYuan(results.reduce((sum, r) => sum + (r.quote.kind === 'quoted' ? r.quote.premium : 0), 0));
