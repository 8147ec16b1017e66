import fixture from './tariffFixture.json' with { type: 'json' };

/**
 * What the hard-coded tariffs (domain/src/rating/tariffs.ts and quote.ts at commit e2ca3e5, since
 * removed) answered for a table of applications: every cover, both order types, both sides of each
 * referral threshold, missing data, for insurers 1–7 and 99, and the price range. Captured before
 * the rules replaced them; the seeded rules are held to it (platform rules/engine.unit.spec.ts).
 */
export const tariffFixture = fixture;
