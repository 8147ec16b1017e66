import { describe, expect, it } from 'vitest';
import { buildPlanLines } from '@feibao/domain/ordering/plan';
import { decideOrder, type OrderCommand } from '@feibao/domain/ordering/order.commands';
import {
  evolveOrder,
  initialOrder,
  OrderState,
  type Order,
  type OrderEvent,
} from '@feibao/domain/ordering/order.events';
import { requestIdOf } from '@feibao/domain/ordering/inquiry';
import { generalApplication, prepared } from '@feibao/domain/ordering/fixtures';
import { evolveOrderDocument } from './projection.ts';
import { rowOf } from './toDocument.ts';
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
const commands: OrderCommand[] = [
  { type: 'SaveDraft', data: { orderId: 'o1', orderNo: 'FB1', form }, metadata: user },
  { type: 'RequestInquiry', data: { orderId: 'o1', orderNo: 'FB1', form, lines, requests }, metadata: user },
  ...[1, 2].map(
    (insurerId): OrderCommand => ({
      type: 'RecordInsurerQuote',
      data: {
        requestId: requestIdOf('o1', 1, insurerId),
        answers: lines.map((l) => ({
          key: l.key,
          kind: 'quoted' as const,
          premium: 100 * insurerId,
          deductible: '0免赔',
        })),
        source: 'automatic',
      },
      metadata: system,
    }),
  ),
  confirmTerms(2, user),
  { type: 'Insure', data: { insurerId: 2, terms: TERMS_IN_FORCE }, metadata: user },
];
const events = commands.reduce<OrderEvent[]>(
  (history, command) => [...history, ...decideOrder(command, history.reduce<Order>(evolveOrder, initialOrder()))],
  [],
);
const replay = (upTo = events.length) => events.slice(0, upTo).reduce(evolveOrderDocument, null);

describe('order document', () => {
  it('follows the domain state through the lifecycle', () => {
    const types = events.map((e) => e.type);
    expect(replay(types.indexOf('OrderDraftSaved') + 1)?.state).toBe(OrderState.awaitingInquiry);
    expect(replay(types.indexOf('InquiryRequested') + 1)?.state).toBe(OrderState.quoting);
    expect(replay(types.indexOf('QuotingCompleted') + 1)?.state).toBe(OrderState.quoted);
    const insured = replay();
    expect(insured).toMatchObject({
      id: 'o1',
      orderNo: 'FB1',
      userName: owner,
      state: OrderState.insured,
      insuranceCompanyId: 2,
      insuranceCompanyName: '保险公司2',
      totalPremium: 200 * lines.length,
    });
    expect(insured?.insurers.map((i) => [i.insuranceCompanyId, i.status, i.quotedAll])).toEqual([
      [1, 'answered', true],
      [2, 'answered', true],
    ]);
  });

  it('is the same document on every replay', () => {
    expect(JSON.stringify(replay())).toBe(JSON.stringify(replay()));
  });

  it('a list row carries the listed fields only', () => {
    const row = rowOf(replay()!);
    expect(Object.keys(row)).not.toContain('order');
    expect(Object.keys(row)).not.toContain('form');
    expect(row.deviceNumber).toBe(
      form.uavInfoList
        .map((d) => d.deviceNumber)
        .filter(Boolean)
        .join(','),
    );
  });
});
