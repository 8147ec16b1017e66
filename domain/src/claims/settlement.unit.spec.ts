import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import { assessExposure, assessTotal, type LossKind, parseDeductible } from './settlement.ts';

const assess = (
  deductibleText: string | null,
  lossYuan: number,
  kind: LossKind = 'drone',
  limitYuan: number | null = null,
) => assessExposure({ lossYuan, kind, deductibleText, limitYuan });

type Case = {
  text: string;
  kind: LossKind;
  loss: number;
  deductible: number;
  payable: number;
  cappedBy?: 'limit' | 'perPayout';
};

/** Every wording the tariffs and the insure form put on a policy, with a worked number. */
const catalogue: Case[] = [
  { text: '0免赔', kind: 'injury', loss: 3_000, deductible: 0, payable: 3_000 },
  { text: '人伤0免赔', kind: 'injury', loss: 80_000, deductible: 0, payable: 80_000 },
  { text: '免赔10%或1000元', kind: 'drone', loss: 5_000, deductible: 1_000, payable: 4_000 },
  { text: '免赔10%或1000元，以高者为准', kind: 'drone', loss: 20_000, deductible: 2_000, payable: 18_000 },
  { text: '免赔15%或2000元，以高者为准', kind: 'drone', loss: 30_000, deductible: 4_500, payable: 25_500 },
  { text: '免赔5%或1000元，以高者为准', kind: 'other', loss: 10_000, deductible: 1_000, payable: 9_000 },
  { text: '免赔5%或500元', kind: 'other', loss: 40_000, deductible: 2_000, payable: 38_000 },
  { text: '免赔5%或500元，以高者为准', kind: 'other', loss: 6_000, deductible: 500, payable: 5_500 },
  { text: '绝对免赔20%', kind: 'drone', loss: 12_000, deductible: 2_400, payable: 9_600 },
  { text: '绝对免赔25%', kind: 'drone', loss: 12_000, deductible: 3_000, payable: 9_000 },
  { text: '绝对免赔30%', kind: 'drone', loss: 12_000, deductible: 3_600, payable: 8_400 },
  {
    text: '绝对免赔额1000元或损失金额的10%，以高者为准',
    kind: 'drone',
    loss: 8_000,
    deductible: 1_000,
    payable: 7_000,
  },
  { text: '单次赔付限额50万', kind: 'injury', loss: 800_000, deductible: 0, payable: 500_000, cappedBy: 'perPayout' },
  { text: '人伤0免赔，财损免赔500元', kind: 'property', loss: 3_000, deductible: 500, payable: 2_500 },
  { text: '单次赔付限额50万，财损免赔500元', kind: 'property', loss: 3_000, deductible: 500, payable: 2_500 },
  { text: '人伤0免赔，财损免赔1000元', kind: 'property', loss: 3_000, deductible: 1_000, payable: 2_000 },
  {
    text: '单次赔付限额50万，财损免赔1000元',
    kind: 'property',
    loss: 600_000,
    deductible: 1_000,
    payable: 500_000,
    cappedBy: 'perPayout',
  },
  { text: '人伤0免赔，财损免赔300元', kind: 'property', loss: 3_000, deductible: 300, payable: 2_700 },
  { text: '单次赔付限额50万，财损免赔300元', kind: 'property', loss: 3_000, deductible: 300, payable: 2_700 },
];

describe('every catalogue wording', () => {
  it.each(catalogue)('$text on a $kind loss of $loss', ({ text, kind, loss, deductible, payable, cappedBy }) => {
    expect(parseDeductible(text).understood).toBe(true);
    expect(assess(text, loss, kind)).toEqual({
      lossYuan: loss,
      deductibleYuan: deductible,
      payableYuan: payable,
      cappedBy: cappedBy ?? null,
      understood: true,
    });
  });
});

describe('parseDeductible', () => {
  it('reads the higher-of forms with or without the 以高者为准 suffix', () => {
    const rule = { percent: 10, minimumYuan: 1000 };
    expect(parseDeductible('免赔10%或1000元').general).toEqual(rule);
    expect(parseDeductible('免赔10%或1000元，以高者为准').general).toEqual(rule);
    expect(parseDeductible('绝对免赔额1000元或损失金额的10%，以高者为准').general).toEqual(rule);
  });

  it('keeps injury and property rules apart from the general one', () => {
    expect(parseDeductible('人伤0免赔，财损免赔500元')).toEqual({
      text: '人伤0免赔，财损免赔500元',
      understood: true,
      byKind: { injury: { percent: 0, minimumYuan: 0 }, property: { percent: 0, minimumYuan: 500 } },
      general: { percent: 0, minimumYuan: 0 },
      perPayoutCapYuan: null,
    });
  });

  it('reads 万 as ten thousand yuan and accepts an ASCII comma', () => {
    const terms = parseDeductible('单次赔付限额50万,财损免赔300元');
    expect(terms.perPayoutCapYuan).toBe(500_000);
    expect(terms.byKind.property).toEqual({ percent: 0, minimumYuan: 300 });
  });

  it('tolerates full-width digits, percent signs and spaces', () => {
    expect(parseDeductible(' 免赔１０％或1000元 ').general).toEqual({ percent: 10, minimumYuan: 1000 });
  });

  it('flags unknown, partly unknown or missing wording for review and deducts nothing', () => {
    for (const text of ['按保险公司条款执行', '免赔10%或1000元，另加特约', '', null, undefined]) {
      const terms = parseDeductible(text);
      expect(terms.understood).toBe(false);
      expect(terms.general).toEqual({ percent: 0, minimumYuan: 0 });
      expect(terms.byKind).toEqual({});
      expect(terms.perPayoutCapYuan).toBeNull();
    }
  });
});

describe('assessExposure', () => {
  it('switches from the minimum to the percentage once the loss is large enough', () => {
    expect(assess('免赔10%或1000元', 5_000)).toMatchObject({ deductibleYuan: 1_000, payableYuan: 4_000 });
    expect(assess('免赔10%或1000元', 20_000)).toMatchObject({ deductibleYuan: 2_000, payableYuan: 18_000 });
  });

  it('never deducts more than the loss, so a small loss pays nothing', () => {
    expect(assess('免赔10%或1000元', 600)).toMatchObject({
      lossYuan: 600,
      deductibleYuan: 600,
      payableYuan: 0,
      cappedBy: null,
    });
    expect(assess('免赔10%或1000元', 0)).toMatchObject({ deductibleYuan: 0, payableYuan: 0 });
  });

  it("caps the payable at the line's sum insured", () => {
    expect(assess('免赔10%或1000元', 60_000, 'drone', 50_000)).toMatchObject({
      deductibleYuan: 6_000,
      payableYuan: 50_000,
      cappedBy: 'limit',
    });
    expect(assess('免赔10%或1000元', 50_000, 'drone', 50_000)).toMatchObject({ payableYuan: 45_000, cappedBy: null });
  });

  it('applies the tighter of the sum insured and the per-payout cap', () => {
    expect(assess('单次赔付限额50万', 800_000, 'injury', 1_000_000)).toMatchObject({
      payableYuan: 500_000,
      cappedBy: 'perPayout',
    });
    expect(assess('单次赔付限额50万', 800_000, 'injury', 300_000)).toMatchObject({
      payableYuan: 300_000,
      cappedBy: 'limit',
    });
  });

  it('applies the property deductible to property losses only', () => {
    expect(assess('人伤0免赔，财损免赔500元', 3_000, 'property')).toMatchObject({
      deductibleYuan: 500,
      payableYuan: 2_500,
    });
    expect(assess('人伤0免赔，财损免赔500元', 3_000, 'injury')).toMatchObject({
      deductibleYuan: 0,
      payableYuan: 3_000,
    });
    expect(assess('人伤0免赔，财损免赔500元', 3_000, 'other')).toMatchObject({ deductibleYuan: 0, payableYuan: 3_000 });
  });

  it('pays the whole loss on unknown wording but says it was not understood', () => {
    expect(assess('另行约定', 8_000)).toEqual({
      lossYuan: 8_000,
      deductibleYuan: 0,
      payableYuan: 8_000,
      cappedBy: null,
      understood: false,
    });
    expect(assess(null, 8_000, 'drone', 5_000)).toMatchObject({
      payableYuan: 5_000,
      cappedBy: 'limit',
      understood: false,
    });
  });

  it('rounds to the fen without floating-point drift', () => {
    expect(assess('绝对免赔20%', 0.3)).toMatchObject({ lossYuan: 0.3, deductibleYuan: 0.06, payableYuan: 0.24 });
    expect(assess('绝对免赔25%', 1234.567)).toMatchObject({
      lossYuan: 1234.57,
      deductibleYuan: 308.64,
      payableYuan: 925.93,
    });
  });

  it('rejects a negative or non-finite loss', () => {
    for (const lossYuan of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => assess('0免赔', lossYuan)).toThrow(DomainError);
      expect(() => assess('0免赔', lossYuan)).toThrow('损失金额不正确');
    }
  });
});

describe('assessTotal', () => {
  it('sums loss and payable in fen', () => {
    const results = [assess('0免赔', 0.1), assess('0免赔', 0.2), assess('免赔10%或1000元', 5_000)];
    expect(assessTotal(results)).toEqual({ lossYuan: 5_000.3, payableYuan: 4_000.3 });
    expect(assessTotal([])).toEqual({ lossYuan: 0, payableYuan: 0 });
  });
});
