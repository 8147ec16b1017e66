import { describe, expect, it } from 'vitest';
import { dictionaryMenuOf } from './access.ts';

describe('dictionaryMenuOf', () => {
  it('serves the menu route of the kind a request names: query for GET, body otherwise', () => {
    expect(dictionaryMenuOf({ method: 'GET', query: { kind: 'ruleType' }, body: undefined })).toEqual(['ruleType']);
    expect(dictionaryMenuOf({ method: 'POST', query: { kind: 'ruleType' }, body: { kind: 'stagePlan' } })).toEqual([
      'companyRuleStageMerge',
    ]);
  });

  it('leaves any dictionary route enough when the kind is not one (the validator answers it)', () => {
    expect(dictionaryMenuOf({ method: 'POST', query: {}, body: { kind: 'nonsense' } })).toHaveLength(7);
    expect(dictionaryMenuOf({ method: 'GET', query: {}, body: undefined })).toContain('keywordManage');
  });
});
