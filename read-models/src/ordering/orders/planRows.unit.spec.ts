import { describe, expect, it } from 'vitest';
import { buildPlanLines } from '@feibao/domain/ordering/plan';
import { decideOrder, type OrderCommand } from '@feibao/domain/ordering/order.commands';
import {
  evolveOrder,
  initialOrder,
  type LineAnswer,
  type Order,
  type OrderEvent,
} from '@feibao/domain/ordering/order.events';
import { requestIdOf } from '@feibao/domain/ordering/inquiry';
import type { TotalsRow } from '@feibao/domain/ordering/api';
import { generalApplication, prepared } from '@feibao/domain/ordering/fixtures';
import { toDocument } from './toDocument.ts';
import { planRows } from './planRows.ts';
import { confirmTerms, TERMS_IN_FORCE } from '@feibao/domain/ordering/termsFixtures';

const owner = '13800000001';
const t0 = new Date('2026-11-23T02:00:00.000Z');
const form = prepared(generalApplication());
const lines = buildPlanLines(form);
const user = { now: t0, actor: owner };
const system = { now: t0, actor: 'system', system: true };
const requests = [1, 2].map((insurerId) => ({
  requestId: requestIdOf('o1', 1, insurerId),
  insurerId,
  insurerName: `保险公司${insurerId}`,
  requestedAt: t0.toISOString(),
  answerDueAt: t0.toISOString(),
  deadlineAt: new Date(t0.getTime() + 5 * 86_400_000).toISOString(),
}));
const answer = (insurerId: number, kind: 'quoted' | 'declined'): OrderCommand => ({
  type: 'RecordInsurerQuote',
  data: {
    requestId: requestIdOf('o1', 1, insurerId),
    answers: lines.map(
      (l): LineAnswer =>
        kind === 'quoted'
          ? { key: l.key, kind, premium: 100, deductible: '0免赔' }
          : { key: l.key, kind, reason: '超出承保范围' },
    ),
    source: 'automatic',
  },
  metadata: system,
});
const quoted = [
  { type: 'SaveDraft', data: { orderId: 'o1', orderNo: 'FB1', form }, metadata: user },
  { type: 'RequestInquiry', data: { orderId: 'o1', orderNo: 'FB1', form, lines, requests }, metadata: user },
  answer(1, 'quoted'),
  answer(2, 'declined'),
].reduce<Order>(
  (state, command) => decideOrder(command as OrderCommand, state).reduce<Order>(evolveOrder, state),
  initialOrder(),
);
const order = decideOrder(confirmTerms(1, user), quoted).reduce<Order>(evolveOrder, quoted);
const doc = toDocument(order, t0.toISOString());
const totalsOf = (from: Order, who: Parameters<typeof planRows>[2], now = t0, terms = TERMS_IN_FORCE) => {
  const d = toDocument(from, t0.toISOString());
  if (!d) throw new Error('no document');
  return (planRows(d, now, who, terms).at(-1) as TotalsRow).insuranceCompanyList;
};
const canInsure = (who: Parameters<typeof planRows>[2], now = t0) => {
  if (!doc) throw new Error('no document');
  return totalsOf(order, who, now).map((t) => t.canInsure);
};

describe('plan rows: 投保 per insurer, from the decider guard', () => {
  it('the owner may buy from the insurer that priced every line, until its quote expires', () => {
    expect(canInsure({ actor: owner })).toEqual([true, false]);
    expect(canInsure({ actor: owner }, new Date(t0.getTime() + 31 * 86_400_000))).toEqual([false, false]);
  });

  it('staff who read the order cannot buy it for the customer (the decider would refuse: 订单不存在)', () => {
    expect(canInsure({ actor: '19900000001', roles: ['admin'] })).toEqual([false, false]);
  });

  it('offers 投保 before the terms are confirmed, and says whether they are (on the versions in force)', () => {
    expect(totalsOf(quoted, { actor: owner }).map((t) => [t.canInsure, t.termsConfirmed])).toEqual([
      [true, false],
      [false, false],
    ]);
    expect(totalsOf(order, { actor: owner }).map((t) => t.termsConfirmed)).toEqual([true, false]);
    const newer = { ...TERMS_IN_FORCE, customerNotice: { version: 2, title: '客户告知书', sha256: 'v2' } };
    expect(totalsOf(order, { actor: owner }, t0, newer).map((t) => [t.canInsure, t.termsConfirmed])).toEqual([
      [true, false],
      [false, false],
    ]);
  });

  it('matches the decider', () => {
    const events = (insurerId: number): OrderEvent[] | string => {
      try {
        return decideOrder({ type: 'Insure', data: { insurerId, terms: TERMS_IN_FORCE }, metadata: user }, order);
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(typeof events(1)).not.toBe('string');
    expect(events(2)).toBe('该保险公司未完成全部报价，暂不能投保');
  });
});
