import { DeciderSpecification } from '@event-driven-io/emmett';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import { generalApplication, prepared } from './fixtures.ts';
import { allowedActions, orderFacts } from './guards.ts';
import { requestIdOf } from './inquiry.ts';
import { orderMessages } from './messages.ts';
import { endorsementMessages as em, type EndorsementChange } from './endorsement.ts';
import type { EndorsementTerms } from './endorsementPricing.ts';
import { decideOrder, orderDecider, type OrderCommand, type OrderMetadata } from './order.commands.ts';
import { evolveOrder, initialOrder, type LineAnswer, type Order, type OrderEvent } from './order.events.ts';
import { buildPlanLines } from './plan.ts';
import { confirmTerms, TERMS_IN_FORCE } from './termsFixtures.ts';

/**
 * 批改 in the order decider (docs/api/endorsement.md), given / when / then: who may ask and when, the insurer's
 * answer (approved, referred, declined), the desk's approval and decline, the extra premium paid once or lapsed,
 * the return premium refunded, contact details endorsed at once, withdrawal.
 */
const spec = DeciderSpecification.for(orderDecider);
const refused = (message: string) => [DomainError, (error: DomainError) => error.message === message] as const;

const owner = '13800000001';
const t0 = new Date('2026-01-10T02:00:00.000Z');
const DAY = 86_400_000;
const later = (ms: number) => new Date(t0.getTime() + ms);
const user = (now = t0, actor = owner): OrderMetadata => ({ now, actor, roles: ['user'] });
const system = (now = t0): OrderMetadata => ({ now, actor: 'system', system: true });
const desk = (now = t0): OrderMetadata => ({ now, actor: '19900000002', roles: ['admin'] });

const form = prepared(generalApplication());
const lines = buildPlanLines(form);
const quoteAll = (insurerId: number): OrderCommand => ({
  type: 'RecordInsurerQuote',
  data: {
    requestId: requestIdOf('o1', 1, insurerId),
    answers: lines.map((l): LineAnswer => ({ key: l.key, kind: 'quoted', premium: 730, deductible: '免赔10%' })),
    source: 'automatic',
  },
  metadata: system(),
});

const state = (events: OrderEvent[]): Order => events.reduce(evolveOrder, initialOrder());
const run = (list: OrderCommand[], start: OrderEvent[] = []) =>
  list.reduce((events, command) => [...events, ...decideOrder(command, state(events))], start);

/** Underwritten and in force from t0 for 365 days; four lines at 730 each, paid through trade T1. */
const inForce = run([
  { type: 'SaveDraft', data: { orderId: 'o1', orderNo: 'FB1', form }, metadata: user() },
  {
    type: 'RequestInquiry',
    data: {
      orderId: 'o1',
      orderNo: 'FB1',
      form,
      lines,
      requests: [1].map((insurerId) => ({
        requestId: requestIdOf('o1', 1, insurerId),
        insurerId,
        insurerName: '人保财险',
        requestedAt: t0.toISOString(),
        answerDueAt: t0.toISOString(),
        deadlineAt: later(5 * DAY).toISOString(),
      })),
    },
    metadata: user(),
  },
  quoteAll(1),
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
      amount: 2920,
      providerTradeNo: 'G1',
      paidAt: t0.toISOString(),
      via: 'notify',
      refundNo: 'T1R01',
    },
    metadata: system(),
  },
  { type: 'UnderwritePolicy', data: { policyNo: 'P1' }, metadata: system() },
]);

/** Half-way through the year: 182 of 365 days left from the next midnight. */
const mid = later(182 * DAY + 3600_000);
const newDrone = {
  name: '植保机',
  deviceNumber: 'AG-001',
  manufacturer: '极飞',
  model: 'P100',
  productionYear: '2025-03-01',
  price: 50000,
  deviceType: '多旋翼',
  rotorCount: 4,
  maxFlyingWeight: 20,
  windResistance: '六级',
  selfRescuePlan: '无',
  realTimeFlightData: 0,
} as EndorsementChange extends infer C ? (C extends { kind: 'addDrone'; drone: infer D } ? D : never) : never;

const request = (changes: EndorsementChange[], confirmedTotal: number, now = mid, who = user(mid)): OrderCommand => ({
  type: 'RequestEndorsement',
  data: {
    endorsementId: 'e1',
    changes,
    confirmedTotal,
    answerDueAt: later(183 * DAY).toISOString(),
    deadlineAt: later(190 * DAY).toISOString(),
  },
  metadata: { ...who, now },
});
const answer = (
  rated: LineAnswer[],
  terms: EndorsementTerms = { minimumExtra: 0, minimumReturn: 0, referAbove: null },
): OrderCommand => ({
  type: 'AnswerEndorsement',
  data: { endorsementId: 'e1', rated, terms, paymentDueAt: later(184 * DAY).toISOString() },
  metadata: system(later(183 * DAY)),
});
const quoted = (key: string, premium = 730): LineAnswer => ({ key, kind: 'quoted', premium, deductible: '免赔10%' });
const found = <T extends OrderEvent['type']>(events: OrderEvent[], type: T) =>
  events.find((e) => e.type === type) as Extract<OrderEvent, { type: T }> | undefined;

// Adding a drone adds lines 1:2 and 2:2; each 730 a year, 182 of 365 days left: 364 each.
const added = run([request([{ kind: 'addDrone', drone: newDrone }], 728)], inForce);

describe('批改 in the order decider', () => {
  it('the owner asks on an issued policy: requested, the policy has a pending change, endorse no longer listed', () => {
    const e = found(added, 'EndorsementRequested')!;
    expect(e.data).toMatchObject({ endorsementNo: 'P1-01', seq: 1, confirmedTotal: 728 });
    expect(e.data.policy.lines.map((l) => l.key)).toEqual(['1:0', '1:1', '1:2', '2:0', '2:1', '2:2']);
    expect(e.data.effectiveDate).toBe('2026-07-11T16:00:00.000Z');
    const facts = orderFacts(state(added) as Exclude<Order, { status: 'none' }>);
    expect(facts.pendingChange).toBe('endorsement');
    expect(allowedActions(facts, mid)).not.toContain('endorse');
    expect(allowedActions(orderFacts(state(inForce) as Exclude<Order, { status: 'none' }>), mid)).toContain('endorse');
  });

  it('a second request while one is pending is refused, saying which change is pending', () => {
    spec(added)
      .when(request([{ kind: 'removeDrone', index: 0 }], 0))
      .thenThrows(...refused(em.endorsementPending));
  });

  it('someone else’s order reads as missing; an order not yet issued cannot be endorsed', () => {
    spec(inForce)
      .when(request([{ kind: 'removeDrone', index: 0 }], 0, mid, user(mid, '13900000009')))
      .thenThrows(...refused(orderMessages.notFound));
    spec(inForce.slice(0, 4))
      .when(request([{ kind: 'removeDrone', index: 0 }], 0))
      .thenThrows(...refused(em.endorseNotAllowed));
  });

  it('a change that does not fit the policy is refused with its reason', () => {
    spec(inForce)
      .when(request([{ kind: 'removeDrone', index: 7 }], 0))
      .thenThrows(...refused(em.droneNotFound));
    spec(inForce)
      .when(
        request(
          [
            { kind: 'removeDrone', index: 0 },
            { kind: 'removeDrone', index: 1 },
          ],
          0,
        ),
      )
      .thenThrows(...refused(em.keepOneDrone));
  });

  it('the insurer prices every line: approved by the system, the extra premium opens a trade', () => {
    const events = run([answer([quoted('1:2'), quoted('2:2')])], added);
    const approved = found(events, 'EndorsementApproved')!;
    expect(approved.data).toMatchObject({ approvedBy: 'system', payment: { tradeNo: 'o102', amount: 728 } });
    expect(approved.data.quote.daysLeft).toBe(182);
    expect(found(events, 'PolicyEndorsed')).toBeUndefined();
  });

  it('the extra premium paid: PolicyEndorsed as version 2 with the new lines; a repeated notification adds nothing', () => {
    const approved = run([answer([quoted('1:2'), quoted('2:2')])], added);
    const confirm: OrderCommand = {
      type: 'ConfirmPayment',
      data: {
        tradeNo: 'o102',
        amount: 728,
        providerTradeNo: 'G2',
        paidAt: mid.toISOString(),
        via: 'notify',
        refundNo: 'x',
      },
      metadata: system(later(183 * DAY)),
    };
    const paid = run([confirm], approved);
    const endorsed = found(paid, 'PolicyEndorsed')!;
    expect(endorsed.data).toMatchObject({
      version: 2,
      endorsementNo: 'P1-01',
      totalPremium: 4380,
      premiumDifference: 728,
      removedDeviceNumbers: [],
    });
    expect(endorsed.data.answers).toHaveLength(6);
    expect(endorsed.data.changes.map((c) => c.kind)).toEqual(['addDrone', 'addDrone']);
    const after = state(paid);
    expect(after.status === 'inForce' && [after.version, after.pendingChange, after.endorsement?.status]).toEqual([
      2,
      null,
      'endorsed',
    ]);
    spec(paid).when(confirm).then([]);
    spec(paid)
      .when({ ...confirm, data: { ...confirm.data, via: 'reconciliation' } })
      .then([]);
  });

  it('unpaid past its due time the endorsement is withdrawn; before it nothing lapses', () => {
    const approved = run([answer([quoted('1:2'), quoted('2:2')])], added);
    const lapse = (now: Date): OrderCommand => ({
      type: 'LapsePayment',
      data: { tradeNo: 'o102' },
      metadata: system(now),
    });
    spec(approved)
      .when(lapse(later(183 * DAY)))
      .then([]);
    const lapsed = run([lapse(later(185 * DAY))], approved);
    expect(found(lapsed, 'EndorsementWithdrawn')?.data.reason).toBe('paymentLapsed');
    const after = state(lapsed);
    expect(after.status === 'inForce' && after.pendingChange).toBeNull();
  });

  it('removing a drone returns premium: endorsed at once and refunded from the purchase trade', () => {
    const removed = run([request([{ kind: 'removeDrone', index: 1 }], -728)], inForce);
    const events = run([answer([])], removed);
    const endorsed = found(events, 'PolicyEndorsed')!;
    expect(endorsed.data.premiumDifference).toBe(-728);
    expect(endorsed.data.removedDeviceNumbers).toEqual([]);
    expect(found(events, 'RefundRequested')?.data).toMatchObject({ tradeNo: 'T1', amount: 728, reason: 'endorsement' });
  });

  it('removing a drone with device codes names them as no longer insured', () => {
    const removed = run([request([{ kind: 'removeDrone', index: 0 }], -728)], inForce);
    const events = run([answer([])], removed);
    expect(found(events, 'PolicyEndorsed')?.data.removedDeviceNumbers).toEqual(['1581F5FHD23A', '1581F5FHD23B']);
  });

  it('a return below the insurer’s minimum is not refunded; an extra below its minimum is raised to it', () => {
    const removed = run([request([{ kind: 'removeDrone', index: 1 }], 0)], inForce);
    const events = run([answer([], { minimumExtra: 0, minimumReturn: 1000, referAbove: null })], removed);
    expect(found(events, 'PolicyEndorsed')?.data.premiumDifference).toBe(0);
    expect(found(events, 'RefundRequested')).toBeUndefined();
    const addedMin = run([request([{ kind: 'addDrone', drone: newDrone }], 1000)], inForce);
    const approved = run(
      [answer([quoted('1:2'), quoted('2:2')], { minimumExtra: 1000, minimumReturn: 0, referAbove: null })],
      addedMin,
    );
    expect(found(approved, 'EndorsementApproved')?.data.quote).toMatchObject({ total: 1000, minimumApplied: 'extra' });
  });

  it('a line left to an underwriter, an amount above the insurer’s, or a total other than confirmed: referred', () => {
    const manual = run([answer([quoted('1:2'), { key: '2:2', kind: 'manual', reason: '单价过高' }])], added);
    expect(found(manual, 'EndorsementReferred')?.data.reason).toContain('单价过高');
    const above = run(
      [answer([quoted('1:2'), quoted('2:2')], { minimumExtra: 0, minimumReturn: 0, referAbove: 500 })],
      added,
    );
    expect(found(above, 'EndorsementReferred')?.data.reason).toBe(em.referAbove);
    const dearer = run([answer([quoted('1:2', 1000), quoted('2:2')])], added);
    expect(found(dearer, 'EndorsementReferred')?.data.reason).toBe(em.confirmedMismatch);
  });

  it('a declined line declines the endorsement with the insurer’s reason', () => {
    const events = run([answer([quoted('1:2'), { key: '2:2', kind: 'declined', reason: '超出限额' }])], added);
    expect(found(events, 'EndorsementDeclined')?.data).toMatchObject({ declinedBy: 'system' });
    expect(found(events, 'EndorsementDeclined')?.data.reason).toContain('超出限额');
  });

  it('the desk approves a referred one with the underwriter’s premium, or declines it with a reason', () => {
    const referred = run([answer([quoted('1:2'), { key: '2:2', kind: 'manual', reason: '单价过高' }])], added);
    const approve = (
      premiums: { key: string; premium: number; deductible: string }[],
      reason = '核保通过',
    ): OrderCommand => ({
      type: 'ApproveEndorsement',
      data: { endorsementId: 'e1', reason, premiums, paymentDueAt: later(185 * DAY).toISOString() },
      metadata: desk(later(184 * DAY)),
    });
    spec(referred)
      .when(approve([]))
      .thenThrows(...refused(em.premiumMissing));
    spec(referred)
      .when(approve([{ key: '2:2', premium: 730, deductible: '免赔10%' }], ' '))
      .thenThrows(...refused(em.reasonRequired));
    const ok = run([approve([{ key: '2:2', premium: 730, deductible: '免赔10%' }])], referred);
    expect(found(ok, 'EndorsementApproved')?.data).toMatchObject({ approvedBy: '19900000002', reason: '核保通过' });
    const decline: OrderCommand = {
      type: 'DeclineEndorsement',
      data: { endorsementId: 'e1', reason: '风险过高' },
      metadata: desk(later(184 * DAY)),
    };
    const declined = run([decline], referred);
    expect(found(declined, 'EndorsementDeclined')?.data).toMatchObject({
      declinedBy: '19900000002',
      reason: '风险过高',
    });
    spec(declined)
      .when(decline)
      .thenThrows(...refused(em.notPending));
    spec(referred)
      .when({ ...decline, metadata: user(mid) })
      .thenThrows(...refused(orderMessages.staffOnly));
  });

  it('a contact change costs nothing and is endorsed at once, the new contact on the form', () => {
    const events = run([request([{ kind: 'changeContact', contact: { phone: '13911112222' } }], 0)], inForce);
    expect(events.slice(inForce.length).map((e) => e.type)).toEqual([
      'EndorsementRequested',
      'EndorsementApproved',
      'PolicyEndorsed',
    ]);
    const endorsed = found(events, 'PolicyEndorsed')!;
    expect(endorsed.data.form.insuredContact?.phone).toBe('13911112222');
    expect(endorsed.data.changes).toEqual([
      { kind: 'changeContact', label: '联系电话', before: null, after: '13911112222', premiumDifference: 0 },
    ]);
  });

  it('the owner withdraws a pending one; the insurer’s late answer then changes nothing', () => {
    const withdraw: OrderCommand = { type: 'WithdrawEndorsement', data: { endorsementId: 'e1' }, metadata: user(mid) };
    const withdrawn = run([withdraw], added);
    expect(found(withdrawn, 'EndorsementWithdrawn')?.data.reason).toBe('customer');
    spec(withdrawn)
      .when(answer([quoted('1:2'), quoted('2:2')]))
      .then([]);
    spec(added)
      .when({ ...withdraw, metadata: user(mid, '13900000009') })
      .thenThrows(...refused(orderMessages.notFound));
  });
});
