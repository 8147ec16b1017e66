import { describe, expect, it } from 'vitest';
import { bodyOf, draftOf, draftProblem, effectLabel } from './model.ts';

describe('rule configuration screen model', () => {
  it('starts a new risk level at referral and an edit at the entry', () => {
    expect(draftOf('ruleRisk', null)).toEqual({ code: '', name: '', effect: 'refer', description: '' });
    const entry = {
      kind: 'ruleMessage' as const,
      code: 'm1',
      enabled: true,
      updatedBy: 'a',
      updatedAt: '',
      customerText: '请稍候',
      staffText: '需核保',
    };
    expect(draftOf('ruleMessage', entry)).toEqual({ code: 'm1', customerText: '请稍候', staffText: '需核保' });
  });
  it("names the first missing field and sends only the kind's fields, trimmed", () => {
    expect(draftProblem('keyword', { code: ' ', name: 'x' })).toBe('编码不能为空');
    expect(draftProblem('ruleMessage', { code: 'm', customerText: 'a', staffText: ' ' })).toBe('内部提示语不能为空');
    expect(draftProblem('keyword', { code: 'k', name: '单价' })).toBeNull();
    expect(bodyOf('ruleType', { code: ' t ', name: ' 费率 ', extra: 'x' })).toEqual({
      kind: 'ruleType',
      code: 't',
      name: '费率',
      description: '',
    });
    expect(effectLabel('decline')).toBe('拒保');
  });
});
