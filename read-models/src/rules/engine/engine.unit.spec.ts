import { ZenEngine } from '@gorules/zen-engine';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPlanLines } from '@feibao/domain/ordering/plan';
import {
  compactTrace,
  REFERRAL_RULE_ID,
  referralInput,
  lineFacts,
  limitFacts,
  LIMITS_RULE_ID,
  tariffInput,
  tariffRuleId,
  type EngineTraceEntry,
} from '@feibao/domain/rules/rating';
import { seededRuleSet, seededRules } from '@feibao/domain/rules/seed/seededRules';
import type { LineQuote } from '@feibao/domain/rating/types';
import { visibleInsurers } from '@feibao/domain/ordering/catalogue';
import type { OrderForm } from '@feibao/domain/ordering/form';
import { generalApplication, prepared, trainingApplication } from '@feibao/domain/ordering/fixtures';
import { tariffFixture as fixture } from '@feibao/domain/rules/seed/tariffFixture';
import { createRulesEngine } from './engine.ts';

/**
 * domain/src/rules/seed/tariffFixture.json holds what the hard-coded tariffs answered (captured
 * from them before they were removed). The seeded rules must give the same answers.
 */
type Case = {
  name: string;
  form: OrderForm;
  quotes: Record<string, Record<string, LineQuote>>;
  priceRange: { minPrice: number; maxPrice: number };
};

const engine = createRulesEngine(async () => seededRuleSet());
const context = { today: fixture.today };

/**
 * Where binary floating point put an exact half fen just below it (570 × 1.25 × 1.15 = 819.375,
 * computed as 819.37499…); the engine's decimals round it up as roundYuan meant to.
 */
const floatArtefacts: Record<string, number> = {
  'general other field/5/2:1': 819.38,
  'raw no field/5/2:1': 819.38,
};

describe('the seeded rules rate as the hard-coded tariffs did', () => {
  it.each((fixture.cases as unknown as Case[]).map((c) => [c.name, c] as const))('%s', async (name, c) => {
    const lines = buildPlanLines(c.form);
    for (const [insurerId, expected] of Object.entries(c.quotes)) {
      const answers = await engine.quoteLines(lines, c.form, Number(insurerId), context);
      const got = Object.fromEntries(
        answers.map(({ key, rules: _r, trace: _t, ratedOn: _d, ...quote }) => [key, quote]),
      );
      const want = Object.fromEntries(
        Object.entries(expected).map(([key, q]) => {
          const fixed = floatArtefacts[`${name}/${insurerId}/${key}`];
          return [key, fixed !== undefined && q.kind === 'quoted' ? { ...q, premium: fixed } : q];
        }),
      );
      expect(got, `insurer ${insurerId}`).toEqual(want);
      // The day rated is kept so the answer can be replayed (docs/api/price-explanation.md).
      for (const a of answers) expect(a.ratedOn).toBe(context.today);
      for (const a of answers)
        expect(a.rules?.map((r) => r.ruleId)).toEqual(
          Number(insurerId) === 99 ? ['referral', 'limits'] : ['referral', `tariff-${insurerId}`, 'limits'],
        );
    }
    const { rules: _rules, ...range } = await engine.priceRange(c.form, context);
    expect(range).toEqual(c.priceRange);
  });
});

describe('a quote keeps the trace the engine reports', () => {
  const zen = new ZenEngine();
  afterAll(() => zen.dispose());
  const rules = new Map(seededRules().map((r) => [r.ruleId, r.content]));
  /** Each line on its own, one rule after the other, the trace built as objects: how quotes were rated before. */
  const traceOf = async (ruleId: string, input: unknown) => {
    const content = rules.get(ruleId)!;
    const response = await zen.createDecision(content).evaluate(input, { trace: true });
    return compactTrace(ruleId, content, response.trace as Record<string, EngineTraceEntry>);
  };

  it.each([
    ['general', generalApplication],
    ['training', trainingApplication],
  ] as const)('%s application, every insurer, lines in order', async (_name, application) => {
    const form = prepared(application());
    const lines = buildPlanLines(form);
    for (const { id: insurerId } of visibleInsurers) {
      const answers = await engine.quoteLines(lines, form, insurerId, context);
      expect(answers.map((a) => a.key)).toEqual(lines.map((l) => l.key));
      for (const [i, line] of lines.entries()) {
        const facts = lineFacts(line, form, context);
        const want = [
          ...(await traceOf(REFERRAL_RULE_ID, referralInput(line, form))),
          ...(await traceOf(tariffRuleId(insurerId), tariffInput(line, form, context))),
          ...(await traceOf(LIMITS_RULE_ID, limitFacts(facts, null))),
        ];
        expect(want.length).toBeGreaterThan(3);
        expect(answers[i]!.trace).toEqual(want);
      }
    }
  });
});
