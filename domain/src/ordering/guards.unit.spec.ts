import { describe, expect, it } from 'vitest';
import { allowedActions, orderGuards, type OrderActionFacts } from './guards.ts';
import { orderMessages } from './messages.ts';
import { OrderState } from './order.events.ts';

const now = new Date('2026-11-23T02:00:00.000Z');
const facts = (state: OrderActionFacts['state'], extra: Partial<OrderActionFacts> = {}): OrderActionFacts => ({
  state,
  orderType: 0,
  startDate: null,
  endDate: null,
  ...extra,
});
const policy = { startDate: '2026-01-01T00:00:00.000Z', endDate: '2027-01-01T00:00:00.000Z' };

describe('allowedActions', () => {
  it('an order awaiting inquiry is edited or quoted anew, and has no plan', () => {
    expect(allowedActions(facts(OrderState.awaitingInquiry), now)).toEqual(['edit', 'reInquire', 'stateRequirements']);
  });

  it('while quoting: revoke, reset, delete lines; a general order may start a new round', () => {
    expect(allowedActions(facts(OrderState.quoting), now)).toEqual([
      'viewPlan',
      'reInquire',
      'newRound',
      'revoke',
      'reset',
      'deletePlanLine',
      'stateRequirements',
    ]);
    expect(allowedActions(facts(OrderState.quoting, { orderType: 1 }), now)).not.toContain('newRound');
  });

  it('only a quoted order can be insured, and it can no longer be revoked', () => {
    const actions = allowedActions(facts(OrderState.quoted), now);
    expect(actions).toContain('insure');
    expect(actions).not.toContain('revoke');
  });

  it('after insuring the plan is read-only', () => {
    for (const state of [OrderState.insured, OrderState.underwritten, OrderState.inForce, OrderState.lapsed]) {
      expect(allowedActions(facts(state, policy), now)).not.toEqual(
        expect.arrayContaining(['reset', 'deletePlanLine', 'insure', 'revoke']),
      );
      expect(allowedActions(facts(state, policy), now)).not.toContain('stateRequirements');
    }
  });

  it('a claim is possible only for a policy in force while now lies between its dates', () => {
    expect(allowedActions(facts(OrderState.inForce, policy), now)).toContain('claim');
    expect(allowedActions(facts(OrderState.inForce, policy), new Date('2027-01-02T00:00:00.000Z'))).not.toContain(
      'claim',
    );
    expect(allowedActions(facts(OrderState.inForce, policy), new Date('2025-12-31T00:00:00.000Z'))).not.toContain(
      'claim',
    );
    expect(allowedActions(facts(OrderState.underwritten, policy), now)).not.toContain('claim');
    expect(allowedActions(facts(OrderState.inForce), now)).not.toContain('claim');
  });

  it('depends on who asks: staff read (plan, form) but do not act; other customers see nothing', () => {
    const mine = facts(OrderState.quoted, { owner: '13800000001' });
    expect(allowedActions(mine, now, { actor: '13800000001', roles: ['user'] })).toEqual(allowedActions(mine, now));
    expect(allowedActions(mine, now, { actor: '19900000001', roles: ['admin'] })).toEqual(['viewPlan', 'reInquire']);
    expect(allowedActions(mine, now, { actor: '13900000009', roles: ['user'] })).toEqual([]);
    expect(allowedActions(mine, now, { actor: '19900000002', roles: ['claims'] })).toEqual([]);
  });

  it('each refusal says why, in the words of the decider', () => {
    const quoting = facts(OrderState.quoting, { owner: '13800000001' });
    const me = { actor: '13800000001' };
    expect(orderGuards.insure(quoting, me, now)?.message).toBe(orderMessages.insureNotQuoted);
    expect(orderGuards.insure(facts(OrderState.inForce), me, now)?.message).toBe(orderMessages.alreadyInsured);
    expect(orderGuards.revoke(quoting, { actor: 'someone' }, now)?.message).toBe(orderMessages.notFound);
    expect(orderGuards.claim(facts(OrderState.underwritten, policy), me, now)?.message).toBe(
      orderMessages.policyNotInForce,
    );
  });

  it('a lapsed order can be edited into a new one', () => {
    expect(allowedActions(facts(OrderState.lapsed, policy), now)).toEqual(['edit', 'viewPlan', 'reInquire']);
  });
});
