import { describe, expect, it } from 'vitest';
import { parseDeductible } from '../claims/settlement.ts';
import { tariffTables } from '../rules/seed/tariffTables.ts';
import { coverDeductibles } from './form.ts';

/**
 * The wordings 对比 shows as numbers (docs/api/comparison.md), collected from the seeded tariffs and the insure
 * form's presets so that a new wording there fails here until someone says what it reads as.
 */
describe('every deductible wording the seeded tariffs and the insure form emit', () => {
  const wordings = new Set<string>(Object.values(coverDeductibles));
  wordings.add('人伤0免赔'); // the liability branch's fallback (rules/seed/tariffRules.ts)
  for (const t of tariffTables) {
    wordings.add(t.hull.deductible);
    for (const w of Object.values(t.liability.deductible)) wordings.add(w);
    wordings.add(t.theft.deductible);
    wordings.add(t.accident.deductible);
    if ('deductible' in t.site) wordings.add(t.site.deductible);
    wordings.add(t.training.deductible);
  }
  /** What each wording reads as: [percent, minimum, property rule, injury rule, per-payout cap]. */
  const expected: Record<string, [number, number, [number, number] | null, [number, number] | null, number | null]> = {
    '0免赔': [0, 0, null, null, null],
    人伤0免赔: [0, 0, null, [0, 0], null],
    '免赔10%或1000元': [10, 1000, null, null, null],
    '免赔10%或1000元，以高者为准': [10, 1000, null, null, null],
    '免赔15%或2000元，以高者为准': [15, 2000, null, null, null],
    '免赔5%或500元': [5, 500, null, null, null],
    '免赔5%或500元，以高者为准': [5, 500, null, null, null],
    '免赔5%或1000元，以高者为准': [5, 1000, null, null, null],
    '绝对免赔20%': [20, 0, null, null, null],
    '绝对免赔25%': [25, 0, null, null, null],
    '绝对免赔30%': [30, 0, null, null, null],
    '绝对免赔额1000元或损失金额的10%，以高者为准': [10, 1000, null, null, null],
    单次赔付限额50万: [0, 0, null, null, 500_000],
    '人伤0免赔，财损免赔500元': [0, 0, [0, 500], [0, 0], null],
    '人伤0免赔，财损免赔1000元': [0, 0, [0, 1000], [0, 0], null],
    '人伤0免赔，财损免赔300元': [0, 0, [0, 300], [0, 0], null],
    '单次赔付限额50万，财损免赔500元': [0, 0, [0, 500], null, 500_000],
    '单次赔付限额50万，财损免赔1000元': [0, 0, [0, 1000], null, 500_000],
    '单次赔付限额50万，财损免赔300元': [0, 0, [0, 300], null, 500_000],
  };
  const rule = (r: [number, number] | null) => (r ? { percent: r[0], minimumYuan: r[1] } : undefined);

  it.each([...wordings])('%s', (text) => {
    const want = expected[text];
    expect(want, `no expectation for ${text}: add one`).toBeDefined();
    const [percent, minimumYuan, property, injury, cap] = want!;
    const terms = parseDeductible(text);
    expect(terms.understood).toBe(true);
    expect(terms.general).toEqual({ percent, minimumYuan });
    expect(terms.byKind.property).toEqual(rule(property));
    expect(terms.byKind.injury).toEqual(rule(injury));
    expect(terms.perPayoutCapYuan).toBe(cap);
  });
});
