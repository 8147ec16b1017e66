import { DeciderSpecification } from '@event-driven-io/emmett';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import { storedPayment, paymentAsRead } from '../payments/status.ts';
import { generalApplication, prepared } from './fixtures.ts';
import { allowedActions, orderFacts } from './guards.ts';
import { requestIdOf } from './inquiry.ts';
import { orderMessages } from './messages.ts';
import { decideOrder, orderDecider, type OrderCommand, type OrderMetadata } from './order.commands.ts';
import {
  evolveOrder,
  initialOrder,
  OrderState,
  stateNumber,
  type LineAnswer,
  type Order,
  type OrderEvent,
} from './order.events.ts';
import { buildPlanLines } from './plan.ts';
import { confirmTerms, TERMS_IN_FORCE } from './termsFixtures.ts';

/**
 * The payment part of the order decider (docs/api/payments.md), given / when / then: a purchase opens a
 * trade, the provider's confirmation pays it (once), an unpaid purchase lapses back to quoted, a payment
 * after the lapse is honoured or refunded, refunds are staff's or the system's, underwriting waits for
 * the payment.
 */
const spec = DeciderSpecification.for(orderDecider);
const event = <T extends OrderEvent['type']>(type: T, data: Partial<Extract<OrderEvent, { type: T }>['data']>) =>
  ({ type, data }) as unknown as OrderEvent;
const refused = (message: string) => [DomainError, (error: DomainError) => error.message === message] as const;

const owner = '13800000001';
const t0 = new Date('2026-11-23T02:00:00.000Z');
const MINUTE = 60_000;
const DAY = 86_400_000;
const later = (ms: number) => new Date(t0.getTime() + ms);
const user = (now = t0): OrderMetadata => ({ now, actor: owner, roles: ['user'] });
const system = (now = t0): OrderMetadata => ({ now, actor: 'system', system: true });
const admin = (now = t0): OrderMetadata => ({ now, actor: '19900000001', roles: ['admin'] });

const form = prepared(generalApplication());
const lines = buildPlanLines(form);
const TRADE = 'T1';
const dueAt = later(30 * MINUTE).toISOString();

const commands = {
  inquire: (): OrderCommand => ({
    type: 'RequestInquiry',
    data: {
      orderId: 'o1',
      orderNo: 'FB1',
      form,
      lines,
      requests: [1, 2].map((insurerId) => ({
        requestId: requestIdOf('o1', 1, insurerId),
        insurerId,
        insurerName: `保险公司${insurerId}`,
        requestedAt: t0.toISOString(),
        answerDueAt: later(3600_000).toISOString(),
        deadlineAt: later(5 * DAY).toISOString(),
      })),
    },
    metadata: user(),
  }),
  quote: (insurerId: number): OrderCommand => ({
    type: 'RecordInsurerQuote',
    data: {
      requestId: requestIdOf('o1', 1, insurerId),
      answers: lines.map((l): LineAnswer => ({ key: l.key, kind: 'quoted', premium: 1000, deductible: '免赔10%' })),
      source: 'automatic',
    },
    metadata: system(),
  }),
  insure: (tradeNo = TRADE, now = t0, due = dueAt): OrderCommand => ({
    type: 'Insure',
    data: { insurerId: 1, payment: { tradeNo, dueAt: due }, terms: TERMS_IN_FORCE },
    metadata: user(now),
  }),
  confirm: (
    tradeNo = TRADE,
    amount = total(),
    now = later(MINUTE),
    via: 'notify' | 'reconciliation' = 'notify',
  ): OrderCommand => ({
    type: 'ConfirmPayment',
    data: { tradeNo, amount, providerTradeNo: 'G1', paidAt: now.toISOString(), via, refundNo: `${tradeNo}R01` },
    metadata: system(now),
  }),
  lapse: (now: Date, tradeNo = TRADE): OrderCommand => ({
    type: 'LapsePayment',
    data: { tradeNo },
    metadata: system(now),
  }),
  refund: (metadata: OrderMetadata, amount?: number, reason = '客户退保'): OrderCommand => ({
    type: 'RequestRefund',
    data: { refundNo: `${TRADE}R01`, amount, reason },
    metadata,
  }),
  confirmRefund: (amount: number, refundNo = `${TRADE}R01`): OrderCommand => ({
    type: 'ConfirmRefund',
    data: { refundNo, amount, refundedAt: later(2 * MINUTE).toISOString() },
    metadata: system(later(2 * MINUTE)),
  }),
  underwrite: (now = later(DAY)): OrderCommand => ({
    type: 'UnderwritePolicy',
    data: { policyNo: 'P1' },
    metadata: system(now),
  }),
};

const state = (events: OrderEvent[]): Order => events.reduce(evolveOrder, initialOrder());
const run = (list: OrderCommand[], start: OrderEvent[] = []) =>
  list.reduce((events, command) => [...events, ...decideOrder(command, state(events))], start);
const total = () => lines.length * 1000;

const quoted = run([
  { type: 'SaveDraft', data: { orderId: 'o1', orderNo: 'FB1', form }, metadata: user() },
  commands.inquire(),
  commands.quote(1),
  commands.quote(2),
  confirmTerms(1, user()),
]);
const unpaid = run([commands.insure()], quoted);
const paid = run([commands.confirm()], unpaid);
const lapsed = run([commands.lapse(later(31 * MINUTE))], unpaid);

describe('payments in the order decider', () => {
  it('insure opens the trade: OrderInsured carries its number, the premium due and the due time', () => {
    spec(quoted)
      .when(commands.insure())
      .then([
        event('OrderInsured', {
          insurerId: 1,
          totalPremium: total(),
          payment: { tradeNo: TRADE, amount: total(), dueAt },
        }),
      ]);
    expect(stateNumber(state(unpaid))).toBe(OrderState.insured);
    expect(storedPayment(state(unpaid))).toMatchObject({ status: 'unpaid', tradeNo: TRADE, amount: total() });
  });

  it('confirms a payment once: a repeated confirmation (notify, then reconciliation) changes nothing', () => {
    spec(unpaid)
      .when(commands.confirm())
      .then([event('PaymentConfirmed', { tradeNo: TRADE, amount: total(), providerTradeNo: 'G1', via: 'notify' })]);
    spec(paid)
      .when(commands.confirm(TRADE, total(), later(2 * MINUTE), 'reconciliation'))
      .then([]);
    expect(storedPayment(state(paid))).toMatchObject({ status: 'paid', paidAt: later(MINUTE).toISOString() });
  });

  it('refuses a confirmation of another amount or of a trade not the order’s, and from anyone but the system', () => {
    spec(unpaid)
      .when(commands.confirm(TRADE, 0.01))
      .thenThrows(...refused(orderMessages.amountMismatch));
    spec(unpaid)
      .when(commands.confirm('T-other'))
      .thenThrows(...refused(orderMessages.tradeNotOfOrder));
    spec(unpaid)
      .when({ ...commands.confirm(), metadata: user() })
      .thenThrows(...refused(orderMessages.staffOnly));
  });

  it('underwriting waits for the payment; a purchase from before payments is underwritten as before', () => {
    spec(unpaid)
      .when(commands.underwrite())
      .thenThrows(...refused(orderMessages.notPaid));
    spec(paid)
      .when(commands.underwrite())
      .then([event('PolicyUnderwritten', { policyNo: 'P1' }), event('PolicyTookEffect', {})]);
    const legacy = run([{ type: 'Insure', data: { insurerId: 1, terms: TERMS_IN_FORCE }, metadata: user() }], quoted);
    expect(storedPayment(state(legacy))).toBeNull();
    spec(legacy)
      .when(commands.underwrite())
      .then([event('PolicyUnderwritten', { policyNo: 'P1' }), event('PolicyTookEffect', {})]);
  });

  it('lets an unpaid purchase lapse at its due time, back to quoted; not before, not once paid', () => {
    spec(unpaid)
      .when(commands.lapse(later(29 * MINUTE)))
      .then([]);
    spec(paid)
      .when(commands.lapse(later(31 * MINUTE)))
      .then([]);
    spec(unpaid)
      .when(commands.lapse(later(31 * MINUTE)))
      .then([event('PaymentLapsed', { tradeNo: TRADE, quoteValid: true, lapsedAt: later(31 * MINUTE).toISOString() })]);
    expect(stateNumber(state(lapsed))).toBe(OrderState.quoted);
    expect(storedPayment(state(lapsed))).toMatchObject({ status: 'expired', tradeNo: TRADE });
    // Bought again: a new trade.
    const again = run([commands.insure('T2', later(40 * MINUTE), later(70 * MINUTE).toISOString())], lapsed);
    expect(storedPayment(state(again))).toMatchObject({ status: 'unpaid', tradeNo: 'T2' });
  });

  it('says whether the quote could still be bought when the purchase lapses', () => {
    // Insurer 1's quote stands 30 days (catalogue): bought on day 29, lapsing on day 31, it no longer does.
    const boughtLate = run(
      [commands.insure(TRADE, later(29 * DAY), later(29 * DAY + 30 * MINUTE).toISOString())],
      quoted,
    );
    spec(boughtLate)
      .when(commands.lapse(later(31 * DAY)))
      .then([event('PaymentLapsed', { quoteValid: false })]);
    // A payment arriving then cannot be honoured: it is refunded.
    const lapsedLate = run([commands.lapse(later(31 * DAY))], boughtLate);
    spec(lapsedLate)
      .when(commands.confirm(TRADE, total(), later(31 * DAY + MINUTE)))
      .then([event('RefundRequested', { tradeNo: TRADE, reason: 'latePayment' })]);
  });

  it('honours a payment that arrives after the lapse while the quote still stands', () => {
    spec(lapsed)
      .when(commands.confirm(TRADE, total(), later(40 * MINUTE)))
      .then([
        event('OrderInsured', { insurerId: 1, payment: { tradeNo: TRADE, amount: total(), dueAt } }),
        event('PaymentConfirmed', { tradeNo: TRADE }),
      ]);
  });

  it('refunds a payment after the lapse that can no longer be honoured (bought again meanwhile)', () => {
    const rebought = run([commands.insure('T2', later(40 * MINUTE), later(70 * MINUTE).toISOString())], lapsed);
    spec(rebought)
      .when(commands.confirm(TRADE, total(), later(41 * MINUTE)))
      .then([
        event('RefundRequested', {
          tradeNo: TRADE,
          refundNo: `${TRADE}R01`,
          amount: total(),
          reason: 'latePayment',
          requestedBy: 'system',
        }),
      ]);
    // The same late notification again: the refund is already asked for.
    const refunding = run([commands.confirm(TRADE, total(), later(41 * MINUTE))], rebought);
    spec(refunding)
      .when(commands.confirm(TRADE, total(), later(42 * MINUTE)))
      .then([]);
  });

  it('refunds only what was paid, at staff’s or the system’s request, and confirms each refund once', () => {
    spec(unpaid)
      .when(commands.refund(admin()))
      .thenThrows(...refused(orderMessages.refundNotPaid));
    spec(paid)
      .when(commands.refund(user()))
      .thenThrows(...refused(orderMessages.staffOnly));
    spec(paid)
      .when(commands.refund(admin(), undefined, ' '))
      .thenThrows(...refused(orderMessages.refundReasonRequired));
    spec(paid)
      .when(commands.refund(admin(), total() + 1))
      .thenThrows(...refused(orderMessages.refundTooMuch));
    spec(paid)
      .when(commands.refund(admin()))
      .then([
        event('RefundRequested', { tradeNo: TRADE, amount: total(), reason: '客户退保', requestedBy: '19900000001' }),
      ]);
    const requested = run([commands.refund(system(), 100)], paid);
    spec(requested)
      .when(commands.refund(admin(), total()))
      .thenThrows(...refused(orderMessages.refundTooMuch));
    spec(requested)
      .when(commands.confirmRefund(99))
      .thenThrows(...refused(orderMessages.amountMismatch));
    spec(requested)
      .when(commands.confirmRefund(100, 'nope'))
      .thenThrows(...refused(orderMessages.refundNotFound));
    spec(requested)
      .when(commands.confirmRefund(100))
      .then([event('RefundConfirmed', { refundNo: `${TRADE}R01`, amount: 100 })]);
    const partly = run([commands.confirmRefund(100)], requested);
    spec(partly).when(commands.confirmRefund(100)).then([]);
    expect(storedPayment(state(partly))?.status).toBe('paid');
    const whole = run([commands.confirmRefund(total())], run([commands.refund(admin())], paid));
    expect(storedPayment(state(whole))?.status).toBe('refunded');
  });

  it('lists pay for the owner while unpaid and within its due time; reads expired past it', () => {
    const facts = orderFacts(state(unpaid) as Exclude<Order, { status: 'none' }>);
    expect(allowedActions(facts, later(MINUTE), { actor: owner })).toContain('pay');
    expect(allowedActions(facts, later(31 * MINUTE), { actor: owner })).not.toContain('pay');
    expect(allowedActions(facts, later(MINUTE), { actor: '13900000009' })).not.toContain('pay');
    const paidFacts = orderFacts(state(paid) as Exclude<Order, { status: 'none' }>);
    expect(allowedActions(paidFacts, later(MINUTE), { actor: owner })).not.toContain('pay');
    expect(paymentAsRead(storedPayment(state(unpaid)), later(31 * MINUTE), 'https://pay')?.status).toBe('expired');
    expect(paymentAsRead(storedPayment(state(unpaid)), later(MINUTE), 'https://pay')?.cashierUrl).toBe('https://pay');
    expect(paymentAsRead(storedPayment(state(paid)), later(MINUTE), 'https://pay')?.cashierUrl).toBeNull();
  });
});
