import { describe, expect, it } from 'vitest';
import { allowedActions, type OrderActionFacts } from './actions.ts';
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
    expect(allowedActions(facts(OrderState.awaitingInquiry), now)).toEqual(['edit', 'reInquire']);
  });

  it('while quoting: revoke, reset, delete lines; a general order may start a new round', () => {
    expect(allowedActions(facts(OrderState.quoting), now)).toEqual([
      'viewPlan',
      'reInquire',
      'newRound',
      'revoke',
      'reset',
      'deletePlanLine',
    ]);
    expect(allowedActions(facts(OrderState.quoting, { orderType: 1 }), now)).not.toContain('newRound');
  });

  it('only a quoted order can be insured, and it can no longer be revoked', () => {
    const actions = allowedActions(facts(OrderState.quoted), now);
    expect(actions).toContain('insure');
    expect(actions).not.toContain('revoke');
  });

  it('after insuring the plan is read-only', () => {
    for (const state of [OrderState.insured, OrderState.underwritten, OrderState.inForce, OrderState.lapsed])
      expect(allowedActions(facts(state, policy), now)).not.toEqual(
        expect.arrayContaining(['reset', 'deletePlanLine', 'insure', 'revoke']),
      );
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

  it('a lapsed order can be edited into a new one', () => {
    expect(allowedActions(facts(OrderState.lapsed, policy), now)).toEqual(['edit', 'viewPlan', 'reInquire']);
  });
});
