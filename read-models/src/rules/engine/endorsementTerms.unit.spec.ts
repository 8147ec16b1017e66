import { describe, expect, it } from 'vitest';
import { seededRuleSet } from '@feibao/domain/rules/seed/seededRules';
import { ENDORSEMENT_RULE_ID } from '@feibao/domain/rules/rating';
import { endorsementTerms } from '@feibao/domain/rules/seed/endorsementRules';
import { createRulesEngine } from './engine.ts';

/** The 批改规则 (stage endorsement) as the engine reads it: per insurer, none without an enabled version. */
describe('endorsement terms from the rule set', () => {
  it('given the seeded rule, when an insurer is asked, then its minimums and referral amount, and the version', async () => {
    const engine = createRulesEngine(async () => seededRuleSet());
    expect(await engine.endorsementTerms(1)).toEqual({
      ...endorsementTerms[1],
      rules: [{ ruleId: ENDORSEMENT_RULE_ID, version: 1 }],
    });
    expect(await engine.endorsementTerms(2)).toMatchObject(endorsementTerms[2]!);
  });

  it('given an insurer the table does not name, then no minimum and nothing referred for its size', async () => {
    const engine = createRulesEngine(async () => seededRuleSet());
    expect(await engine.endorsementTerms(99)).toMatchObject({ minimumExtra: 0, minimumReturn: 0, referAbove: null });
  });

  it('given no enabled version, then no terms', async () => {
    const set = seededRuleSet();
    const engine = createRulesEngine(async () => ({
      ...set,
      rules: set.rules.filter((r) => r.ruleId !== ENDORSEMENT_RULE_ID),
    }));
    expect(await engine.endorsementTerms(1)).toEqual({
      minimumExtra: 0,
      minimumReturn: 0,
      referAbove: null,
      rules: [],
    });
  });
});
