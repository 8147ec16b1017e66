import { describe, expect, it } from 'vitest';
import {
  cashierReturnPath,
  cashierTarget,
  clockTime,
  countdown,
  dateTime,
  orderDetailsPath,
  secondsLeft,
  yuan,
} from './format.ts';

describe('payment texts', () => {
  it('shows yuan with two decimals and Shanghai times', () => {
    expect(yuan(1234.5)).toBe('¥1,234.50');
    expect(yuan(0)).toBe('¥0.00');
    expect(clockTime('2026-11-27T06:05:00.000Z')).toBe('14:05');
    expect(dateTime('2026-11-27T16:30:00.000Z')).toBe('2026-11-28 00:30');
    expect(dateTime(null)).toBe('—');
  });

  it('counts down to the due time and stops at zero', () => {
    const now = Date.parse('2026-11-27T06:00:00.000Z');
    expect(secondsLeft('2026-11-27T06:29:05.000Z', now)).toBe(29 * 60 + 5);
    expect(secondsLeft('2026-11-27T05:00:00.000Z', now)).toBe(0);
    expect(countdown(29 * 60 + 5)).toBe('29:05');
    expect(countdown(3723)).toBe('1:02:03');
    expect(countdown(0)).toBe('00:00');
  });

  it('leads back only to a page of our own sites', () => {
    const details = orderDetailsPath('mobile', { id: 'o-1', orderType: 0 });
    expect(details).toBe('/touch/supportConcept?type=0&id=o-1&show=true');
    expect(cashierReturnPath(details, false)).toBe(details);
    for (const bad of [
      null,
      '',
      'https://evil.example/platform/x',
      '//evil.example/platform',
      '/platform\\x',
      '/pay/x',
    ])
      expect(cashierReturnPath(bad, false), String(bad)).toBe('/platform/orderInquiry');
    expect(cashierReturnPath('javascript:alert(1)', true)).toBe('/touch/orderInquiry');
  });

  it('opens a cashier of this origin inside the app with the way back, any other by leaving', () => {
    const here = 'http://127.0.0.1:3000/platform/orderInquiry';
    expect(cashierTarget('http://127.0.0.1:3000/pay/abc', here, '/platform/supportConcept?id=1')).toEqual({
      inApp: '/pay/abc?return=%2Fplatform%2FsupportConcept%3Fid%3D1',
    });
    expect(cashierTarget('https://openapi.alipay.com/gateway.do?x=1', here, '/platform/x')).toEqual({
      external: 'https://openapi.alipay.com/gateway.do?x=1',
    });
  });
});
