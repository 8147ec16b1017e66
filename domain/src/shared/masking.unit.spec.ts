import { describe, expect, it } from 'vitest';
import { maskIdNumbersIn, maskPersonalText } from './masking.ts';

describe('masking personal numbers in text', () => {
  it('masks ID numbers and mobile numbers standing alone, not parts of longer codes', () => {
    expect(maskPersonalText('11010519491231002X → 440305199001014566')).toBe('110105********002X → 440305********4566');
    expect(maskPersonalText('分派给 13812341234')).toBe('分派给 138****1234');
    // A 13-digit timestamp, an order number and a 12-digit code are not phones.
    expect(maskPersonalText('code-1700000000000 FB2026010212345678 138123412345')).toBe(
      'code-1700000000000 FB2026010212345678 138123412345',
    );
  });

  it('leaves phones whole when only ID numbers are masked', () => {
    expect(maskIdNumbersIn('13812341234 11010519491231002X')).toBe('13812341234 110105********002X');
  });
});
