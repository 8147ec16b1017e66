import { describe, expect, it } from 'vitest';
import type { RuleDefinition } from '@feibao/domain/rules/definition';
import type { Jdm } from '@feibao/domain/rules/jdm';
import {
  enabledLabel,
  insurerLabel,
  limitBody,
  limitCell,
  limitDraftOf,
  moveStep,
  planStages,
  planSteps,
  poolRules,
  poolUsers,
  type RuleRow,
  sceneCards,
  scenesText,
  stageColumns,
  stageMove,
  stageOrderOf,
  stageOrderText,
  stepMove,
  toggleScene,
  toggleStep,
  versionToRead,
  withDefinition,
} from './model.ts';

const def = (ruleId: string, over: Partial<RuleDefinition> = {}): RuleDefinition => ({
  ruleId,
  name: ruleId,
  stage: 'eligibility',
  rank: 1,
  insurerId: null,
  scenes: [],
  type: null,
  source: null,
  risk: null,
  message: null,
  description: '',
  createdBy: 'system',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedBy: 'system',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const row = (ruleId: string, over: Partial<RuleDefinition> = {}, extra: Partial<RuleRow> = {}): RuleRow => ({
  ruleId,
  enabledVersion: 1,
  versions: [],
  definition: def(ruleId, over),
  ...extra,
});
const drafted = (ruleId: string, version: number, draftedBy: string) => ({
  ruleId,
  version,
  status: 'draft' as const,
  draftedBy,
  draftedAt: '',
  history: [],
});

describe('stage screens', () => {
  const rules: RuleRow[] = [
    row('tariff-2', { stage: 'rating', rank: 2, insurerId: 2 }),
    row('tariff-1', { stage: 'rating', rank: 1, insurerId: 1 }),
    row('referral', { stage: 'referral', rank: 1 }),
    row(
      'decline-spray',
      { stage: 'eligibility', rank: 1, insurerId: 2, scenes: ['农业/植保'], createdBy: '13800000001' },
      { enabledVersion: null },
    ),
    row('shared', { stage: 'pool' }),
    { ruleId: 'old', enabledVersion: 1, versions: [], definition: null },
  ];

  it('groups rules by pipeline stage in rank order, leaving the pool out', () => {
    const columns = stageColumns(rules);
    expect(columns.map((c) => [c.label, c.rules.map((r) => r.ruleId)])).toEqual([
      ['准入', ['decline-spray']],
      ['核保转人工', ['referral']],
      ['费率', ['tariff-1', 'tariff-2']],
      ['限额', []],
    ]);
    expect(insurerLabel(null)).toBe('全部');
    expect(insurerLabel(2)).toBe('平安产险');
    expect(enabledLabel({ enabledVersion: null })).toBe('未启用');
    expect(enabledLabel({ enabledVersion: 3 })).toBe('v3');
  });

  it('merges a command answer into the cached rows, keeping the creator', () => {
    const answer = {
      ...def('tariff-1', { stage: 'rating', rank: 0.5, insurerId: 1, updatedBy: '13800000009' }),
    } as Partial<RuleDefinition>;
    delete answer.createdBy;
    delete answer.createdAt;
    const merged = withDefinition(rules, answer as RuleDefinition)!;
    expect(merged.find((r) => r.ruleId === 'tariff-1')!.definition).toMatchObject({
      rank: 0.5,
      createdBy: 'system',
      updatedBy: '13800000009',
      insurerId: 1,
    });
    expect(merged).toHaveLength(rules.length);
    const created = withDefinition(rules, { ...(answer as RuleDefinition), ruleId: 'new-one' })!;
    expect(created.at(-1)).toMatchObject({
      ruleId: 'new-one',
      enabledVersion: null,
      versions: [],
      definition: { createdBy: '13800000009' },
    });
  });

  it('moves a rule one step inside its stage, or last into another stage', () => {
    const columns = stageColumns(rules);
    expect(stepMove(columns, 'tariff-1', 'down')).toEqual({ ruleId: 'tariff-1', stage: 'rating', position: 1 });
    expect(stepMove(columns, 'tariff-2', 'up')).toEqual({ ruleId: 'tariff-2', stage: 'rating', position: 0 });
    expect(stepMove(columns, 'tariff-1', 'up')).toBeNull();
    expect(stepMove(columns, 'tariff-2', 'down')).toBeNull();
    expect(stepMove(columns, 'shared', 'down')).toBeNull();
    expect(stageMove(columns, 'referral', 'rating')).toEqual({ ruleId: 'referral', stage: 'rating', position: 2 });
    expect(stageMove(columns, 'referral', 'referral')).toBeNull();
  });

  it('lists per scene the rules that apply, mine first, and only mine on request', () => {
    const me = { name: '张三', mobilePhone: '13800000001' };
    const withDraft = [
      ...rules,
      row('limits-x', { stage: 'limits', scenes: ['教育培训'] }, { versions: [drafted('limits-x', 1, '13800000001')] }),
    ];
    const [training, spray, survey] = sceneCards(['教育培训', '农业/植保', '巡检/测绘'], withDraft, me, false);
    expect(training!.rules.map((r) => [r.rule.ruleId, r.mine, r.general])).toEqual([
      ['limits-x', true, false],
      ['referral', false, true],
      ['tariff-1', false, true],
      ['tariff-2', false, true],
    ]);
    expect(spray!.rules.map((r) => r.rule.ruleId)).toEqual(['decline-spray', 'referral', 'tariff-1', 'tariff-2']);
    expect(survey!.rules.map((r) => r.rule.ruleId)).not.toContain('decline-spray');
    const mine = sceneCards(['教育培训', '农业/植保', '巡检/测绘'], withDraft, me, true);
    expect(mine.map((c) => c.rules.map((r) => r.rule.ruleId))).toEqual([['limits-x'], ['decline-spray'], []]);
    expect(toggleScene(['物流'], '教育培训', ['教育培训', '农业/植保', '物流'])).toEqual(['教育培训', '物流']);
    expect(toggleScene(['教育培训', '物流'], '教育培训', ['教育培训', '物流'])).toEqual(['物流']);
    expect(scenesText([])).toBe('通用（全部场景）');
    expect(scenesText(['物流', '消防'])).toBe('物流、消防');
  });

  it('finds which rule versions reference a pool piece', () => {
    const node = (id: string, key: string) => ({
      id,
      type: 'decisionNode' as const,
      name: id,
      position: { x: 0, y: 0 },
      content: { key },
    });
    const model = (...nodes: ReturnType<typeof node>[]): Jdm => ({ nodes, edges: [] });
    const users = poolUsers([
      { ruleId: 'tariff-1', version: 2, content: model(node('a', 'shared'), node('b', 'other')) },
      { ruleId: 'tariff-2', version: 1, content: model(node('a', 'shared')) },
      { ruleId: 'referral', version: 1, content: model() },
    ]);
    expect(users.get('shared')).toEqual(['tariff-1 v2', 'tariff-2 v1']);
    expect(users.get('other')).toEqual(['tariff-1 v2']);
    expect(poolRules(rules).map((r) => r.ruleId)).toEqual(['shared']);
    expect(versionToRead({ enabledVersion: 2, versions: [drafted('x', 3, 'a')] })).toBe(2);
    expect(versionToRead({ enabledVersion: null, versions: [drafted('x', 1, 'a'), drafted('x', 3, 'a')] })).toBe(3);
    expect(versionToRead({ enabledVersion: null, versions: [] })).toBeNull();
  });

  it('shows a limit cell and builds the limit request', () => {
    const entry = {
      code: '1-1',
      enabled: true,
      insurerId: 1,
      coverId: 1,
      offered: true,
      minAmount: 10,
      maxAmount: 100,
      maxDronePrice: 500000,
      maxTakeoffKg: null,
    };
    expect(limitCell(undefined)).toEqual({ offered: true, text: '开办', bounds: [], note: null });
    expect(limitCell(entry)).toEqual({
      offered: true,
      text: '开办',
      bounds: ['保额 10–100万元', '单价≤500000元'],
      note: null,
    });
    expect(limitCell({ ...entry, minAmount: null }).bounds[0]).toBe('保额 ≤100万元');
    expect(limitCell({ ...entry, offered: false })).toMatchObject({ offered: false, text: '未开办', bounds: [] });
    expect(limitCell({ ...entry, offered: false, enabled: false })).toMatchObject({
      offered: true,
      note: '限制已停用',
    });

    const draft = { ...limitDraftOf(entry), maxAmount: ' 200 ', reason: '调整' };
    expect(draft.minAmount).toBe('10');
    expect(limitBody(1, 1, draft)).toEqual({
      ok: true,
      body: {
        kind: 'insuranceLimit',
        code: '1-1',
        insurerId: 1,
        coverId: 1,
        offered: true,
        minAmount: 10,
        maxAmount: 200,
        maxDronePrice: 500000,
        maxTakeoffKg: null,
        reason: '调整',
      },
    });
    expect(limitBody(1, 1, { ...draft, minAmount: '300' })).toEqual({ ok: false, message: '最低保额不能高于最高保额' });
    expect(limitBody(1, 1, { ...draft, maxTakeoffKg: 'abc' })).toEqual({
      ok: false,
      message: '最大起飞重量上限不正确',
    });
    expect(limitBody(1, 1, { ...draft, reason: ' ' })).toEqual({ ok: false, message: '请填写原因' });
    expect(limitDraftOf(undefined)).toMatchObject({ offered: true, minAmount: '' });
  });

  it('edits an insurer stage order, keeping 费率', () => {
    expect(stageOrderOf(undefined)).toEqual(['eligibility', 'referral', 'rating', 'limits']);
    const entry = { code: '3', enabled: true, insurerId: 3, stages: ['rating' as const, 'eligibility' as const] };
    expect(stageOrderOf(entry)).toEqual(['rating', 'eligibility']);
    expect(stageOrderOf({ ...entry, enabled: false })).toEqual(['eligibility', 'referral', 'rating', 'limits']);
    expect(stageOrderText(['eligibility', 'rating'])).toBe('准入 → 费率');

    const steps = planSteps(['rating', 'eligibility']);
    expect(steps).toEqual([
      { stage: 'rating', included: true },
      { stage: 'eligibility', included: true },
      { stage: 'referral', included: false },
      { stage: 'limits', included: false },
    ]);
    expect(planStages(toggleStep(steps, 'rating'))).toEqual(['rating', 'eligibility']);
    expect(planStages(toggleStep(steps, 'limits'))).toEqual(['rating', 'eligibility', 'limits']);
    expect(planStages(moveStep(steps, 1, 'up'))).toEqual(['eligibility', 'rating']);
    expect(moveStep(steps, 0, 'up')).toEqual(steps);
    expect(moveStep(steps, 3, 'down')).toEqual(steps);
  });
});
