import { describe, expect, it } from 'vitest';
import { deductibleSummary, parseAmount, wan } from './format.ts';

const figures = (patch: Partial<Parameters<typeof deductibleSummary>[0] & object> = {}) => ({
  understood: true,
  percent: 0,
  minimumYuan: 0,
  property: null,
  injury: null,
  perPayoutCapYuan: null,
  ...patch,
});

describe('deductibleSummary', () => {
  it('says each part of the wording as numbers', () => {
    expect(deductibleSummary(figures({ percent: 10, minimumYuan: 1000 }))).toBe('免赔 10%（最低¥1,000.00）');
    expect(deductibleSummary(figures({ percent: 20 }))).toBe('免赔 20%');
    expect(deductibleSummary(figures())).toBe('免赔 0');
    expect(
      deductibleSummary(
        figures({ injury: { percent: 0, minimumYuan: 0 }, property: { percent: 0, minimumYuan: 500 } }),
      ),
    ).toBe('人伤 0 · 财损 ¥500.00');
    expect(deductibleSummary(figures({ perPayoutCapYuan: 500_000 }))).toBe('免赔 0 · 单次限额 ¥500,000.00');
  });
  it('never shows numbers for wording nobody read', () => {
    expect(deductibleSummary(figures({ understood: false, percent: 10 }))).toBe('需人工确认免赔');
    expect(deductibleSummary(null)).toBe('—');
  });
});

describe('amounts', () => {
  it('reads a typed amount to the fen, refusing anything else', () => {
    expect(parseAmount(' 8,000 ')).toBe(8000);
    expect(parseAmount('12.5')).toBe(12.5);
    expect(parseAmount('12.345')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });
  it('names the preset chips short', () => {
    expect(wan(20_000)).toBe('¥2万');
    expect(wan(5_000)).toBe('¥5千');
    expect(wan(1_234)).toBe('¥1,234.00');
  });
});
