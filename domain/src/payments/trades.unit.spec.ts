import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '../ordering/order.events.ts';
import {
  evolvePaymentOrder,
  evolvePaymentTrade,
  tradeNoOf,
  type PaymentOrder,
  type PaymentTradeEvent,
  type PaymentTradeRecord,
} from './trades.ts';

/** The back office's payments list as a fold of order events: one record per trade. */
const saved: PaymentTradeEvent = {
  type: 'OrderDraftSaved',
  data: { orderId: 'o1', orderNo: 'FB1', owner: '13800001234', orderType: 0, form: {} as never, savedAt: 't0' },
};
const insured = (tradeNo: string): PaymentTradeEvent => ({
  type: 'OrderInsured',
  data: {
    orderId: 'o1',
    insurerId: 1,
    insurerName: '人保财险',
    totalPremium: 300,
    insuredAt: `${tradeNo}-at`,
    requestedStartDate: null,
    payment: { tradeNo, amount: 300, dueAt: `${tradeNo}-due` },
  },
});
const events: Record<string, PaymentTradeEvent> = {
  paid: {
    type: 'PaymentConfirmed',
    data: { orderId: 'o1', tradeNo: 'T1', amount: 300, paidAt: 'p1', providerTradeNo: 'G1', via: 'notify' },
  },
  lapsed: { type: 'PaymentLapsed', data: { orderId: 'o1', tradeNo: 'T1', lapsedAt: 'l1', quoteValid: true } },
  refund: {
    type: 'RefundRequested',
    data: {
      orderId: 'o1',
      refundNo: 'T1R01',
      tradeNo: 'T1',
      amount: 300,
      reason: 'x',
      requestedBy: 'a',
      requestedAt: 'r',
    },
  },
  refunded: { type: 'RefundConfirmed', data: { orderId: 'o1', refundNo: 'T1R01', amount: 300, refundedAt: 'rf' } },
  underwritten: {
    type: 'PolicyUnderwritten',
    data: { orderId: 'o1', policyNo: 'P1', startDate: 's', endDate: 'e', underwrittenAt: 'u' },
  },
};

const fold = (list: PaymentTradeEvent[]) => {
  let order: PaymentOrder | null = null;
  const trades = new Map<string, PaymentTradeRecord>();
  for (const event of list) {
    order = evolvePaymentOrder(order, event);
    const tradeNo = tradeNoOf(order, event);
    if (!tradeNo) continue;
    const next = evolvePaymentTrade(trades.get(tradeNo) ?? null, order, event);
    if (next) trades.set(tradeNo, next);
  }
  return trades;
};

describe('payment trades (given order events → the back office rows)', () => {
  it('opens a row per trade, paid and underwritten on the current trade', () => {
    const trades = fold([saved, insured('T1'), events.paid!, events.underwritten!]);
    expect(trades.get('T1')).toMatchObject({
      orderNo: 'FB1',
      owner: '13800001234',
      insurerName: '人保财险',
      amount: 300,
      dueAt: 'T1-due',
      paidAt: 'p1',
      underwrittenAt: 'u',
      fullyRefunded: false,
      refundPending: false,
    });
  });

  it('keeps a lapsed trade as its own row beside the purchase made again', () => {
    const trades = fold([saved, insured('T1'), events.lapsed!, insured('T2'), events.underwritten!]);
    expect(trades.get('T1')).toMatchObject({ lapsedAt: 'l1', underwrittenAt: null });
    expect(trades.get('T2')).toMatchObject({ lapsedAt: null, underwrittenAt: 'u' });
  });

  it('marks a refund pending until confirmed, then the trade fully refunded', () => {
    const pending = fold([saved, insured('T1'), events.paid!, events.refund!]).get('T1')!;
    expect(pending).toMatchObject({ refundPending: true, fullyRefunded: false });
    const done = fold([saved, insured('T1'), events.paid!, events.refund!, events.refunded!]).get('T1')!;
    expect(done).toMatchObject({ refundPending: false, fullyRefunded: true });
  });

  it('ignores purchases from before payments', () => {
    const legacy = {
      ...insured('T1'),
      data: { ...insured('T1').data, payment: undefined },
    } as OrderEvent as PaymentTradeEvent;
    expect(fold([saved, legacy]).size).toBe(0);
  });
});
