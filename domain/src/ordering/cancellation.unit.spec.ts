import { DeciderSpecification } from '@event-driven-io/emmett';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import { generalApplication, prepared } from './fixtures.ts';
import { cancellationMessages as cm, type CancellationRule } from './cancellation.events.ts';
import { cancellationTerms, paidTrades, refundSplit, type CancellationFacts } from './cancellation.terms.ts';
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
 * 退保 given / when / then (docs/api/cancellation.md): the terms for every rule (cooling-off, pro rata,
 * short-rate, fee, a paid claim, the refundable cap), the refund split over paid trades, and the decider:
 * automatic approval, referral to staff, approve and decline, and each refusal with its reason.
 */
const spec = DeciderSpecification.for(orderDecider);
const event = <T extends OrderEvent['type']>(type: T, data: Partial<Extract<OrderEvent, { type: T }>['data']>) =>
  ({ type, data }) as unknown as OrderEvent;
const refused = (message: string) => [DomainError, (error: DomainError) => error.message === message] as const;

const owner = '13800000001';
const t0 = new Date('2026-11-23T02:00:00.000Z');
const DAY = 86_400_000;
const later = (ms: number) => new Date(t0.getTime() + ms);
const user = (now = t0): OrderMetadata => ({ now, actor: owner, roles: ['user'] });
const system = (now = t0): OrderMetadata => ({ now, actor: 'system', system: true });
const admin = (now = t0): OrderMetadata => ({ now, actor: '19900000001', roles: ['admin'] });

const form = prepared(generalApplication());
const lines = buildPlanLines(form);
const premium = lines.length * 1000;
const state = (events: OrderEvent[]): Order => events.reduce(evolveOrder, initialOrder());
const run = (list: OrderCommand[], start: OrderEvent[] = []) =>
  list.reduce((events, command) => [...events, ...decideOrder(command, state(events))], start);

const underwriteAt = later(DAY);
const policy = run([
  { type: 'SaveDraft', data: { orderId: 'o1', orderNo: 'FB1', form }, metadata: user() },
  {
    type: 'RequestInquiry',
    data: {
      orderId: 'o1',
      orderNo: 'FB1',
      form,
      lines,
      requests: [
        {
          requestId: requestIdOf('o1', 1, 1),
          insurerId: 1,
          insurerName: '人保财险',
          requestedAt: t0.toISOString(),
          answerDueAt: later(3600_000).toISOString(),
          deadlineAt: later(5 * DAY).toISOString(),
        },
      ],
    },
    metadata: user(),
  },
  {
    type: 'RecordInsurerQuote',
    data: {
      requestId: requestIdOf('o1', 1, 1),
      answers: lines.map((l): LineAnswer => ({ key: l.key, kind: 'quoted', premium: 1000, deductible: '免赔10%' })),
      source: 'automatic',
    },
    metadata: system(),
  },
  confirmTerms(1, user()),
  {
    type: 'Insure',
    data: { insurerId: 1, payment: { tradeNo: 'T1', dueAt: later(DAY).toISOString() }, terms: TERMS_IN_FORCE },
    metadata: user(),
  },
  {
    type: 'ConfirmPayment',
    data: {
      tradeNo: 'T1',
      amount: premium,
      providerTradeNo: 'G1',
      paidAt: t0.toISOString(),
      via: 'notify',
      refundNo: 'T1R01',
    },
    metadata: system(),
  },
  { type: 'UnderwritePolicy', data: { policyNo: 'P1' }, metadata: system(underwriteAt) },
]);

const rule = (output: Partial<CancellationRule['output']> = {}): CancellationRule => ({
  ruleId: 'cancellation-1',
  version: 1,
  output: { coolingOffDays: 15, method: 'shortRate', fee: 0, autoApprove: true, keepPct: 30, ...output },
});
const request = (
  now: Date,
  r: CancellationRule | null = rule(),
  claims = { open: false, paid: false },
  metadata = user(now),
): OrderCommand => ({
  type: 'RequestCancellation',
  data: {
    cancellationId: 'c1',
    reason: 'noLongerNeeded',
    reasonTxt: null,
    claims,
    rule: r,
    reviewDueAt: later(40 * DAY).toISOString(),
  },
  metadata,
});

const facts = (daysIn: number, extra: Partial<CancellationFacts> = {}): CancellationFacts => ({
  insurerId: 1,
  premium: 1200,
  refundable: 1200,
  startDate: '2026-01-01T00:00:00.000Z',
  endDate: '2027-01-01T00:00:00.000Z',
  effectiveDate: new Date(Date.parse('2026-01-01T00:00:00.000Z') + daysIn * DAY).toISOString(),
  claims: { open: false, paid: false },
  ...extra,
});

describe('cancellationTerms', () => {
  it('within the cooling-off period: the whole premium, no fee', () => {
    const terms = cancellationTerms(facts(15), rule({ fee: 50 }));
    expect(terms).toMatchObject({ method: 'full', refund: 1200, fee: 0, daysElapsed: 15, daysTotal: 365 });
    expect(terms.explanation.join('\n')).toContain('犹豫期（15天）内退保');
  });
  it('after it, pro rata for the days left, less the fee', () => {
    const terms = cancellationTerms(facts(73), rule({ method: 'proRata', fee: 20 }));
    // 1200 × (365 − 73) / 365 = 960, less 20
    expect(terms).toMatchObject({ method: 'proRata', refund: 940, fee: 20, kept: 240 });
    expect(terms.explanation.join('\n')).toContain('扣除退保手续费¥20.00');
  });
  it('after it, by the short-rate table: the rule says what share of the premium is kept', () => {
    const terms = cancellationTerms(facts(75), rule({ keepPct: 30, fee: 10 }));
    expect(terms).toMatchObject({ method: 'shortRate', monthsElapsed: 3, keepPct: 30, kept: 360, refund: 830 });
  });
  it('a paid claim: nothing is refunded', () => {
    const terms = cancellationTerms(facts(3, { claims: { open: false, paid: true } }), rule());
    expect(terms).toMatchObject({ method: 'none', refund: 0 });
    expect(terms.explanation[2]).toBe('该保单已发生赔付，退保不退还保费');
  });
  it('never more than is paid and not yet refunded', () => {
    expect(cancellationTerms(facts(1, { refundable: 500 }), rule()).refund).toBe(500);
  });
});

describe('refundSplit', () => {
  it('takes from the paid trades in turn, each up to what is left of it, numbering refunds per trade', () => {
    const refunds = [
      { refundNo: 'T1R01', tradeNo: 'T1', amount: 100, reason: 'x', requestedAt: 'a', refundedAt: null },
    ];
    expect(
      refundSplit(
        [
          { tradeNo: 'T1', amount: 300 },
          { tradeNo: 'T2', amount: 50 },
        ],
        refunds,
        230,
      ),
    ).toEqual([
      { tradeNo: 'T1', amount: 200, refundNo: 'T1R02' },
      { tradeNo: 'T2', amount: 30, refundNo: 'T2R01' },
    ]);
  });
});

describe('paidTrades', () => {
  it('given a policy whose 批改 extra premium was paid, the refund may come from the purchase first, then that trade; an unpaid one is not counted', () => {
    const issued = state(policy) as Exclude<Order, { status: 'none' }>;
    const endorsed = {
      ...issued,
      endorsementTrades: [
        { tradeNo: 'E1', amount: 300, paid: true },
        { tradeNo: 'E2', amount: 50, paid: false },
      ],
    };
    expect(paidTrades(endorsed)).toEqual([
      { tradeNo: 'T1', amount: premium },
      { tradeNo: 'E1', amount: 300 },
    ]);
  });
});

describe('RequestCancellation / ApproveCancellation / DeclineCancellation', () => {
  const day3 = later(3 * DAY);
  it('given an issued policy, when its owner asks within the cooling-off period, then it is cancelled and the whole premium refunded', () => {
    const events = run([request(day3)], policy).slice(policy.length);
    expect(events).toMatchObject([
      {
        type: 'CancellationRequested',
        data: { orderId: 'o1', cancellationId: 'c1', auto: true, effectiveDate: day3.toISOString() },
      },
      {
        type: 'PolicyCancelled',
        data: { orderId: 'o1', cancellationId: 'c1', refundAmount: premium, approvedBy: 'system' },
      },
      {
        type: 'RefundRequested',
        data: { orderId: 'o1', refundNo: 'T1R01', tradeNo: 'T1', amount: premium, reason: 'cancellation' },
      },
    ]);
    const cancelled = state(run([request(day3)], policy));
    expect(stateNumber(cancelled)).toBe(OrderState.cancelled);
    expect(allowedActions(orderFacts(cancelled as Exclude<Order, { status: 'none' }>), day3)).not.toContain('cancel');
  });

  it('an open claim refuses it, saying why; so does a missing rule, someone else, an unissued policy', () => {
    spec(policy)
      .when(request(day3, rule(), { open: true, paid: false }))
      .thenThrows(...refused(cm.openClaim));
    spec(policy)
      .when(request(day3, null))
      .thenThrows(...refused(cm.noRule));
    spec(policy)
      .when(request(day3, rule(), undefined, { now: day3, actor: '13900000009', roles: ['user'] }))
      .thenThrows(...refused(orderMessages.notFound));
    spec(policy.slice(0, -2))
      .when(request(day3))
      .thenThrows(...refused(cm.notCancellable));
  });

  const referred = run([request(later(100 * DAY), rule({ autoApprove: false }))], policy);
  it('a rule that wants staff refers it: the policy shows the pending change and cannot be asked again', () => {
    expect(referred.map((e) => e.type).slice(-2)).toEqual(['CancellationRequested', 'CancellationReferred']);
    const pending = state(referred);
    expect(pending.status).toBe('inForce');
    expect('pendingChange' in pending && pending.pendingChange?.kind).toBe('cancellation');
    spec(referred)
      .when(request(later(101 * DAY)))
      .thenThrows(...refused(cm.cancellationPending));
  });

  it('staff approve it: PolicyCancelled with who approved it and the refund as requested', () => {
    const approve: OrderCommand = {
      type: 'ApproveCancellation',
      data: { cancellationId: 'c1', reason: '核实无误', claims: { open: false } },
      metadata: admin(later(101 * DAY)),
    };
    const events = run([approve], referred);
    const cancelled = events.at(-2);
    expect(cancelled).toMatchObject({ type: 'PolicyCancelled', data: { approvedBy: '19900000001' } });
    expect(events.at(-1)).toMatchObject({ type: 'RefundRequested', data: { tradeNo: 'T1', reason: 'cancellation' } });
    const after = state(events);
    expect(after.status).toBe('cancelled');
    expect('cancellationRequest' in after && after.cancellationRequest?.status).toBe('approved');
    spec(referred)
      .when({ ...approve, metadata: user(later(101 * DAY)) })
      .thenThrows(...refused(orderMessages.staffOnly));
    spec(events)
      .when(approve)
      .thenThrows(...refused(cm.notPending));
  });

  it('staff decline it with a reason: the change is no longer pending and the customer may ask again', () => {
    const decline: OrderCommand = {
      type: 'DeclineCancellation',
      data: { cancellationId: 'c1', reason: '资料不全' },
      metadata: admin(later(101 * DAY)),
    };
    spec(referred)
      .when(decline)
      .then([
        event('CancellationDeclined', {
          orderId: 'o1',
          cancellationId: 'c1',
          by: '19900000001',
          reason: '资料不全',
          declinedAt: later(101 * DAY).toISOString(),
        }),
      ]);
    spec(referred)
      .when({ ...decline, data: { cancellationId: 'c1', reason: ' ' } })
      .thenThrows(...refused(cm.declineReasonRequired));
    const declined = state(run([decline], referred)) as Exclude<Order, { status: 'none' }>;
    expect(allowedActions(orderFacts(declined), later(102 * DAY))).toContain('cancel');
  });
});
