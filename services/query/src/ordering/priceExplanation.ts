import { quoteValidityDays } from '@feibao/domain/ordering/catalogue';
import type { OrderForm } from '@feibao/domain/ordering/form';
import type { LineAnswer } from '@feibao/domain/ordering/order.events';
import type { PlanLine } from '@feibao/domain/ordering/plan';
import type { PriceExplanationLine } from '@feibao/domain/ordering/priceExplanation.wire';
import { explainPrice } from '@feibao/domain/rules/explanation';
import type { Jdm } from '@feibao/domain/rules/jdm';
import { priceHints, priceHintVariants } from '@feibao/domain/rules/priceHints';
import { limitFacts, lineFacts, lineQuoteOf, tariffRuleId, type RuleRef } from '@feibao/domain/rules/rating';
import { shanghaiDate } from '@feibao/domain/shared/calendar';
import type { RulesEngine } from '@feibao/read-models/rules/engine/engine';

/**
 * 价格说明 of one quote line (docs/api/price-explanation.md): the factors from the stored trace, the
 * replay — the stored application re-rated on the stored rule version, which must give the stored
 * premium — and the hints, the same line re-rated on that version with one fact changed.
 */

/** A rule version's model by its RuleRef, whatever its status now (an older version rated many quotes). */
export type VersionContent = (ref: RuleRef) => Promise<Jdm | null>;

export type ExplainedLine = {
  insurerId: number;
  line: PlanLine;
  form: OrderForm;
  answer: LineAnswer | undefined;
  /** The rating days to try, most likely first: the answer's own `ratedOn`, or candidates for older answers. */
  ratedOn: readonly string[];
};

const DAY_MS = 86_400_000;

/**
 * The rating day is the day the insurer's answer was recorded: `validUntil` is that instant plus the
 * insurer's validity (domain ordering/quoting.ts), unless a later answer moved it; the request day
 * is the other candidate (an answer is due within a few working days of it).
 */
export const ratingDays = (insurerId: number, requestedAt: string, validUntil: string | null): string[] => {
  const days = [
    ...(validUntil ? [shanghaiDate(new Date(Date.parse(validUntil) - quoteValidityDays(insurerId) * DAY_MS))] : []),
    shanghaiDate(new Date(requestedAt)),
  ];
  return [...new Set(days)];
};

const bare = (line: PlanLine, answer: LineAnswer | undefined) => ({
  key: line.key,
  coverName: line.insuranceTypeInfoName,
  droneName: line.uavInfoName,
  factors: [],
  formula: null,
  ruleVersion: null,
  replayed: null,
  replayPremium: null,
  hints: [],
  deductible: answer?.kind === 'quoted' ? answer.deductible : null,
});

export const priceExplainer = (rules: Pick<RulesEngine, 'explain'>, contentOf: VersionContent) => {
  /** The version's answer for facts: its premium, or null when it does not price them. */
  const rate = async (ref: RuleRef, content: Jdm, facts: unknown): Promise<number | null> => {
    const quote = lineQuoteOf((await rules.explain({ ...ref, content }, facts)).output);
    return quote.kind === 'quoted' ? quote.premium : null;
  };

  /** `ratingRules`: the rules of the rating stage (the tariffs); the insurer's tariff id when unknown. */
  return async (
    { insurerId, line, form, answer, ratedOn }: ExplainedLine,
    ratingRules: ReadonlySet<string>,
  ): Promise<PriceExplanationLine> => {
    if (!answer)
      return { ...bare(line, answer), kind: 'pending', premium: null, reason: '保险公司尚未报价', byRules: false };
    if (answer.kind !== 'quoted')
      return {
        ...bare(line, answer),
        kind: answer.kind,
        premium: null,
        reason: answer.customerReason ?? answer.reason,
        byRules: (answer.rules ?? []).length > 0,
      };
    const ref =
      (answer.rules ?? []).find((r) => ratingRules.has(r.ruleId)) ??
      (answer.rules ?? []).find((r) => r.ruleId === tariffRuleId(insurerId));
    const quoted = { ...bare(line, answer), kind: 'quoted' as const, premium: answer.premium, reason: null };
    // An underwriter's price (or one from before the rule platform) has no rule to explain it.
    if (!ref) return { ...quoted, byRules: false };
    const content = await contentOf(ref);
    const factsOn = (today: string) => limitFacts(lineFacts(line, form, { today }), null);
    let facts = factsOn(ratedOn[0] ?? shanghaiDate(new Date()));
    let replayPremium: number | null = null;
    let replayed = false;
    if (content) {
      for (const [i, today] of ratedOn.entries()) {
        const candidate = factsOn(today);
        const premium = await rate(ref, content, candidate);
        if (i === 0) replayPremium = premium;
        if (premium === answer.premium) {
          [facts, replayPremium, replayed] = [candidate, premium, true];
          break;
        }
      }
    }
    const explained = explainPrice(ref, answer.trace ?? [], content, facts);
    // Hints only where the version is known to rate this line as it did: otherwise a saving would compare two rules.
    const hints =
      content && replayed
        ? priceHints(
            { premium: answer.premium, term: facts.term },
            await Promise.all(
              priceHintVariants(facts).map(async (variant) => ({
                variant,
                premium: await rate(ref, content, variant.facts),
              })),
            ),
          )
        : [];
    return { ...quoted, byRules: true, ...explained, replayed, replayPremium, hints };
  };
};
export type PriceExplainer = ReturnType<typeof priceExplainer>;
