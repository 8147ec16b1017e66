import { DeciderSpecification } from '@event-driven-io/emmett';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import { generalApplication, prepared, trainingApplication } from './fixtures.ts';
import type { OrderForm } from './form.ts';
import { requestIdOf } from './inquiry.ts';
import { buildPlanLines } from './plan.ts';
import { decideOrder, orderDecider, type OrderCommand, type OrderMetadata } from './order.commands.ts';
import { orderMessages } from './messages.ts';
import { quoteValidUntil } from './quoting.ts';
import { deskStatusAt, isOverdue, storedDeskStatus, workingDaysLeft } from './quoteDesk.ts';
import {
  evolveOrder,
  initialOrder,
  OrderState,
  stateNumber,
  type LineAnswer,
  type Order,
  type OrderEvent,
  type QuoteRequest,
} from './order.events.ts';
import { confirmTerms, TERMS_IN_FORCE } from './termsFixtures.ts';

/**
 * Given the events so far, when a command arrives, then these events (or this refusal, or
 * nothing). Histories are built by the decider itself, so every one is reachable.
 */
const spec = DeciderSpecification.for(orderDecider);
/** An expected event by the fields that matter here: the specification matches events as subsets. */
const event = <T extends OrderEvent['type']>(type: T, data: Partial<Extract<OrderEvent, { type: T }>['data']>) =>
  ({ type, data }) as unknown as OrderEvent;
const refused = (message: string) => [DomainError, (error: DomainError) => error.message === message] as const;

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
  requestId: requestIdOf('o1', round, insurerId),
  insurerId,
  insurerName: `保险公司${insurerId}`,
  requestedAt: t0.toISOString(),
  answerDueAt: later(3600_000).toISOString(),
  deadlineAt: later(5 * 86_400_000).toISOString(),
});

const state = (events: OrderEvent[]): Order => events.reduce(evolveOrder, initialOrder());
const stateOf = (events: OrderEvent[]) => stateNumber(state(events));
const typesOf = (events: OrderEvent[], command: OrderCommand) => decideOrder(command, state(events)).map((e) => e.type);

const saveDraft = (form = general, metadata = user): OrderCommand => ({
  type: 'SaveDraft',
  data: { orderId: 'o1', orderNo: 'FB20261123000001', form },
  metadata,
});
const inquire = (round = 1, form = general, metadata = user): Extract<OrderCommand, { type: 'RequestInquiry' }> => ({
  type: 'RequestInquiry',
  data: {
    orderId: 'o1',
    orderNo: 'FB20261123000001',
    form,
    lines: buildPlanLines(form),
    requests: [request(1, round), request(2, round)],
  },
  metadata,
});
const quoteAll = (insurerId: number, premium = 1000, round = 1): OrderCommand => ({
  type: 'RecordInsurerQuote',
  data: {
    requestId: requestIdOf('o1', round, insurerId),
    answers: lines.map((l): LineAnswer => ({ key: l.key, kind: 'quoted', premium, deductible: '免赔10%或1000元' })),
    source: 'automatic',
  },
  metadata: system(),
});
const insure = (insurerId: number): OrderCommand => ({
  type: 'Insure',
  data: { insurerId, terms: TERMS_IN_FORCE },
  metadata: user,
});
const revoke = (reason: string): OrderCommand => ({
  type: 'RevokeInquiry',
  data: { revokeReason: reason, revokeReasonTxt: null },
  metadata: user,
});
const reset: OrderCommand = { type: 'ResetPlan', data: {}, metadata: user };
const deleteLine = (key: string): OrderCommand => ({ type: 'DeletePlanLine', data: { key }, metadata: user });
const timeOut = (insurerId: number, at: Date): OrderCommand => ({
  type: 'TimeOutInsurerQuote',
  data: { requestId: requestIdOf('o1', 1, insurerId) },
  metadata: system(at),
});
const lapse = (at: Date): OrderCommand => ({ type: 'Lapse', data: {}, metadata: system(at) });

/** The history after these commands, each decided on the state the previous ones left. */
const run = (commands: OrderCommand[], start: OrderEvent[] = []) =>
  commands.reduce((events, command) => [...events, ...decideOrder(command, state(events))], start);

const draft = run([saveDraft()]);
const quoting = run([inquire()], draft);
const quoted = run([quoteAll(1), quoteAll(2, 1200), confirmTerms(1, user), confirmTerms(2, user)], quoting);
const insured = run([insure(1)], quoted);

describe('order decider', () => {
  it('saves a draft (awaiting inquiry) and saves it again while awaiting inquiry', () => {
    spec([])
      .when(saveDraft())
      .then([
        event('OrderDraftSaved', {
          orderId: 'o1',
          orderNo: 'FB20261123000001',
          owner,
          orderType: 0,
          savedAt: t0.toISOString(),
        }),
      ]);
    expect(stateOf(draft)).toBe(OrderState.awaitingInquiry);
    spec(draft)
      .when(saveDraft(general))
      .then([event('OrderDraftSaved', { orderId: 'o1', owner })]);
  });

  it('refuses editing outside awaiting inquiry and lapsed', () => {
    for (const events of [quoting, quoted, insured])
      spec(events)
        .when(saveDraft())
        .thenThrows(...refused(orderMessages.notEditable));
  });

  it("hides another user's order behind 订单不存在", () => {
    for (const command of [
      saveDraft(general, stranger),
      inquire(1, general, stranger),
      { ...reset, metadata: stranger },
    ])
      spec(draft)
        .when(command)
        .thenThrows(...refused(orderMessages.notFound));
  });

  it('an inquiry moves to quoting with a request per insurer; straight from nothing it saves too', () => {
    spec(draft)
      .when(inquire())
      .then([
        event('InquiryRequested', {
          orderId: 'o1',
          round: 1,
          requests: [request(1), request(2)],
          requestedAt: t0.toISOString(),
        }),
      ]);
    expect(stateOf(quoting)).toBe(OrderState.quoting);
    spec([])
      .when(inquire())
      .then([event('OrderDraftSaved', { orderId: 'o1', owner }), event('InquiryRequested', { round: 1 })]);
    expect(typesOf([], inquire())).toEqual(['OrderDraftSaved', 'InquiryRequested']);
  });

  it('refuses an inquiry without plan lines', () => {
    spec([])
      .when({ ...inquire(), data: { ...inquire().data, lines: [] } })
      .thenThrows(...refused(orderMessages.noLines));
  });

  it('reaches quoted only when every insurer answered every line', () => {
    const one = run([quoteAll(1)], quoting);
    expect(stateOf(one)).toBe(OrderState.quoting);
    spec(one)
      .when(quoteAll(2))
      .then([
        event('InsurerQuoteRecorded', {
          requestId: requestIdOf('o1', 1, 2),
          insurerId: 2,
          source: 'automatic',
          recordedBy: 'system',
        }),
        event('QuotingCompleted', { orderId: 'o1', round: 1, completedAt: t0.toISOString() }),
      ]);
    expect(typesOf(one, quoteAll(2)).at(-1)).toBe('QuotingCompleted');
    expect(stateOf(run([quoteAll(2)], one))).toBe(OrderState.quoted);
  });

  it('ignores duplicate, stale and unknown answers', () => {
    spec(quoted).when(quoteAll(1)).thenNothingHappened();
    spec(quoting).when(quoteAll(9)).thenNothingHappened();
    spec(run([revoke('需求变更')], quoting))
      .when(quoteAll(1))
      .thenNothingHappened();
  });

  it('lets a manual line wait, then takes the verified premium through the same command', () => {
    const manual: OrderCommand = {
      type: 'RecordInsurerQuote',
      data: {
        requestId: requestIdOf('o1', 1, 1),
        answers: lines.map((l) => ({ key: l.key, kind: 'manual' as const, reason: '需人工核保' })),
        source: 'automatic',
      },
      metadata: system(),
    };
    const waiting = run([manual, quoteAll(2)], quoting);
    expect(stateOf(waiting)).toBe(OrderState.quoting);
    const verified = {
      ...quoteAll(1, 900),
      data: { ...(quoteAll(1, 900).data as object), source: 'manual' },
    } as OrderCommand;
    spec(waiting)
      .when(verified)
      .then([
        event('InsurerQuoteRecorded', { insurerId: 1, source: 'manual' }),
        event('QuotingCompleted', { round: 1 }),
      ]);
    expect(stateOf(run([verified], waiting))).toBe(OrderState.quoted);
  });

  it('times out an insurer only after its deadline, and completes without it', () => {
    const one = run([quoteAll(1)], quoting);
    spec(one)
      .when(timeOut(2, later(86_400_000)))
      .thenNothingHappened();
    const late = timeOut(2, later(6 * 86_400_000));
    spec(one)
      .when(late)
      .then([
        event('InsurerQuoteTimedOut', { requestId: requestIdOf('o1', 1, 2), insurerId: 2 }),
        event('QuotingCompleted', { round: 1 }),
      ]);
    expect(typesOf(one, late)).toEqual(['InsurerQuoteTimedOut', 'QuotingCompleted']);
    const timedOut = run([late, confirmTerms(1, user)], one);
    spec(timedOut)
      .when(insure(2))
      .thenThrows(...refused(orderMessages.insurerNotQuotedAll));
    spec(timedOut)
      .when(insure(1))
      .then([event('OrderInsured', { insurerId: 1 })]);
  });

  it('revokes only while quoting, with a reason', () => {
    spec(quoting)
      .when(revoke(' '))
      .thenThrows(...refused('撤销原因不能为空'));
    spec(quoting)
      .when(revoke('其他'))
      .then([event('InquiryRevoked', { orderId: 'o1', round: 1, revokeReason: '其他' })]);
    expect(stateOf(run([revoke('其他')], quoting))).toBe(OrderState.awaitingInquiry);
    for (const events of [draft, quoted, insured])
      spec(events)
        .when(revoke('其他'))
        .thenThrows(...refused(orderMessages.revokeOnlyWhileQuoting));
  });

  it('allows a new inquiry while quoting or quoted, for a general order only', () => {
    spec(quoted)
      .when(inquire(2))
      .then([event('InquiryRequested', { round: 2 })]);
    expect(stateOf(run([inquire(2)], quoted))).toBe(OrderState.quoting);
    expect(stateOf(run([inquire(2)], quoting))).toBe(OrderState.quoting);
    const trainingQuoting = run([inquire(1, training)], run([saveDraft(training)]));
    spec(trainingQuoting)
      .when(inquire(2, training))
      .thenThrows(...refused(orderMessages.inquiryNotAllowed));
    spec(insured)
      .when(inquire(2))
      .thenThrows(...refused(orderMessages.inquiryNotAllowed));
  });

  it('resets before insuring only', () => {
    spec(quoted)
      .when(reset)
      .then([event('PlanReset', { orderId: 'o1', round: 1 })]);
    expect(stateOf(run([reset], quoted))).toBe(OrderState.awaitingInquiry);
    spec(draft).when(reset).thenNothingHappened();
    spec(insured)
      .when(reset)
      .thenThrows(...refused(orderMessages.resetNotAllowed));
  });

  it('deletes a plan line while the plan is editable, keeping at least one', () => {
    spec(quoted)
      .when(deleteLine(lines[0]!.key))
      .then([event('PlanLineDeleted', { key: lines[0]!.key })]);
    expect((state(run([deleteLine(lines[0]!.key)], quoted)) as { lines: unknown[] }).lines).toHaveLength(
      lines.length - 1,
    );
    spec(quoted)
      .when(deleteLine('nope'))
      .thenThrows(...refused(orderMessages.lineNotFound));
    spec(insured)
      .when(deleteLine(lines[0]!.key))
      .thenThrows(...refused(orderMessages.planReadOnly));
    const single = lines.slice(1).reduce((events, l) => run([deleteLine(l.key)], events), quoted);
    spec(single)
      .when(deleteLine(lines[0]!.key))
      .thenThrows(...refused(orderMessages.keepOneLine));
  });

  it('insures only when quoted, with an insurer that quoted every line, at its total', () => {
    spec(quoting)
      .when(insure(1))
      .thenThrows(...refused(orderMessages.insureNotQuoted));
    spec(quoted)
      .when(insure(5))
      .thenThrows(...refused(orderMessages.insurerNotInInquiry));
    spec(quoted)
      .when(insure(1))
      .then([
        event('OrderInsured', {
          orderId: 'o1',
          insurerId: 1,
          totalPremium: 1000 * lines.length,
          insuredAt: t0.toISOString(),
        }),
      ]);
    expect(stateOf(insured)).toBe(OrderState.insured);
    spec(insured)
      .when(insure(1))
      .thenThrows(...refused(orderMessages.alreadyInsured));
  });

  it('underwrites, takes effect at the start and lapses after the end', () => {
    const underwrite: OrderCommand = {
      type: 'UnderwritePolicy',
      data: { policyNo: 'P0120261123' },
      metadata: system(later(3600_000)),
    };
    // No later start was asked for: the policy starts when underwritten, and is in force at once.
    spec(insured)
      .when(underwrite)
      .then([
        event('PolicyUnderwritten', { policyNo: 'P0120261123', startDate: later(3600_000).toISOString() }),
        event('PolicyTookEffect', { orderId: 'o1' }),
      ]);
    expect(typesOf(insured, underwrite)).toEqual(['PolicyUnderwritten', 'PolicyTookEffect']);
    const issued = run([underwrite], insured);
    const policy = state(issued) as Extract<Order, { status: 'inForce' }>;
    expect(new Date(policy.endDate).getTime() - new Date(policy.startDate).getTime()).toBe(365 * 86_400_000);
    spec(issued)
      .when(lapse(new Date(new Date(policy.endDate).getTime() - 1)))
      .thenNothingHappened();
    spec(issued)
      .when(lapse(new Date(policy.endDate)))
      .then([event('PolicyLapsed', { orderId: 'o1' })]);
    expect(stateOf(run([lapse(new Date(policy.endDate))], issued))).toBe(OrderState.lapsed);
  });

  it('waits for a requested later start before taking effect', () => {
    const laterStart = prepared({ ...generalApplication(), startDate: '2026-12-01' });
    const events = run([
      saveDraft(laterStart),
      inquire(1, laterStart),
      quoteAll(1),
      quoteAll(2),
      confirmTerms(1, user),
      insure(1),
      { type: 'UnderwritePolicy', data: { policyNo: 'P1' }, metadata: system(later(3600_000)) },
    ]);
    expect(stateOf(events)).toBe(OrderState.underwritten);
    expect((state(events) as Extract<Order, { status: 'underwritten' }>).startDate).toBe('2026-11-30T16:00:00.000Z');
    spec(events)
      .when({ type: 'TakeEffect', data: {}, metadata: system(new Date('2026-11-30T15:59:59Z')) })
      .thenNothingHappened();
    spec(events)
      .when({ type: 'TakeEffect', data: {}, metadata: system(new Date('2026-11-30T16:00:00Z')) })
      .then([event('PolicyTookEffect', { orderId: 'o1', at: '2026-11-30T16:00:00.000Z' })]);
    expect(
      stateOf(run([{ type: 'TakeEffect', data: {}, metadata: system(new Date('2026-11-30T16:00:00Z')) }], events)),
    ).toBe(OrderState.inForce);
  });

  it('keeps the reason of a revoked inquiry until the next inquiry', () => {
    const revoked = run(
      [{ ...revoke('其他'), data: { revokeReason: '其他', revokeReasonTxt: '预算调整' } } as OrderCommand],
      quoting,
    );
    expect(state(revoked)).toMatchObject({
      status: 'awaitingInquiry',
      revoked: { reason: '其他', reasonTxt: '预算调整' },
    });
    expect(state(run([saveDraft()], revoked))).toMatchObject({ revoked: { reason: '其他' } });
    expect(state(run([inquire(2)], revoked))).not.toHaveProperty('revoked');
  });
});

describe('quote desk rules', () => {
  const staff = (now = t0): OrderMetadata => ({ now, actor: '19900000001', roles: ['admin'] });
  const DAY = 86_400_000;
  const manualLines = (insurerId: number): OrderCommand => ({
    type: 'RecordInsurerQuote',
    data: {
      requestId: requestIdOf('o1', 1, insurerId),
      answers: lines.map((l) => ({ key: l.key, kind: 'manual' as const, reason: '需人工核保' })),
      source: 'automatic',
    },
    metadata: system(),
  });
  const enter = (insurerId: number, answers: LineAnswer[], now = t0): OrderCommand => ({
    type: 'RecordInsurerQuote',
    data: { requestId: requestIdOf('o1', 1, insurerId), answers, source: 'manual' },
    metadata: staff(now),
  });
  const priced = (premium: number): LineAnswer[] =>
    lines.map((l) => ({ key: l.key, kind: 'quoted', premium, deductible: '免赔10%' }));
  const forceTimeOut = (insurerId: number, now = t0): OrderCommand => ({
    type: 'TimeOutInsurerQuote',
    data: { requestId: requestIdOf('o1', 1, insurerId), force: true },
    metadata: staff(now),
  });
  const resend = (insurerId: number, now = t0, deadlineAt = new Date(now.getTime() + 5 * DAY)): OrderCommand => ({
    type: 'ResendQuoteRequest',
    data: {
      requestId: requestIdOf('o1', 1, insurerId),
      answerDueAt: new Date(now.getTime() + DAY).toISOString(),
      deadlineAt: deadlineAt.toISOString(),
    },
    metadata: staff(now),
  });
  const insureAt = (insurerId: number, now: Date): OrderCommand => ({
    type: 'Insure',
    data: { insurerId, terms: TERMS_IN_FORCE },
    metadata: { now, actor: owner },
  });

  it("an answer carries the insurer's validity; an expired quote cannot be bought", () => {
    expect(quoteValidUntil(1, t0)).toBe(later(30 * DAY).toISOString());
    expect(quoteValidUntil(3, t0)).toBe(later(15 * DAY).toISOString());
    spec(quoting)
      .when(quoteAll(1))
      .then([event('InsurerQuoteRecorded', { insurerId: 1, validUntil: later(30 * DAY).toISOString() })]);
    expect((state(quoted) as Extract<Order, { status: 'quoted' }>).insurers[0]!.validUntil).toBe(
      later(30 * DAY).toISOString(),
    );
    spec(quoted)
      .when(insureAt(1, later(30 * DAY - 1)))
      .then([event('OrderInsured', { insurerId: 1 })]);
    spec(quoted)
      .when(insureAt(1, later(30 * DAY)))
      .thenThrows(...refused(orderMessages.quoteExpired));
    // The completing answer counts: a manual line verified ten days later moves validity on.
    const waiting = run([manualLines(1), quoteAll(2)], quoting);
    const verified = run(
      [enter(1, priced(900), later(10 * DAY)), confirmTerms(1, { now: later(10 * DAY), actor: owner })],
      waiting,
    );
    spec(verified)
      .when(insureAt(1, later(35 * DAY)))
      .then([event('OrderInsured', { insurerId: 1, totalPremium: 900 * lines.length })]);
    spec(verified)
      .when(insureAt(2, later(35 * DAY)))
      .thenThrows(...refused(orderMessages.quoteExpired));
  });

  it('tells staff why a manual entry was refused', () => {
    const waiting = run([manualLines(1)], quoting);
    spec(waiting)
      .when({
        ...enter(1, priced(1)),
        data: { ...(enter(1, priced(1)).data as object), requestId: 'o1.9.1' },
      } as OrderCommand)
      .thenThrows(...refused(orderMessages.requestNotFound));
    spec(quoted)
      .when(enter(1, priced(1)))
      .thenThrows(...refused(orderMessages.nothingToRecord));
    spec(run([forceTimeOut(1)], waiting))
      .when(enter(1, priced(1)))
      .thenThrows(...refused(orderMessages.requestTimedOut));
    spec(insured)
      .when(enter(1, priced(1)))
      .thenThrows(...refused(orderMessages.requestClosed));
    spec([])
      .when(enter(1, priced(1)))
      .thenThrows(...refused(orderMessages.requestNotFound));
  });

  it('records a decline with a reason through the same command and event', () => {
    const waiting = run([manualLines(1), quoteAll(2)], quoting);
    const declined: LineAnswer[] = lines.map((l) => ({ key: l.key, kind: 'declined', reason: '机型超出承保范围' }));
    spec(waiting)
      .when(enter(1, declined))
      .then([
        event('InsurerQuoteRecorded', { insurerId: 1, source: 'manual', answers: declined }),
        event('QuotingCompleted', { round: 1 }),
      ]);
    spec(run([enter(1, declined)], waiting))
      .when(insure(1))
      .thenThrows(...refused(orderMessages.insurerNotQuotedAll));
  });

  it('staff let a request time out before its deadline, but not an answered one', () => {
    const one = run([quoteAll(1)], quoting);
    spec(one)
      .when(timeOut(2, later(DAY)))
      .thenNothingHappened();
    spec(one)
      .when(forceTimeOut(2))
      .then([
        event('InsurerQuoteTimedOut', { insurerId: 2, forcedBy: '19900000001' }),
        event('QuotingCompleted', { round: 1 }),
      ]);
    spec(one)
      .when(forceTimeOut(1))
      .thenThrows(...refused(orderMessages.requestAnswered));
    spec(run([forceTimeOut(2)], one))
      .when(forceTimeOut(2))
      .thenThrows(...refused(orderMessages.requestTimedOut));
    spec(insured)
      .when(forceTimeOut(2))
      .thenThrows(...refused(orderMessages.requestClosed));
  });

  it('re-sends a request with new due times; a time-out is lifted and the order stays buyable', () => {
    const one = run([quoteAll(1)], quoting);
    const timedOut = run([timeOut(2, later(6 * DAY))], one);
    expect(stateOf(timedOut)).toBe(OrderState.quoted);
    const at = later(7 * DAY);
    spec(timedOut)
      .when(resend(2, at))
      .then([
        event('QuoteRequestResent', {
          requestId: requestIdOf('o1', 1, 2),
          insurerId: 2,
          attempt: 1,
          answerDueAt: new Date(at.getTime() + DAY).toISOString(),
          deadlineAt: new Date(at.getTime() + 5 * DAY).toISOString(),
          resentBy: '19900000001',
        }),
      ]);
    const resent = run([resend(2, at), confirmTerms(1, { now: at, actor: owner })], timedOut);
    const progress = (state(resent) as Extract<Order, { status: 'quoted' }>).insurers[1]!;
    expect(progress).toMatchObject({ timedOut: false, request: { attempt: 1 } });
    expect(stateOf(resent)).toBe(OrderState.quoted);
    // What could be bought stays buyable while insurer 2 is asked again…
    spec(resent)
      .when(insureAt(1, at))
      .then([event('OrderInsured', { insurerId: 1 })]);
    // …and its answer joins the plan when it comes; the old deadline no longer times it out.
    spec(resent)
      .when(timeOut(2, later(6 * DAY + 1)))
      .thenNothingHappened();
    spec(resent)
      .when({ ...quoteAll(2, 1100), metadata: system(at) })
      .then([event('InsurerQuoteRecorded', { insurerId: 2 })]);
    spec(resent)
      .when(resend(2, at))
      .then([event('QuoteRequestResent', { attempt: 2 })]);
  });

  it('refuses a re-send for an insurer that answered every line, a past deadline, or a closed order', () => {
    spec(quoted)
      .when(resend(1))
      .thenThrows(...refused(orderMessages.requestAnswered));
    spec(quoting)
      .when(resend(1, t0, t0))
      .thenThrows(...refused(orderMessages.resendDeadline));
    spec(insured)
      .when(resend(2))
      .thenThrows(...refused(orderMessages.requestClosed));
    spec(quoting)
      .when({ ...resend(1), data: { ...(resend(1).data as object), requestId: 'nope' } } as OrderCommand)
      .thenThrows(...refused(orderMessages.requestNotFound));
    // A line waiting for verification can be asked again.
    spec(run([manualLines(1)], quoting))
      .when(resend(1))
      .then([event('QuoteRequestResent', { attempt: 1 })]);
  });
});

describe('quote desk statuses', () => {
  const progress = (answers: Record<string, LineAnswer>, timedOut = false) => ({ answers, timedOut });
  const priced = (key: string): LineAnswer => ({ key, kind: 'quoted', premium: 1, deductible: '' });
  const [a, b] = [lines[0]!.key, lines[1]!.key];
  const two = lines.slice(0, 2);

  it('reads each insurer as waiting, manual, quoted, declined, timed out or expired', () => {
    expect(storedDeskStatus(progress({}), two)).toBe('waiting');
    expect(storedDeskStatus(progress({ [a]: priced(a) }), two)).toBe('waiting');
    expect(storedDeskStatus(progress({ [a]: priced(a), [b]: { key: b, kind: 'manual', reason: 'x' } }), two)).toBe(
      'manual',
    );
    expect(storedDeskStatus(progress({ [a]: priced(a), [b]: { key: b, kind: 'declined', reason: 'x' } }), two)).toBe(
      'declined',
    );
    expect(storedDeskStatus(progress({ [a]: priced(a), [b]: priced(b) }), two)).toBe('quoted');
    expect(storedDeskStatus(progress({ [a]: priced(a), [b]: priced(b) }, true), two)).toBe('timed-out');
    expect(deskStatusAt('quoted', later(1000).toISOString(), t0)).toBe('quoted');
    expect(deskStatusAt('quoted', t0.toISOString(), t0)).toBe('expired');
    expect(deskStatusAt('quoted', null, t0)).toBe('quoted');
  });

  it('counts down in working days and flags an open request past its promised answer', () => {
    const due = later(3600_000).toISOString();
    expect(isOverdue('waiting', due, later(3600_001))).toBe(true);
    expect(isOverdue('manual', due, later(3600_001))).toBe(true);
    expect(isOverdue('waiting', due, t0)).toBe(false);
    expect(isOverdue('quoted', due, later(3600_001))).toBe(false);
    // Monday 10:00 to Tuesday 22:00 in Shanghai is 1.5 working days.
    expect(workingDaysLeft('waiting', later(36 * 3600_000).toISOString(), t0, 86_400)).toBe(1.5);
    expect(workingDaysLeft('waiting', t0.toISOString(), later(12 * 3600_000), 86_400)).toBe(-0.5);
    expect(workingDaysLeft('quoted', later(36 * 3600_000).toISOString(), t0, 86_400)).toBeNull();
    expect(workingDaysLeft('manual', later(3000).toISOString(), t0, 2)).toBe(1.5);
  });
});

describe('who may: the decider checks the actor itself', () => {
  const forbiddenBy = (message: string) =>
    [DomainError, (error: DomainError) => error.message === message && error.code === 40300] as const;
  const customer = (now = t0): OrderMetadata => ({ now, actor: owner, roles: ['user'] });
  const claimsStaff: OrderMetadata = { now: t0, actor: '19900000002', roles: ['claims'] };

  it('only quote desk staff (or the workers) enter, re-send or time out a request', () => {
    const requestId = requestIdOf('o1', 1, 1);
    const answers = lines.map((l): LineAnswer => ({ key: l.key, kind: 'quoted', premium: 1, deductible: 'x' }));
    const due = { answerDueAt: later(86_400_000).toISOString(), deadlineAt: later(5 * 86_400_000).toISOString() };
    for (const metadata of [customer(), claimsStaff]) {
      spec(quoting)
        .when({ type: 'RecordInsurerQuote', data: { requestId, answers, source: 'manual' }, metadata })
        .thenThrows(...forbiddenBy(orderMessages.staffOnly));
      spec(quoting)
        .when({ type: 'ResendQuoteRequest', data: { requestId, ...due }, metadata })
        .thenThrows(...forbiddenBy(orderMessages.staffOnly));
      spec(quoting)
        .when({ type: 'TimeOutInsurerQuote', data: { requestId, force: true }, metadata })
        .thenThrows(...forbiddenBy(orderMessages.staffOnly));
    }
    expect(
      typesOf(quoting, {
        type: 'RecordInsurerQuote',
        data: { requestId, answers, source: 'manual' },
        metadata: { now: t0, actor: '19900000001', roles: ['admin'] },
      }),
    ).toEqual(['InsurerQuoteRecorded']);
  });

  it("the insurers' automatic answers and the policy dates are the workers' alone", () => {
    const requestId = requestIdOf('o1', 1, 1);
    const answers = lines.map((l): LineAnswer => ({ key: l.key, kind: 'quoted', premium: 1, deductible: 'x' }));
    spec(quoting)
      .when({ type: 'RecordInsurerQuote', data: { requestId, answers, source: 'automatic' }, metadata: customer() })
      .thenThrows(...forbiddenBy(orderMessages.staffOnly));
    spec(insured)
      .when({ type: 'UnderwritePolicy', data: { policyNo: 'P1' }, metadata: customer() })
      .thenThrows(...forbiddenBy(orderMessages.staffOnly));
  });

  it("staff who see every order still cannot buy or change a customer's order", () => {
    const admin: OrderMetadata = { now: t0, actor: '19900000001', roles: ['admin'] };
    spec(quoted)
      .when({ type: 'Insure', data: { insurerId: 1, terms: TERMS_IN_FORCE }, metadata: admin })
      .thenThrows(...refused(orderMessages.notFound));
  });
});
