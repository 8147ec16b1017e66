import { describe, expect, it } from 'vitest';
import { maskPartyName } from './masking.ts';

describe('maskPartyName', () => {
  it('keeps a company’s first four and last two characters around a fixed ***', () => {
    expect(maskPartyName('飞保测绘科技有限公司')).toBe('飞保测绘***公司');
    expect(maskPartyName('深圳市大疆创新科技有限公司')).toBe('深圳市大***公司');
  });

  it('keeps a person’s first character', () => {
    expect(maskPartyName('张三')).toBe('张*');
    expect(maskPartyName('欧阳娜娜')).toBe('欧***');
    expect(maskPartyName('王')).toBe('*');
  });

  it('keeps two and one of a middling name, and hides an empty one', () => {
    expect(maskPartyName('飞保无人机队')).toBe('飞保***队');
    expect(maskPartyName('  ')).toBe('***');
  });
});
