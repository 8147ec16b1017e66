import { describe, expect, it } from 'vitest';
import {
  fromGatewayTime,
  gatewayTime,
  orderIdOfTrade,
  paymentNotificationSchema,
  refundNumber,
  sameAmount,
  scaledMinutesMs,
  signatureBase,
  tradeNumber,
  yuanString,
} from './gateway.ts';
import { tradeOfRefund } from './trades.ts';

describe('gateway helpers', () => {
  it('writes amounts as yuan with two decimals and compares them in fen', () => {
    expect(yuanString(1234.5)).toBe('1234.50');
    expect(yuanString(0.1 + 0.2)).toBe('0.30');
    expect(yuanString(7)).toBe('7.00');
    expect(sameAmount(0.1 + 0.2, 0.3)).toBe(true);
    expect(sameAmount(1234.5, 1234.51)).toBe(false);
  });

  it('signs the sorted parameters without sign, sign_type and empty values', () => {
    expect(signatureBase({ b: '2', a: '1', sign: 'x', sign_type: 'RSA2', c: '', d: undefined, e: '中文 &' })).toBe(
      'a=1&b=2&e=中文 &',
    );
  });

  it('puts the order in the trade number and reads it back; refunds name their trade', () => {
    const orderId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const tradeNo = tradeNumber(orderId, 3);
    expect(tradeNo).toBe('0f8fad5bd9cb469fa16570867728950e03');
    expect(tradeNo.length).toBeLessThanOrEqual(64);
    expect(orderIdOfTrade(tradeNo)).toBe(orderId);
    expect(orderIdOfTrade('nonsense')).toBeNull();
    expect(tradeOfRefund(refundNumber(tradeNo, 2))).toBe(tradeNo);
  });

  it('scales the due time with the insurer day, never under a minute by scaling', () => {
    expect(scaledMinutesMs(30, 86_400)).toBe(30 * 60_000);
    expect(scaledMinutesMs(30, 10)).toBe(60_000);
    expect(scaledMinutesMs(4_320_000, 0.2)).toBe(600_000);
    // A setting under a minute (a test's) is taken as it is.
    expect(scaledMinutesMs(0.1, 0.2)).toBe(6_000);
  });

  it('reads and writes gateway times in Beijing time', () => {
    expect(gatewayTime(new Date('2026-11-23T02:30:00.000Z'))).toBe('2026-11-23 10:30:00');
    expect(fromGatewayTime('2026-11-23 10:30:00')).toBe('2026-11-23T02:30:00.000Z');
    expect(fromGatewayTime('yesterday')).toBeNull();
    expect(fromGatewayTime(undefined)).toBeNull();
  });

  it('checks a notification’s parameters', () => {
    const ok = {
      out_trade_no: 'T1',
      trade_no: 'G1',
      total_amount: '12.30',
      trade_status: 'TRADE_SUCCESS',
      notify_id: 'n1',
      app_id: 'a1',
    };
    expect(paymentNotificationSchema.safeParse(ok).success).toBe(true);
    expect(paymentNotificationSchema.safeParse({ ...ok, total_amount: '12.345' }).success).toBe(false);
    expect(paymentNotificationSchema.safeParse({ ...ok, trade_status: 'PAID' }).success).toBe(false);
    expect(paymentNotificationSchema.safeParse({ ...ok, out_trade_no: undefined }).success).toBe(false);
  });
});
