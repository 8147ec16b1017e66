import { describe, expect, it } from 'vitest';
import type { Order } from '@feibao/domain/ordering/order.events';
import { insurerJobsAhead } from './recovery.ts';

const request = (requestId: string, attempt?: number) => ({
  requestId,
  insurerId: 1,
  insurerName: '测试保险',
  requestedAt: '2026-11-02T00:00:00.000Z',
  answerDueAt: '2026-11-03T00:00:00.000Z',
  deadlineAt: '2026-11-09T00:00:00.000Z',
  attempt,
});
const base = {
  orderId: 'o1',
  orderNo: 'BD1',
  owner: 'u',
  orderType: 0,
  form: {},
  createdAt: '2026-11-01T00:00:00.000Z',
  round: 1,
  lines: [],
};
const options = { quoteDaySeconds: 86_400, underwriteDays: 1 };

describe('the insurer jobs an order still waits for', () => {
  it('asks again only unanswered requests, and times out every open one', () => {
    const order = {
      ...base,
      status: 'quoting',
      insurers: [
        { request: request('r1'), answers: {}, timedOut: false, validUntil: null },
        // A manual (referred) answer is staff's to finish: rating it again would record it twice.
        { request: request('r2', 2), answers: { a: { kind: 'manual' } }, timedOut: false, validUntil: null },
        { request: request('r3'), answers: {}, timedOut: true, validUntil: null },
      ],
    } as unknown as Order;
    expect(insurerJobsAhead(order, '2026-11-02T00:00:00.000Z', options)).toEqual([
      { job: { kind: 'answer', orderId: 'o1', requestId: 'r1', attempt: undefined }, at: '2026-11-03T00:00:00.000Z' },
      { job: { kind: 'timeout', orderId: 'o1', requestId: 'r1', attempt: undefined }, at: '2026-11-09T00:00:00.000Z' },
      { job: { kind: 'timeout', orderId: 'o1', requestId: 'r2', attempt: 2 }, at: '2026-11-09T00:00:00.000Z' },
    ]);
  });

  it('underwrites an insured order a working day after its last change; policy dates are the sweep’s', () => {
    const insured = { ...base, status: 'insured' } as unknown as Order;
    const [underwrite] = insurerJobsAhead(insured, '2026-11-02T08:00:00.000Z', options);
    expect(underwrite!.job).toEqual({ kind: 'underwrite', orderId: 'o1' });
    expect(new Date(underwrite!.at).getTime()).toBeGreaterThan(new Date('2026-11-02T08:00:00.000Z').getTime());

    const policy = { ...base, startDate: '2026-12-01T00:00:00.000Z', endDate: '2027-11-30T00:00:00.000Z' };
    for (const status of ['underwritten', 'inForce', 'lapsed'])
      expect(insurerJobsAhead({ ...policy, status } as unknown as Order, '', options)).toEqual([]);
  });

  it('waits for the payment: nothing for an unpaid purchase, underwriting a working day after a paid one', () => {
    const payment = { tradeNo: 'T1', amount: 300, dueAt: '2026-11-02T08:30:00.000Z', providerTradeNo: null };
    const unpaid = { ...base, status: 'insured', payment: { ...payment, paidAt: null } } as unknown as Order;
    expect(insurerJobsAhead(unpaid, '2026-11-02T08:00:00.000Z', options)).toEqual([]);
    const paid = {
      ...base,
      status: 'insured',
      payment: { ...payment, paidAt: '2026-11-03T08:00:00.000Z' },
    } as unknown as Order;
    const [underwrite] = insurerJobsAhead(paid, '2026-11-02T08:00:00.000Z', options);
    expect(underwrite!.job).toEqual({ kind: 'underwrite', orderId: 'o1' });
    // Counted from the payment, not from the purchase.
    expect(new Date(underwrite!.at).getTime()).toBeGreaterThan(new Date('2026-11-03T08:00:00.000Z').getTime());
  });
});
