import { describe, expect, it } from 'vitest';
import { durationText, errorHeadline, lagText, opsTabOf, reasonProblem } from './ops.ts';

describe('operations console texts', () => {
  it('says how far behind a projection is, in events and time', () => {
    expect(lagText({ lagEvents: 0, lagCapped: false, lagMs: 0 })).toBe('已追平');
    expect(lagText({ lagEvents: 3, lagCapped: false, lagMs: 1500 })).toBe('3 个事件 · 1.5 秒');
    expect(lagText({ lagEvents: 10000, lagCapped: true, lagMs: 3_725_000 })).toBe('≥10000 个事件 · 1 小时 2 分');
    expect(durationText(250)).toBe('250 毫秒');
    expect(durationText(125_000)).toBe('2 分 5 秒');
  });

  it('keeps the first line of an error and refuses an empty reason', () => {
    expect(errorHeadline('null value in column "_id"\n    at x (y.ts:1)')).toBe('null value in column "_id"');
    expect(errorHeadline(null)).toBe('');
    expect(reasonProblem('  ')).toBe('请填写原因');
    expect(reasonProblem('x'.repeat(501))).toBe('原因不能超过500个字符');
    expect(reasonProblem('已修复')).toBeNull();
    expect(opsTabOf('audit')).toBe('audit');
    expect(opsTabOf('nope')).toBe('projections');
  });
});
