import { describe, expect, it } from 'vitest';
import { caseChanged, expectedPremiums, formatDelta, formatRate, premiumsText, progressOf } from './model.ts';

describe('batch test screens', () => {
  it('read expected premiums from the form, blank meaning no expectation', () => {
    expect(expectedPremiums({ '1': ' 100.5 ', '2': '' })).toEqual({ ok: true, premiums: { '1': 100.5 } });
    expect(expectedPremiums({ '1': '-1' })).toEqual({ ok: false, message: '人保财险的预期保费不正确' });
    expect(expectedPremiums({ '2': 'abc' }).ok).toBe(false);
  });
  it('format rates, deltas, premiums and progress', () => {
    expect(formatRate(0.5)).toBe('50.0%');
    expect(formatRate(null)).toBe('—');
    expect(formatDelta(12)).toBe('+12.00');
    expect(formatDelta(-0.5)).toBe('-0.50');
    expect(formatDelta(null)).toBe('—');
    expect(premiumsText({ '1': 10, '2': null })).toBe('人保财险 10.00；平安产险 未报价');
    expect(progressOf({ progress: 5, total: 10 })).toBe(0.5);
    expect(progressOf({ progress: 0, total: 0 })).toBe(1);
  });
  it('tells a compared case that changed from one that did not', () => {
    const side = (premiums: Record<string, number | null>, pass: boolean | null = true) => ({
      pass,
      actual: { referral: false, premiums, lines: [] },
      trace: [],
    });
    const compared = (
      left: ReturnType<typeof side> | null,
      right: ReturnType<typeof side> | null,
      premiumDeltas: Record<string, number | null>,
    ) => ({ key: 'case:1', name: '甲', left, right, premiumDeltas, referralChanged: false, passChanged: false });
    expect(
      caseChanged(compared(side({ '1': 10, '2': null }), side({ '1': 10, '2': null }), { '1': 0, '2': null })),
    ).toBe(false);
    expect(caseChanged(compared(side({ '1': 10 }), side({ '1': 11 }), { '1': 1 }))).toBe(true);
    expect(caseChanged(compared(side({ '1': 10 }), side({ '1': null }), { '1': null }))).toBe(true);
    expect(caseChanged(compared(side({ '1': 10 }), null, { '1': null }))).toBe(true);
    expect(caseChanged({ ...compared(side({}), side({}), {}), passChanged: true })).toBe(true);
  });
});
