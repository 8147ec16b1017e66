import { describe, expect, it } from 'vitest';
import type { CoverLineSnapshot } from '@feibao/domain/claims/policy';
import {
  assessExposures,
  assigneeText,
  defaultLossKind,
  deskTabOf,
  initialAssessRows,
  reasonProblem,
  slaAgeText,
} from './desk.ts';

const line = (key: string, insuranceTypeId: number): CoverLineSnapshot => ({
  key,
  insuranceTypeId,
  name: '险种',
  droneName: null,
  insuranceAmount: 10,
  premium: 100,
  deductible: null,
});

describe('claims desk', () => {
  it('maps each tab to its server filter and falls back to 待受理', () => {
    expect(deskTabOf('evidence').filters).toEqual({ queue: 'evidence' });
    expect(deskTabOf('mine').filters).toEqual({ assignee: 'me' });
    expect(deskTabOf('nonsense').key).toBe('submitted');
    expect(deskTabOf(null).label).toBe('待受理');
  });

  it('reads SLA age and assignee', () => {
    expect(slaAgeText(0)).toBe('0 个工作日');
    expect(slaAgeText(null)).toBe('—');
    expect(assigneeText(null, '139')).toBe('未分派');
    expect(assigneeText('139', '139')).toBe('139（我）');
    expect(assigneeText('138', '139')).toBe('138');
  });

  it('guesses the loss kind from the cover', () => {
    expect(defaultLossKind(line('a', 1))).toBe('drone');
    expect(defaultLossKind(line('a', 2))).toBe('property');
    expect(defaultLossKind(line('a', 3))).toBe('injury');
    expect(defaultLossKind(line('a', 999))).toBe('other');
  });

  it('sends only the lines with an amount, and refuses bad amounts', () => {
    const rows = initialAssessRows([line('hull', 1), line('tpl', 2)]);
    expect(assessExposures(rows)).toBe('请至少填写一个险种的损失金额');
    rows[0]!.amount = '20000';
    expect(assessExposures(rows)).toEqual([{ lineKey: 'hull', kind: 'drone', lossAmount: 20000 }]);
    rows[1]!.amount = '1.234';
    expect(assessExposures(rows)).toBe('损失金额应为不超过两位小数的非负数');
    rows[1]!.amount = '-5';
    expect(assessExposures(rows)).toBe('损失金额应为不超过两位小数的非负数');
  });

  it('requires a reason where the step needs one', () => {
    expect(reasonProblem('accept', '')).toBeNull();
    expect(reasonProblem('close', '  ')).toBe('请填写结案原因');
    expect(reasonProblem('requestEvidence', '')).toBe('请填写需要补充的材料');
    expect(reasonProblem('reopen', '客户申诉')).toBeNull();
  });
});
