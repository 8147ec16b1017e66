import { describe, expect, it } from 'vitest';
import { amountInWords } from './amountInWords.ts';

describe('amountInWords (大写)', () => {
  it.each([
    [0, '零元整'],
    [0.5, '伍角整'],
    [0.05, '伍分'],
    [0.55, '伍角伍分'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [15, '壹拾伍元整'],
    [100, '壹佰元整'],
    [100.05, '壹佰元零伍分'],
    [101, '壹佰零壹元整'],
    [110, '壹佰壹拾元整'],
    [1001, '壹仟零壹元整'],
    [1234.5, '壹仟贰佰叁拾肆元伍角整'],
    [10010, '壹万零壹拾元整'],
    [10_001, '壹万零壹元整'],
    [100_000, '壹拾万元整'],
    [1_000_000, '壹佰万元整'],
    [1_001_000, '壹佰万壹仟元整'],
    [1_000_100, '壹佰万零壹佰元整'],
    [10_000_000, '壹仟万元整'],
    [100_000_000, '壹亿元整'],
    [100_000_001, '壹亿零壹元整'],
    [105_000_000, '壹亿零伍佰万元整'],
    [6_780.3, '陆仟柒佰捌拾元叁角整'],
    [2_480.07, '贰仟肆佰捌拾元零柒分'],
    [999_999.99, '玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  ])('%s → %s', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it('rounds to the fen before writing', () => {
    expect(amountInWords(0.1 + 0.2)).toBe('叁角整');
    expect(amountInWords(12.345)).toBe('壹拾贰元叁角伍分');
  });

  it('refuses what it cannot write', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
    expect(() => amountInWords(1e14)).toThrow(RangeError);
  });
});
