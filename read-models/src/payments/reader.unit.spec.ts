import { describe, expect, it } from 'vitest';
import type { PaymentTradeRecord } from '@feibao/domain/payments/trades';
import { paymentExceptionAt, paymentStatusAt } from './reader.ts';

const base: PaymentTradeRecord = {
  tradeNo: 'T1',
  orderId: 'o1',
  orderNo: 'FB1',
  owner: '13800001234',
  insurerName: '人保财险',
  amount: 300,
  dueAt: '2026-11-23T02:30:00.000Z',
  createdAt: '2026-11-23T02:00:00.000Z',
  paidAt: null,
  lapsedAt: null,
  underwrittenAt: null,
  refunds: [],
  fullyRefunded: false,
  refundPending: false,
};
const at = (iso: string) => new Date(iso);
const HOUR = 3600_000;

describe('a payment row as read at a time', () => {
  it('is unpaid until due, expired past it or once lapsed, paid, refunded', () => {
    expect(paymentStatusAt(base, at('2026-11-23T02:10:00.000Z'))).toBe('unpaid');
    expect(paymentStatusAt(base, at('2026-11-23T02:31:00.000Z'))).toBe('expired');
    expect(paymentStatusAt({ ...base, lapsedAt: 'x' }, at('2026-11-23T02:10:00.000Z'))).toBe('expired');
    expect(paymentStatusAt({ ...base, paidAt: '2026-11-23T02:05:00.000Z' }, at('2026-11-24T00:00:00.000Z'))).toBe(
      'paid',
    );
    expect(paymentStatusAt({ ...base, paidAt: 'x', fullyRefunded: true }, at('2026-11-24T00:00:00.000Z'))).toBe(
      'refunded',
    );
  });

  it('is an exception when paid longer ago than underwriting takes, or with a refund pending', () => {
    const paid = { ...base, paidAt: '2026-11-23T02:05:00.000Z' };
    expect(paymentExceptionAt(paid, at('2026-11-23T02:30:00.000Z'), HOUR)).toBeNull();
    expect(paymentExceptionAt(paid, at('2026-11-23T03:30:00.000Z'), HOUR)).toBe('paidNotUnderwritten');
    expect(paymentExceptionAt({ ...paid, underwrittenAt: 'u' }, at('2026-11-23T03:30:00.000Z'), HOUR)).toBeNull();
    expect(paymentExceptionAt({ ...paid, refundPending: true }, at('2026-11-23T02:30:00.000Z'), HOUR)).toBe(
      'refundPending',
    );
  });
});
