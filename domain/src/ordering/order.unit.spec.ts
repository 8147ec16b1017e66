import { describe, expect, it } from 'vitest';
import { generalApplication, prepared, trainingApplication } from './fixtures.ts';
import { buildPlanLines } from './plan.ts';
import type { OrderForm } from './form.ts';
import { decideOrder, orderMessages, type OrderCommand, type OrderMetadata } from './order.commands.ts';
import { evolveOrder, initialOrder, stateNumber, type LineAnswer, type Order, type OrderEvent, type QuoteRequest } from './order.events.ts';

const owner = '13800000001';
const t0 = new Date('2026-11-23T02:00:00.000Z'); // Monday 10:00 in Shanghai
const later = (ms: number) => new Date(t0.getTime() + ms);
const user: OrderMetadata = { now: t0, actor: owner };
const system = (now = t0): OrderMetadata => ({ now, actor: 'system', system: true });
const stranger: OrderMetadata = { now: t0, actor: '13900000009' };

const general: OrderForm = prepared(generalApplication());
const training: OrderForm = prepared(trainingApplication());
const lines = buildPlanLines(general);

const request = (insurerId: number, round = 1): QuoteRequest => ({
  requestId: `o1.${round}.${insurerId}`,
  insurerId,
  insurerName: `保险公司${insurerId}`,
  requestedAt: t0.toISOString(),
  answerDueAt: later(3600_000).toISOString(),
  deadlineAt: later(5 * 86_400_000).toISOString(),
});

const given = (events: OrderEvent[]): Order => events.reduce(evolveOrder, initialOrder());
const when = (state: Order, command: OrderCommand) => decideOrder(command, state);
const thenState = (events: OrderEvent[]) => stateNumber(given(events));

const saveDraft = (form = general, metadata = user): OrderCommand => ({
  type: 'SaveDraft',
  data: { orderId: 'o1', orderNo: 'FB20261123000001', form },
  metadata,
});
const inquire = (round = 1, form = general, metadata = user): OrderCommand => ({
  type: 'RequestInquiry',
  data: { orderId: 'o1', orderNo: 'FB20261123000001', form, lines: buildPlanLines(form), requests: [request(1, round), request(2, round)] },
  metadata,
});
const quoteAll = (insurerId: number, premium = 1000, round = 1): OrderCommand => ({
  type: 'RecordInsurerQuote',
  data: {
    requestId: `o1.${round}.${insurerId}`,
    answers: lines.map((l): LineAnswer => ({ key: l.key, kind: 'quoted', premium, deductible: '免赔10%或1000元' })),
    source: 'automatic',
  },
  metadata: system(),
});

const run = (commands: OrderCommand[], start: OrderEvent[] = []) =>
  commands.reduce((events, command) => [...events, ...when(given(events), command)], start);

const draft = run([saveDraft()]);
const quoting = run([inquire()], draft);
const quoted = run([quoteAll(1), quoteAll(2, 1200)], quoting);
const insured = run([{ type: 'Insure', data: { insurerId: 1 }, metadata: user }], quoted);

describe('order decider', () => {
  it('saves a draft (state 0) and saves it again while awaiting inquiry', () => {
    expect(thenState(draft)).toBe(0);
    expect(draft[0]).toMatchObject({ type: 'OrderDraftSaved', data: { owner, orderType: 0 } });
    expect(when(given(draft), saveDraft(general))).toHaveLength(1);
  });

  it('refuses editing outside states 0 and 6', () => {
    for (const events of [quoting, quoted, insured]) expect(() => when(given(events), saveDraft())).toThrow(orderMessages.notEditable);
  });

  it('hides another user\'s order behind 订单不存在', () => {
    for (const command of [saveDraft(general, stranger), inquire(1, general, stranger), { type: 'ResetPlan', data: {}, metadata: stranger } as OrderCommand])
      expect(() => when(given(draft), command)).toThrow(orderMessages.notFound);
  });

  it('an inquiry moves to state 1 with a request per insurer; straight from nothing it saves too', () => {
    expect(thenState(quoting)).toBe(1);
    const direct = when(given([]), inquire());
    expect(direct.map((e) => e.type)).toEqual(['OrderDraftSaved', 'InquiryRequested']);
  });

  it('reaches state 2 only when every insurer answered every line', () => {
    const one = run([quoteAll(1)], quoting);
    expect(thenState(one)).toBe(1);
    const both = run([quoteAll(2)], one);
    expect(both.at(-1)).toMatchObject({ type: 'QuotingCompleted' });
    expect(thenState(both)).toBe(2);
  });

  it('ignores duplicate, stale and unknown answers', () => {
    expect(when(given(quoted), quoteAll(1))).toEqual([]);
    expect(when(given(quoting), quoteAll(9))).toEqual([]);
    const revoked = run([{ type: 'RevokeInquiry', data: { revokeReason: '需求变更', revokeReasonTxt: null }, metadata: user }], quoting);
    expect(when(given(revoked), quoteAll(1))).toEqual([]);
  });

  it('lets a manual line wait, then takes the verified premium through the same command', () => {
    const manual: OrderCommand = {
      type: 'RecordInsurerQuote',
      data: { requestId: 'o1.1.1', answers: lines.map((l) => ({ key: l.key, kind: 'manual' as const, reason: '需人工核保' })), source: 'automatic' },
      metadata: system(),
    };
    const waiting = run([manual, quoteAll(2)], quoting);
    expect(thenState(waiting)).toBe(1);
    const verified = run([{ ...quoteAll(1, 900), data: { ...(quoteAll(1, 900).data as object), source: 'manual' } } as OrderCommand], waiting);
    expect(thenState(verified)).toBe(2);
  });

  it('times out an insurer only after its deadline, and completes without it', () => {
    const one = run([quoteAll(1)], quoting);
    const early: OrderCommand = { type: 'TimeOutInsurerQuote', data: { requestId: 'o1.1.2' }, metadata: system(later(86_400_000)) };
    expect(when(given(one), early)).toEqual([]);
    const late: OrderCommand = { type: 'TimeOutInsurerQuote', data: { requestId: 'o1.1.2' }, metadata: system(later(6 * 86_400_000)) };
    const timedOut = run([late], one);
    expect(timedOut.slice(-2).map((e) => e.type)).toEqual(['InsurerQuoteTimedOut', 'QuotingCompleted']);
    expect(() => when(given(timedOut), { type: 'Insure', data: { insurerId: 2 }, metadata: user })).toThrow(orderMessages.insurerNotQuotedAll);
    expect(when(given(timedOut), { type: 'Insure', data: { insurerId: 1 }, metadata: user })).toHaveLength(1);
  });

  it('revokes only at state 1, with a reason', () => {
    const revoke = (reason: string): OrderCommand => ({ type: 'RevokeInquiry', data: { revokeReason: reason, revokeReasonTxt: null }, metadata: user });
    expect(() => when(given(quoting), revoke(' '))).toThrow('撤销原因不能为空');
    expect(thenState(run([revoke('其他')], quoting))).toBe(0);
    for (const events of [draft, quoted, insured]) expect(() => when(given(events), revoke('其他'))).toThrow(orderMessages.revokeOnlyWhileQuoting);
  });

  it('allows a new inquiry at 1 or 2 for type 0 only', () => {
    expect(thenState(run([inquire(2)], quoted))).toBe(1);
    expect(thenState(run([inquire(2)], quoting))).toBe(1);
    const trainingQuoting = run([inquire(1, training)], run([saveDraft(training)]));
    expect(() => when(given(trainingQuoting), inquire(2, training))).toThrow(orderMessages.inquiryNotAllowed);
    expect(() => when(given(insured), inquire(2))).toThrow(orderMessages.inquiryNotAllowed);
  });

  it('resets below state 3 only', () => {
    const reset: OrderCommand = { type: 'ResetPlan', data: {}, metadata: user };
    expect(thenState(run([reset], quoted))).toBe(0);
    expect(when(given(draft), reset)).toEqual([]);
    expect(() => when(given(insured), reset)).toThrow(orderMessages.resetNotAllowed);
  });

  it('deletes a plan line while the plan is editable, keeping at least one', () => {
    const del = (key: string): OrderCommand => ({ type: 'DeletePlanLine', data: { key }, metadata: user });
    const after = run([del(lines[0]!.key)], quoted);
    expect((given(after) as { lines: unknown[] }).lines).toHaveLength(lines.length - 1);
    expect(() => when(given(quoted), del('nope'))).toThrow(orderMessages.lineNotFound);
    expect(() => when(given(insured), del(lines[0]!.key))).toThrow(orderMessages.planReadOnly);
    const single = lines.slice(1).reduce((events, l) => run([del(l.key)], events), quoted);
    expect(() => when(given(single), del(lines[0]!.key))).toThrow(orderMessages.keepOneLine);
  });

  it('insures only at state 2 with an insurer that quoted every line, at its total', () => {
    expect(() => when(given(quoting), { type: 'Insure', data: { insurerId: 1 }, metadata: user })).toThrow(orderMessages.insureNotQuoted);
    expect(() => when(given(quoted), { type: 'Insure', data: { insurerId: 5 }, metadata: user })).toThrow(orderMessages.insurerNotInInquiry);
    expect(insured.at(-1)).toMatchObject({ type: 'OrderInsured', data: { insurerId: 1, totalPremium: 1000 * lines.length } });
    expect(thenState(insured)).toBe(3);
  });

  it('underwrites (4), takes effect at the start (5) and lapses after the end (6)', () => {
    const underwrite: OrderCommand = { type: 'UnderwritePolicy', data: { policyNo: 'P0120261123' }, metadata: system(later(3600_000)) };
    const issued = run([underwrite], insured);
    // No later start was asked for: the policy starts when underwritten, and is in force at once.
    expect(issued.slice(-2).map((e) => e.type)).toEqual(['PolicyUnderwritten', 'PolicyTookEffect']);
    const policy = given(issued) as Extract<Order, { status: 'inForce' }>;
    expect(new Date(policy.endDate).getTime() - new Date(policy.startDate).getTime()).toBe(365 * 86_400_000);
    const lapse = (at: Date): OrderCommand => ({ type: 'Lapse', data: {}, metadata: system(at) });
    expect(when(policy, lapse(new Date(new Date(policy.endDate).getTime() - 1)))).toEqual([]);
    expect(thenState(run([lapse(new Date(policy.endDate))], issued))).toBe(6);
  });

  it('waits for a requested later start before taking effect', () => {
    const laterStart = prepared({ ...generalApplication(), startDate: '2026-12-01' });
    const events = run(
      [
        saveDraft(laterStart),
        inquire(1, laterStart),
        quoteAll(1),
        quoteAll(2),
        { type: 'Insure', data: { insurerId: 1 }, metadata: user },
        { type: 'UnderwritePolicy', data: { policyNo: 'P1' }, metadata: system(later(3600_000)) },
      ],
      [],
    );
    expect(thenState(events)).toBe(4);
    const policy = given(events) as Extract<Order, { status: 'underwritten' }>;
    expect(policy.startDate).toBe('2026-11-30T16:00:00.000Z');
    expect(when(policy, { type: 'TakeEffect', data: {}, metadata: system(new Date('2026-11-30T15:59:59Z')) })).toEqual([]);
    expect(thenState(run([{ type: 'TakeEffect', data: {}, metadata: system(new Date('2026-11-30T16:00:00Z')) }], events))).toBe(5);
  });
});
