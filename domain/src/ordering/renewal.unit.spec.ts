import { DeciderSpecification } from '@event-driven-io/emmett';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import { generalApplication, prepared } from './fixtures.ts';
import { allowedActions, orderFacts } from './guards.ts';
import { orderDecider, type OrderCommand, type OrderMetadata } from './order.commands.ts';
import { evolveOrder, initialOrder, type Order, type OrderEvent } from './order.events.ts';
import { buildPlanLines } from './plan.ts';
import {
  renewalForm,
  renewalMessages,
  renewalStart,
  renewalTimeRefusal,
  renewalWindow,
  type RenewalOf,
} from './renewal.ts';

/** 续保, given/when/then: the policy's history, the Renew command, the RenewalStarted event or the refusal. */
const spec = DeciderSpecification.for(orderDecider);
const refused = (message: string) => [DomainError, (error: DomainError) => error.message === message] as const;

const owner = '13800000001';
const form = prepared(generalApplication());
const lines = buildPlanLines(form);
// The cover: 2026-01-01 00:00 to 2026-12-31 24:00 in Shanghai (endDate is the first instant not covered).
const startDate = '2025-12-31T16:00:00.000Z';
const endDate = '2026-12-31T16:00:00.000Z';
const DAY = 86_400_000;
const end = new Date(endDate);
const at = (ms: number) => new Date(end.getTime() + ms);

const bought = (): OrderEvent[] => [
  {
    type: 'OrderDraftSaved',
    data: { orderId: 'o1', orderNo: 'FB20251201000001', owner, orderType: 0, form, savedAt: '2025-12-01T00:00:00Z' },
  },
  {
    type: 'InquiryRequested',
    data: {
      orderId: 'o1',
      round: 1,
      form,
      lines,
      requests: [
        {
          requestId: 'o1.1.1',
          insurerId: 1,
          insurerName: '人保财险',
          requestedAt: '2025-12-01T00:00:00Z',
          answerDueAt: '2025-12-02T00:00:00Z',
          deadlineAt: '2025-12-08T00:00:00Z',
        },
      ],
      requestedAt: '2025-12-01T00:00:00Z',
    },
  },
  {
    type: 'InsurerQuoteRecorded',
    data: {
      orderId: 'o1',
      requestId: 'o1.1.1',
      insurerId: 1,
      answers: lines.map((l) => ({ key: l.key, kind: 'quoted' as const, premium: 100, deductible: '无' })),
      source: 'automatic',
      recordedBy: 'system',
      recordedAt: '2025-12-01T01:00:00Z',
    },
  },
  { type: 'QuotingCompleted', data: { orderId: 'o1', round: 1, completedAt: '2025-12-01T01:00:00Z' } },
  {
    type: 'OrderInsured',
    data: {
      orderId: 'o1',
      insurerId: 1,
      insurerName: '人保财险',
      totalPremium: 200,
      insuredAt: '2025-12-01T02:00:00Z',
      requestedStartDate: '2026-01-01',
    },
  },
  {
    type: 'PolicyUnderwritten',
    data: { orderId: 'o1', policyNo: 'P1', startDate, endDate, underwrittenAt: '2025-12-02T00:00:00Z' },
  },
];
const inForce = (): OrderEvent[] => [...bought(), { type: 'PolicyTookEffect', data: { orderId: 'o1', at: startDate } }];
const lapsed = (): OrderEvent[] => [...inForce(), { type: 'PolicyLapsed', data: { orderId: 'o1', at: endDate } }];

const renew = (now: Date, metadata: Partial<OrderMetadata> = {}, graceDays = 15): OrderCommand => ({
  type: 'Renew',
  data: { renewalOrderId: 'o2', renewalOrderNo: 'FB20261215000002', graceDays },
  metadata: { now, actor: owner, ...metadata },
});
const started = (now: Date): OrderEvent => ({
  type: 'RenewalStarted',
  data: { orderId: 'o1', renewalOrderId: 'o2', renewalOrderNo: 'FB20261215000002', at: now.toISOString() },
});

describe('续保 (Renew on the old order)', () => {
  it('in force, 10 days before the end: RenewalStarted names the new order', () => {
    const now = at(-10 * DAY);
    spec(inForce())
      .when(renew(now))
      .then([started(now)]);
  });

  it('underwritten (not yet in force) and lapsed within the grace days are renewable too', () => {
    spec(bought())
      .when(renew(at(-DAY)))
      .then([started(at(-DAY))]);
    spec(lapsed())
      .when(renew(at(3 * DAY)))
      .then([started(at(3 * DAY))]);
  });

  it('exactly 30 days before the end opens it; a minute earlier is too early, with the reason', () => {
    spec(inForce())
      .when(renew(at(-30 * DAY)))
      .then([started(at(-30 * DAY))]);
    spec(inForce())
      .when(renew(at(-30 * DAY - 60_000)))
      .thenThrows(...refused(renewalMessages.tooEarly));
    expect(renewalMessages.tooEarly).toBe('距保险止期超过30天，暂不能续保');
  });

  it('the last moment of the grace days is accepted; after it 续保 is refused with the reason', () => {
    spec(lapsed())
      .when(renew(at(15 * DAY)))
      .then([started(at(15 * DAY))]);
    spec(lapsed())
      .when(renew(at(15 * DAY + 1)))
      .thenThrows(...refused('已超过续保宽限期（15天），请重新投保'));
  });

  it('the grace days come from the command (config RENEWAL_GRACE_DAYS)', () => {
    spec(lapsed())
      .when(renew(at(6 * DAY), {}, 5))
      .thenThrows(...refused('已超过续保宽限期（5天），请重新投保'));
    spec(lapsed())
      .when(renew(at(20 * DAY), {}, 30))
      .then([started(at(20 * DAY))]);
  });

  it('renewed once: a second 续保 is refused naming the renewal', () => {
    spec([...inForce(), started(at(-5 * DAY))])
      .when(renew(at(-4 * DAY)))
      .thenThrows(...refused('已续保为 FB20261215000002'));
  });

  it('a cancelled policy (已退保) is not renewed', () => {
    const cancelled: OrderEvent = {
      type: 'PolicyCancelled',
      data: {
        orderId: 'o1',
        cancellationId: 'c1',
        effectiveDate: '2026-06-01',
        refundAmount: 50,
        reason: 'r',
        reasonTxt: null,
        approvedBy: 'admin',
        cancelledAt: '2026-06-01T00:00:00Z',
      },
    };
    spec([...inForce(), cancelled])
      .when(renew(at(-DAY)))
      .thenThrows(...refused(renewalMessages.notRenewable));
  });

  it('an order not yet bought (quoted) is not renewable', () => {
    spec(bought().slice(0, 4))
      .when(renew(at(-DAY)))
      .thenThrows(...refused(renewalMessages.notRenewable));
  });

  it("someone else's order reads as missing", () => {
    spec(inForce())
      .when(renew(at(-DAY), { actor: '13900000009' }))
      .thenThrows(...refused('订单不存在'));
  });
});

describe('续保 as an action (allowedActions, the same guard)', () => {
  const facts = (events: OrderEvent[]) => {
    const order = events.reduce(evolveOrder, initialOrder()) as Exclude<Order, { status: 'none' }>;
    return orderFacts(order);
  };
  it('listed inside the window, not before it, not after the grace days, not once renewed', () => {
    expect(allowedActions(facts(inForce()), at(-10 * DAY))).toContain('renew');
    expect(allowedActions(facts(inForce()), at(-40 * DAY))).not.toContain('renew');
    expect(allowedActions(facts(lapsed()), at(16 * DAY))).not.toContain('renew');
    expect(allowedActions({ ...facts(lapsed()), renewalGraceDays: 20 }, at(16 * DAY))).toContain('renew');
    expect(allowedActions(facts([...inForce(), started(at(-DAY))]), at(-DAY))).not.toContain('renew');
  });
  it('the old order remembers 已续保为, its facts carry the number', () => {
    const order = [...inForce(), started(at(-DAY))].reduce(evolveOrder, initialOrder());
    expect('renewedBy' in order && order.renewedBy).toEqual({
      orderId: 'o2',
      orderNo: 'FB20261215000002',
      at: at(-DAY).toISOString(),
    });
    expect(facts([...inForce(), started(at(-DAY))]).renewedBy).toBe('FB20261215000002');
  });
});

describe('the new order (RequestInquiry with renewalOf)', () => {
  const renewalOf: RenewalOf = {
    orderId: 'o1',
    orderNo: 'FB20251201000001',
    policyNo: 'P1',
    previousEndDate: endDate,
    gapDays: 0,
  };
  it('its draft carries 续保自 and keeps it through the inquiry, a reset and a revoke', () => {
    const command: OrderCommand = {
      type: 'RequestInquiry',
      data: { orderId: 'o2', orderNo: 'FB2', form, lines, requests: [], renewalOf },
      metadata: { now: at(-DAY), actor: owner },
    };
    const events = orderDecider.decide(command, initialOrder());
    expect(events[0]).toMatchObject({ type: 'OrderDraftSaved', data: { renewalOf } });
    const quoting = events.reduce(evolveOrder, initialOrder());
    expect(quoting).toMatchObject({ status: 'quoting', renewalOf });
    const reset = evolveOrder(quoting, { type: 'PlanReset', data: { orderId: 'o2', round: 1, resetAt: '' } });
    expect(reset).toMatchObject({ status: 'awaitingInquiry', renewalOf });
  });
});

describe('the window, the start and the form', () => {
  it('opens 30 days before 24:00 of the last day and closes the grace days after it', () => {
    const w = renewalWindow(endDate, 15);
    expect(w.endsAt.toISOString()).toBe(endDate);
    expect(w.opensAt.toISOString()).toBe(new Date(end.getTime() - 30 * DAY).toISOString());
    expect(w.closesAt.toISOString()).toBe(new Date(end.getTime() + 15 * DAY).toISOString());
    expect(renewalTimeRefusal(null, at(0), 15)?.message).toBe(renewalMessages.notRenewable);
  });
  it('before the end the cover continues the day after the last day (no gap)', () => {
    expect(renewalStart(endDate, at(-10 * DAY))).toEqual({ startDate: '2027-01-01', gapDays: 0 });
    // On 2027-01-01 itself (the first day after the cover) it still continues.
    expect(renewalStart(endDate, at(3600_000))).toEqual({ startDate: '2027-01-01', gapDays: 0 });
  });
  it('after expiry it starts today and states the gap in days', () => {
    expect(renewalStart(endDate, at(3 * DAY + 3600_000))).toEqual({ startDate: '2027-01-04', gapDays: 3 });
  });
  it('the form is the policy form with the new id, start and the insurers chosen', () => {
    const next = renewalForm(form, '2027-01-01', [1, 2], 'o2');
    expect(next).toMatchObject({ id: 'o2', startDate: '2027-01-01' });
    expect(next.insuranceCompanyList.map((c) => c.id)).toEqual([1, 2]);
    expect(next.uavInfoList).toEqual(form.uavInfoList);
    expect(() => renewalForm(form, '2027-01-01', [999], 'o2')).toThrow(renewalMessages.insurerUnknown);
  });
});
