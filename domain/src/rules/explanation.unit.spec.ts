import { describe, expect, it } from 'vitest';
import { explainPrice, factorText, formulaWords, priceFactors } from './explanation.ts';
import type { Jdm } from './jdm.ts';
import type { TraceStep } from './rating.ts';
import { tariffDecision } from './seed/tariffRules.ts';
import { tariffTables } from './seed/tariffTables.ts';

const content = tariffDecision(tariffTables[0]!);
const ref = { ruleId: 'tariff-1', version: 3 };
const step = (node: string, type: string, output: Record<string, unknown>): TraceStep => ({
  rule: 'tariff-1',
  node,
  type,
  output,
});

/** The compact trace of a 30-day hull line as the engine keeps it (rules/rating.ts compactTrace). */
const hullTrace: TraceStep[] = [
  { rule: 'referral', node: '人工核保阈值', type: 'decisionTable', matched: 'r3', output: { 'referral.reason': null } },
  { rule: 'tariff-1', node: '险种', type: 'switch', matched: 'cover == 1' },
  step('机身险资料检查', 'decisionTable', { 'outcome.kind': null, 'outcome.reason': null }),
  step('机身险机型系数', 'decisionTable', { 'factor.droneType': 1.1 }),
  step('机身险机龄系数', 'decisionTable', { 'factor.age': 1.25 }),
  step('机身险抗风系数', 'decisionTable', { 'factor.wind': 1 }),
  step('机身险自救系数', 'decisionTable', { 'factor.selfRescue': 0.9 }),
  step('机身险行业系数', 'decisionTable', { 'factor.field': 1.05 }),
  step('机身险保费', 'expression', {
    loadings: 1.299375,
    hullAnnual: 7484.4,
    shortTerm: 0.106849,
    hullPremium: 799.71,
    premium: 799.71,
    kind: 'quoted',
    deductible: '免赔10%或1000元',
  }),
];

describe('价格说明 from the stored trace', () => {
  it('names each factor as the rule names it, with the rate and loadings read from the expression', () => {
    const explained = explainPrice(ref, hullTrace, content, { term: 30, drone: { realTimeData: false } });
    expect(explained.ruleVersion).toBe('费率规则 第3版');
    expect(explained.factors.map((f) => [f.label, f.text])).toEqual([
      ['机型系数', '1.1'],
      ['机龄系数', '1.25'],
      ['抗风系数', '1'],
      ['自救系数', '0.9'],
      ['行业系数', '1.05'],
      ['实时飞行数据系数', '1'],
      ['系数合计', '1.299375'],
      ['基础费率', '3.2%'],
      ['机身部分年保费', '¥7,484.40'],
      ['短期费率', '10.6849%'],
      ['机身部分最低保费（每架）', '¥300.00'],
      ['机身部分保费', '¥799.71'],
    ]);
    expect(explained.formula).toBe(
      '年保费 = 数量 × 购价 × 基础费率 × 机型系数 × 机龄系数 × 抗风系数 × 自救系数 × 行业系数 × 实时飞行数据系数；按 30 天短期费率 10.6849%；不低于最低保费',
    );
  });

  it('shows no node name, no other rule, no check verdict and no answer field', () => {
    const text = JSON.stringify(explainPrice(ref, hullTrace, content));
    for (const hidden of ['机身险机型系数', '人工核保阈值', 'referral', 'outcome', 'quoted', '免赔', 'n1'])
      expect(text).not.toContain(hidden);
  });

  it('takes a label from the table an underwriter added, and leaves unknown fields out', () => {
    const own: Jdm = {
      nodes: [
        {
          id: 'x',
          type: 'decisionTableNode',
          name: '新表',
          position: { x: 0, y: 0 },
          content: { outputs: [{ id: 'o0', name: '夜航系数', field: 'factor.night' }] },
        },
      ],
      edges: [],
    };
    const factors = priceFactors(
      [step('新表', 'decisionTable', { 'factor.night': 1.2, 'factor.secret': 9 }), step('算', 'expression', { x1: 3 })],
      own,
    );
    expect(factors).toEqual([{ label: '夜航系数', value: 1.2, kind: 'coefficient', text: '1.2' }]);
  });

  it('falls back to the known labels when the version is not at hand', () => {
    const factors = priceFactors(hullTrace.slice(3, 5), null);
    expect(factors.map((f) => f.label)).toEqual(['机型系数', '机龄系数']);
  });

  it('words a liability line by its per-aircraft premium', () => {
    const trace = [
      step('三者险责任限额', 'decisionTable', { 'limit.perUnit': 560, 'limit.deductible': '单次赔付限额50万' }),
      step('三者险重量系数', 'decisionTable', { 'factor.weight': 1.25 }),
      step('三者险行业系数', 'decisionTable', { 'factor.field': 1.05 }),
      step('三者险保费', 'expression', { annual: 735, shortTerm: 1, premium: 735 }),
    ];
    const explained = explainPrice(ref, trace, content, { term: 365 });
    expect(explained.factors.map((f) => f.label)).toEqual([
      '每架年保费',
      '重量系数',
      '行业系数',
      '年保费',
      '最低保费（每架）',
    ]);
    expect(explained.formula).toBe('年保费 = 数量 × 每架年保费 × 重量系数 × 行业系数；不低于最低保费');
  });

  it('words a combined cover as its two parts', () => {
    const trace = [
      step('综合险机型系数', 'decisionTable', { 'factor.droneType': 1 }),
      step('综合险重量系数', 'decisionTable', { 'factor.weight': 1.25 }),
      step('综合险保费', 'expression', {
        loadings: 1,
        hullAnnual: 2000,
        shortTerm: 1,
        hullPremium: 2000,
        liabilityPremium: 700,
        premium: 2484,
      }),
    ];
    const explained = explainPrice(ref, trace, content, { term: 365, drone: { realTimeData: true } });
    expect(explained.factors.map((f) => [f.label, f.text])).toContainEqual(['组合折扣', '92%']);
    expect(explained.formula).toBe(
      '保费 = 机身部分 + 三者责任部分；机身部分年保费 = 数量 × 购价 × 基础费率 × 机型系数 × 实时飞行数据系数；三者责任部分按每架年保费 × 重量系数 × 行业系数；组合折扣 92%；不低于最低保费',
    );
  });

  it('formats money, rates and coefficients', () => {
    expect(factorText(1234.5, 'money')).toBe('¥1,234.50');
    expect(factorText(0.6, 'percent')).toBe('60%');
    expect(factorText(1.05, 'coefficient')).toBe('1.05');
    expect(formulaWords([])).toBe('保费按费率规则计算');
  });
});
