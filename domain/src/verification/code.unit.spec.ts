import { describe, expect, it } from 'vitest';
import { codeForLog, normaliseCode } from './code.ts';

const CODE = '7K3M9QX2ZR4T8VW1BN6CP5HDJA';

describe('normaliseCode', () => {
  it('takes the code as printed, grouped, in any case and with spaces', () => {
    expect(normaliseCode(CODE)).toBe(CODE);
    expect(normaliseCode('7K3M-9QX2-ZR4T-8VW1-BN6C-P5HD-JA')).toBe(CODE);
    expect(normaliseCode(' 7k3m 9qx2 zr4t 8vw1 bn6c p5hd ja ')).toBe(CODE);
  });

  it('reads O as 0 and I, L as 1, as Crockford base32 does', () => {
    expect(normaliseCode('7K3M9QX2ZR4T8VWIBN6CP5HDJA')).toBe(CODE);
    expect(normaliseCode('7K3M9QX2ZR4T8VWlBN6CP5HDJA')).toBe(CODE);
    expect(normaliseCode('O000000000000000')).toBe('0000000000000000');
  });

  it('takes the whole address of the QR code', () => {
    expect(normaliseCode(`https://www.feibao.example/verify/${CODE}`)).toBe(CODE);
    expect(normaliseCode(`https://www.feibao.example/verify/7K3M-9QX2-ZR4T-8VW1-BN6C-P5HD-JA?from=qr`)).toBe(CODE);
  });

  it('is null for what cannot be a code', () => {
    expect(normaliseCode('')).toBeNull();
    expect(normaliseCode('ABC123')).toBeNull();
    expect(normaliseCode('A'.repeat(65))).toBeNull();
    expect(normaliseCode(`${CODE.slice(0, 20)}';--`)).toBeNull();
    expect(normaliseCode('保单保单保单保单保单保单保单保单')).toBeNull();
    expect(normaliseCode('%E0%A4%A')).toBeNull();
    expect(normaliseCode('x'.repeat(600))).toBeNull();
  });

  it('logs four characters only', () => {
    expect(codeForLog(CODE)).toBe('7K3M…');
    expect(codeForLog(null)).toBeNull();
  });
});
