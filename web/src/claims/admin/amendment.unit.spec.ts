import { describe, expect, it } from 'vitest';
import type { FieldChange } from '@feibao/domain/claims/claim.events';
import { ApiError } from '../../api/client.ts';
import { EXPLANATION_REQUIRED, explanationErrors, explanationList, isStaleVersion, shownValue } from './amendment.ts';

const row = (path: string, fieldName = path): FieldChange => ({
  moduleName: '事故基本信息',
  path,
  fieldName,
  operateType: '修改',
  oldValue: 'a',
  newValue: 'b',
});

describe('explanationErrors()', () => {
  it('refuses a missing, empty or blank explanation per row', () => {
    const rows = [
      row('address'),
      row('accidentTime'),
      row('settlementUavInfoList[UAV-1].price'),
      row('uavAccidentType'),
    ];
    const errors = explanationErrors(rows, {
      address: '客户来电更正',
      accidentTime: '',
      'settlementUavInfoList[UAV-1].price': '  \n ',
    });
    expect(errors).toEqual({
      accidentTime: EXPLANATION_REQUIRED,
      'settlementUavInfoList[UAV-1].price': EXPLANATION_REQUIRED,
      uavAccidentType: EXPLANATION_REQUIRED,
    });
    expect(EXPLANATION_REQUIRED).toBe('请填写修改说明');
  });
  it('accepts when every row is explained', () => {
    expect(explanationErrors([row('address')], { address: '更正地址' })).toEqual({});
  });
});

describe('explanationList()', () => {
  it('sends one trimmed remark per compared row, in the rows order', () => {
    expect(explanationList([row('b'), row('a')], { a: ' x ', b: 'y', c: 'ignored' })).toEqual([
      { path: 'b', remark: 'y' },
      { path: 'a', remark: 'x' },
    ]);
  });
  it('cuts a remark at 500 characters as the server does', () => {
    expect(explanationList([row('a')], { a: '说'.repeat(600) })[0]?.remark).toHaveLength(500);
  });
});

describe('isStaleVersion()', () => {
  it('is the 40900 stale-version refusal only', () => {
    expect(isStaleVersion(new ApiError(40900, '理赔单已被他人修改，请重新比对', 409))).toBe(true);
    expect(isStaleVersion(new ApiError(40900, '当前状态的理赔单不能修改', 409))).toBe(false);
    expect(isStaleVersion(new ApiError(40000, '理赔单已被他人修改，请重新比对', 400))).toBe(false);
    expect(isStaleVersion(new Error('理赔单已被他人修改，请重新比对'))).toBe(false);
  });
});

describe('shownValue()', () => {
  it('shows an absent value as （空）', () => {
    expect(shownValue(null)).toBe('（空）');
    expect(shownValue('')).toBe('（空）');
    expect(shownValue('0')).toBe('0');
  });
});
