import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { OrderPayment } from '@feibao/domain/payments/api';
import { domRoot } from '../shared/testing/domRoot.ts';
import { OrderPaymentBox, type PaymentOrder } from './OrderPayment.tsx';

const view = domRoot();
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const payment = (patch: Partial<OrderPayment> = {}): OrderPayment => ({
  status: 'unpaid',
  amount: 3456.5,
  dueAt: inMinutes(25),
  paidAt: null,
  tradeNo: 'T1',
  cashierUrl: 'http://localhost/pay/abc',
  ...patch,
});
const order = (patch: Partial<PaymentOrder> = {}): PaymentOrder => ({
  id: 'o1',
  orderType: 0,
  state: 3,
  actions: ['viewPlan', 'pay'],
  payment: payment(),
  ...patch,
});
const show = (o: PaymentOrder) =>
  act(() =>
    view.root.render(
      <MemoryRouter>
        <OrderPaymentBox order={o} variant="desktop" />
      </MemoryRouter>,
    ),
  );
const box = () => view.host.querySelector('[data-testid="order-payment"]');
const payButton = () => view.host.querySelector('[data-testid="order-pay"]');

describe('OrderPaymentBox', () => {
  it('shows 待支付 with the amount, the due time and 去支付 when the order allows paying', () => {
    show(order());
    expect(box()?.getAttribute('data-status')).toBe('unpaid');
    expect(box()?.textContent).toMatch(/待支付 ¥3,456\.50请在 \d{2}:\d{2} 前支付2[45]:\d{2}/);
    expect(payButton()?.textContent).toBe('去支付');
  });

  it('offers no 去支付 without the pay action, nor once the due time passed', () => {
    show(order({ actions: ['viewPlan'] }));
    expect(box()?.textContent).toContain('待支付');
    expect(payButton()).toBeNull();
    show(order({ payment: payment({ dueAt: inMinutes(-1) }) }));
    expect(box()?.textContent).toContain('支付已超时');
    expect(payButton()).toBeNull();
  });

  it('shows 已支付 with its time and 等待承保 until underwritten; nothing for an order never bought', () => {
    const paid = payment({ status: 'paid', paidAt: '2026-11-27T06:05:00.000Z', cashierUrl: null });
    show(order({ payment: paid }));
    expect(box()?.textContent).toBe('已支付 ¥3,456.502026-11-27 14:05 · 等待承保');
    show(order({ payment: paid, state: 4 }));
    expect(box()?.textContent).not.toContain('等待承保');
    show(order({ payment: payment({ status: 'expired', cashierUrl: null }), state: 2 }));
    expect(box()?.textContent).toContain('支付已超时');
    show(order({ payment: null, state: 2 }));
    expect(box()).toBeNull();
  });
});
