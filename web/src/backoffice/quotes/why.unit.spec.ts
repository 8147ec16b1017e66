import { describe, expect, it } from 'vitest';
import { answeredByRules, matchedText, namesOf, outputText, ruleRefText, traceRows } from './why.ts';

describe('why this premium', () => {
  it('names a rule version by its rule and id@version', () => {
    expect(ruleRefText({ ruleId: 'tariff-1', version: 3 })).toBe('tariff-1@3');
    const names = namesOf({
      rules: [
        { ruleId: 'limits', version: 1, name: '保险公司承保限制' },
        { ruleId: 'tariff-1', version: 1, name: null },
      ],
    });
    expect(traceRows([{ rule: 'limits', node: '限额检查', type: 'expression' }], names)[0]!.ruleName).toBe(
      '保险公司承保限制',
    );
    // A rule no longer defined (no name in the answer) shows its id.
    expect(traceRows([{ rule: 'tariff-1', node: 'x', type: 'expression' }], names)[0]!.ruleName).toBe('tariff-1');
  });

  it('counts a table row from 1 and keeps a branch condition as written', () => {
    expect(matchedText({ type: 'decisionTable', matched: 'r0' })).toBe('第1行');
    expect(matchedText({ type: 'decisionTable', matched: 'r11' })).toBe('第12行');
    expect(matchedText({ type: 'decisionTable' })).toBe('未命中');
    expect(matchedText({ type: 'decisionTable', matched: 'row-7' })).toBe('row-7');
    expect(matchedText({ type: 'switch', matched: 'cover == 1' })).toBe('cover == 1');
    expect(matchedText({ type: 'expression' })).toBe('—');
  });

  it('writes outputs as name = value in their order, with readable values', () => {
    expect(outputText({ premium: 4336.3300000001, referral: false, reason: null, deductible: '免赔10%' })).toBe(
      'premium = 4336.33；referral = 否；reason = 空；deductible = 免赔10%',
    );
    expect(outputText({ band: [1, 2] })).toBe('band = [1,2]');
    expect(outputText(undefined)).toBe('—');
    expect(outputText({})).toBe('—');
  });

  it('turns the compact trace into rows and tells a line answered by a person', () => {
    const rows = traceRows(
      [
        { rule: 'tariff-1', node: '机身险费率', type: 'decisionTable', matched: 'r2', output: { rate: 0.035 } },
        { rule: 'tariff-1', node: '险种', type: 'switch', matched: '其他' },
        { rule: 'tariff-1', node: '机身险保费', type: 'expression', output: { premium: 4336.33 } },
      ],
      new Map([['tariff-1', '人保财险费率']]),
    );
    expect(rows).toEqual([
      {
        rule: 'tariff-1',
        ruleName: '人保财险费率',
        node: '机身险费率',
        type: '决策表',
        matched: '第3行',
        output: 'rate = 0.035',
      },
      { rule: 'tariff-1', ruleName: '人保财险费率', node: '险种', type: '分支', matched: '其他', output: '—' },
      {
        rule: 'tariff-1',
        ruleName: '人保财险费率',
        node: '机身险保费',
        type: '表达式',
        matched: '—',
        output: 'premium = 4336.33',
      },
    ]);
    expect(answeredByRules({ rules: [] })).toBe(false);
    expect(answeredByRules({ rules: [{ ruleId: 'tariff-1', version: 1 }] })).toBe(true);
  });
});
