import { describe, expect, it } from 'vitest';
import { graph, str } from './jdm.ts';
import { referralDecision } from './seed/seededRules.ts';
import {
  applyTableSheet,
  copiedRuleId,
  copiedRuleName,
  groupTableSheets,
  insurerCopyProblem,
  parseRuleExport,
  readTableSheet,
  sheetName,
  SUMMARY_SHEET,
  workbookSheets,
  type ExportedRule,
  type TableSheet,
} from './transposition.ts';

const twoTables = () => {
  const g = graph();
  const a = g.table(
    '系数',
    [['drone.deviceType', '无人机类型']],
    [['factor', '系数']],
    [
      { when: [str('多旋翼')], give: ['1'] },
      { when: [], give: ['1.1'] },
    ],
  );
  const b = g.table(
    '系数',
    [['amount', '保额']],
    [['limit.perUnit', '每架年保费']],
    [{ when: ['100'], give: ['900'] }],
  );
  g.chain(g.input(), a, b, g.output());
  return g.done();
};
const rule = (ruleId: string, content = twoTables()): ExportedRule => ({
  ruleId,
  definition: null,
  version: 3,
  status: 'enabled',
  content,
});

describe('workbook sheets', () => {
  it('writes a summary and one uniquely named sheet per decision table', () => {
    const sheets = workbookSheets([rule('tariff-1'), rule('referral', referralDecision())]);
    expect(sheets.map((s) => s.name)).toEqual([
      SUMMARY_SHEET,
      'tariff-1.系数',
      'tariff-1.系数~2',
      'referral.人工核保阈值',
    ]);
    expect(sheets[0]!.rows[1]).toEqual(['tariff-1', '', '', '', 3, '已启用']);
    expect(sheets[1]!.rows.slice(0, 7)).toEqual([
      ['规则编号', 'tariff-1'],
      ['版本', 3],
      ['节点', 'n1', '系数'],
      ['列类型', '输入', '输出'],
      ['名称', '无人机类型', '系数'],
      ['字段', 'drone.deviceType', 'factor'],
      ['r0', '"多旋翼"', '1'],
    ]);
  });

  it('keeps names within 31 characters, without the characters Excel refuses', () => {
    const taken = new Set<string>();
    const name = sheetName('a-very-long-rule-identifier-of-forty', 'x/y', taken);
    expect(name.length).toBeLessThanOrEqual(31);
    expect(sheetName('a-very-long-rule-identifier-of-forty', 'x/y', taken)).toMatch(/~2$/);
    expect(sheetName('r', 'a[b]:c*?\\', new Set())).toBe('r.a_b__c___');
  });

  it('reads a sheet back into the same content, and applies changed rows and columns', () => {
    const content = twoTables();
    const [, first] = workbookSheets([rule('tariff-1', content)]);
    const sheet = readTableSheet(first!) as TableSheet;
    expect(sheet).toMatchObject({ ruleId: 'tariff-1', version: 3, nodeId: 'n1' });
    expect(applyTableSheet(content, sheet)).toEqual(content);

    const edited = structuredClone(first!);
    edited.rows[6]![2] = 1.25; // typed into Excel as a number
    edited.rows.push(['', '"固定翼"', '1.3']);
    edited.rows[3]!.push('输出');
    edited.rows[4]!.push('备注');
    edited.rows[5]!.push('note');
    const changed = applyTableSheet(content, readTableSheet(edited) as TableSheet) as typeof content;
    const table = changed.nodes.find((n) => n.id === 'n1')!.content as {
      outputs: unknown[];
      rules: Record<string, string>[];
    };
    expect(table.outputs).toEqual([
      { id: 'o0', name: '系数', field: 'factor' },
      { id: 'o1', name: '备注', field: 'note' },
    ]);
    expect(table.rules).toEqual([
      { _id: 'r0', i0: '"多旋翼"', o0: '1.25', o1: '' },
      { _id: 'r1', i0: '', o0: '1.1', o1: '' },
      { _id: 'r2', i0: '"固定翼"', o0: '1.3', o1: '' },
    ]);
  });

  it('refuses malformed sheets and unknown nodes, and groups sheets per rule', () => {
    expect(readTableSheet({ name: SUMMARY_SHEET, rows: [] })).toBeNull();
    expect(readTableSheet({ name: 'x', rows: [['随便']] })).toEqual({ error: '工作表「x」格式不正确' });
    const [, first] = workbookSheets([rule('tariff-1')]);
    const bad = structuredClone(first!);
    bad.rows[3]![1] = '条件';
    expect(readTableSheet(bad)).toEqual({ error: expect.stringContaining('列类型') });
    const sheet = readTableSheet(first!) as TableSheet;
    expect(applyTableSheet(twoTables(), { ...sheet, nodeId: 'n99' })).toEqual({ error: '规则版本中没有决策表节点n99' });
    expect(groupTableSheets([sheet, { ...sheet, version: 2 }, { ...sheet, ruleId: 'tariff-2' }])).toMatchObject([
      { ruleId: 'tariff-1', error: '同一规则的工作表来自不同版本' },
      { ruleId: 'tariff-2', error: null },
    ]);
  });
});

describe('JSON import', () => {
  it('reads rules with their definitions, each rule on its own', () => {
    const parsed = parseRuleExport({
      rules: [
        {
          ruleId: 'tariff-1',
          content: { nodes: [] },
          definition: {
            name: '费率',
            stage: 'rating',
            rank: 2,
            insurerId: 1,
            scenes: [],
            type: 'tariff',
            source: null,
            risk: null,
            message: null,
            description: '',
          },
        },
        { ruleId: 'Bad Id', content: {} },
        { ruleId: 'x-rule', content: {}, definition: { name: '', stage: 'rating' } },
      ],
    });
    expect(parsed).toMatchObject([
      { ruleId: 'tariff-1', error: null, definition: { name: '费率', stage: 'rating', rank: 2, insurerId: 1 } },
      { ruleId: 'Bad Id', error: expect.stringContaining('规则编号') },
      { ruleId: 'x-rule', error: null, definition: null },
    ]);
    expect(parseRuleExport([])).toEqual({ error: '文件不是规则导出文件' });
    expect(parseRuleExport({ rules: [] })).toEqual({ error: '文件中没有规则' });
  });
});

describe('copying to another insurer', () => {
  it('maps ids and names to the target insurer', () => {
    expect(copiedRuleId('tariff-1', 1, 2)).toBe('tariff-2');
    expect(copiedRuleId('drone-age-1', 1, 3)).toBe('drone-age-3');
    expect(copiedRuleId('limits-i1-cap', 1, 3)).toBe('limits-i3-cap');
    expect(copiedRuleId('wind-check', 1, 3)).toBe('wind-check-i3');
    expect(copiedRuleId('a'.repeat(64), 1, 3)).toHaveLength(64);
    expect(copiedRuleName('人保财险费率规则', 1, 2)).toBe('平安产险费率规则');
    expect(copiedRuleName('抗风检查', 1, 2)).toBe('抗风检查（平安产险）');
  });

  it('refuses unknown and identical insurers', () => {
    expect(insurerCopyProblem(1, 1)).toBe('源保险公司与目标保险公司不能相同');
    expect(insurerCopyProblem(1, 99)).toBe('保险公司不存在');
    expect(insurerCopyProblem(1, 2)).toBeNull();
  });
});
