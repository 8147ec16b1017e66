import { assertNever, type Decider } from '../shared/decider.ts';
import { illegalState, invalid, notFound } from '../shared/errors.ts';
import { shanghaiMidnight } from '../shared/calendar.ts';
import { quoteValidityDays } from './catalogue.ts';
import type { OrderForm } from './form.ts';
import type { PlanLine } from './plan.ts';
import {
  evolveOrder,
  initialOrder,
  type InsurerProgress,
  type LineAnswer,
  type Order,
  type OrderEvent,
  type QuoteRequest,
} from './order.events.ts';

/** Who asks and when: users act on their own orders; the system (workers) and staff on any. */
export type OrderMetadata = { now: Date; actor: string; system?: boolean };

export type SaveDraft = {
  type: 'SaveDraft';
  data: { orderId: string; orderNo: string; form: OrderForm };
  metadata: OrderMetadata;
};
export type RequestInquiry = {
  type: 'RequestInquiry';
  data: { orderId: string; orderNo: string; form: OrderForm; lines: PlanLine[]; requests: QuoteRequest[] };
  metadata: OrderMetadata;
};
export type RecordInsurerQuote = {
  type: 'RecordInsurerQuote';
  data: { requestId: string; answers: LineAnswer[]; source: 'automatic' | 'manual' };
  metadata: OrderMetadata;
};
/** force: staff let the request time out now, before its deadline (refusals then say why instead of changing nothing). */
export type TimeOutInsurerQuote = {
  type: 'TimeOutInsurerQuote';
  data: { requestId: string; force?: boolean };
  metadata: OrderMetadata;
};
/** Staff ask the insurer again; the caller plans the new due times as an inquiry does (planResend). */
export type ResendQuoteRequest = {
  type: 'ResendQuoteRequest';
  data: { requestId: string; answerDueAt: string; deadlineAt: string };
  metadata: OrderMetadata;
};
export type RevokeInquiry = {
  type: 'RevokeInquiry';
  data: { revokeReason: string; revokeReasonTxt: string | null };
  metadata: OrderMetadata;
};
export type ResetPlan = { type: 'ResetPlan'; data: Record<string, never>; metadata: OrderMetadata };
export type DeletePlanLine = { type: 'DeletePlanLine'; data: { key: string }; metadata: OrderMetadata };
export type Insure = {
  type: 'Insure';
  data: { insurerId: number; insurerName?: string };
  metadata: OrderMetadata;
};
export type UnderwritePolicy = { type: 'UnderwritePolicy'; data: { policyNo: string }; metadata: OrderMetadata };
export type TakeEffect = { type: 'TakeEffect'; data: Record<string, never>; metadata: OrderMetadata };
export type Lapse = { type: 'Lapse'; data: Record<string, never>; metadata: OrderMetadata };

export type OrderCommand =
  | SaveDraft
  | RequestInquiry
  | RecordInsurerQuote
  | TimeOutInsurerQuote
  | ResendQuoteRequest
  | RevokeInquiry
  | ResetPlan
  | DeletePlanLine
  | Insure
  | UnderwritePolicy
  | TakeEffect
  | Lapse;

export const orderMessages = {
  notFound: '订单不存在',
  notEditable: '当前状态不可编辑',
  inquiryNotAllowed: '当前状态不可询价',
  revokeOnlyWhileQuoting: '仅询价中的订单可以撤销',
  resetNotAllowed: '已投保的订单不可重置',
  planReadOnly: '已投保的订单方案不可修改',
  lineNotFound: '该方案不存在',
  keepOneLine: '至少保留一条方案',
  insureNotQuoted: '报价尚未完成，暂不能投保',
  alreadyInsured: '订单已投保，请勿重复投保',
  insurerNotQuotedAll: '该保险公司未完成全部报价，暂不能投保',
  insurerNotInInquiry: '该保险公司未参与本次询价',
  noLines: '没有可询价的方案',
  quoteExpired: '该保险公司的报价已过期，请重新询价',
  requestNotFound: '询价请求不存在或已失效',
  requestClosed: '订单已不在报价阶段，不能处理该询价',
  requestAnswered: '该保险公司已答复全部险种，无需处理',
  requestTimedOut: '该询价已超时，请先重新发送询价',
  nothingToRecord: '没有可录入的报价：已报价或已拒保的险种不能修改',
  resendDeadline: '新的截止时间必须晚于当前时间',
} as const;

const DAY_MS = 24 * 3600 * 1000;

/** The insurer's validity rule applied to an answer given at `at` (calendar days, not working days). */
export const quoteValidUntil = (insurerId: number, at: Date) =>
  new Date(at.getTime() + quoteValidityDays(insurerId) * DAY_MS).toISOString();

/** A quote whose validity has run out cannot be bought; answers from before validity existed never expire. */
export const quoteExpired = (progress: Pick<InsurerProgress, 'validUntil'>, now: Date) =>
  progress.validUntil !== null &&
  progress.validUntil !== undefined &&
  now.getTime() >= new Date(progress.validUntil).getTime();

/** Every line has its final answer (priced or declined) and the request did not time out: nothing left to ask. */
const insurerAnswered = (progress: InsurerProgress, lines: PlanLine[]) =>
  !progress.timedOut &&
  lines.every((l) => {
    const answer = progress.answers[l.key];
    return answer !== undefined && answer.kind !== 'manual';
  });

/** The request a staff action names, in the current round of an order still being quoted or quoted. */
const openRequest = (state: Order, requestId: string) => {
  if (state.status === 'none') throw notFound(orderMessages.requestNotFound);
  if (state.status !== 'quoting' && state.status !== 'quoted') {
    const known = 'insurers' in state && state.insurers.some((p) => p.request.requestId === requestId);
    throw known ? illegalState(orderMessages.requestClosed) : notFound(orderMessages.requestNotFound);
  }
  const progress = state.insurers.find((p) => p.request.requestId === requestId);
  if (!progress) throw notFound(orderMessages.requestNotFound);
  return { order: state, progress };
};

type Active = Exclude<Order, { status: 'none' }>;
const bought: readonly Active['status'][] = ['insured', 'underwritten', 'inForce', 'lapsed'];

const existing = (state: Order, metadata: OrderMetadata): Active => {
  // Someone else's order reads as missing, so ids cannot be probed.
  if (state.status === 'none' || (!metadata.system && state.owner !== metadata.actor))
    throw notFound(orderMessages.notFound);
  return state;
};

export const insurerComplete = (progress: InsurerProgress, lines: PlanLine[]) =>
  progress.timedOut ||
  lines.every((l) => {
    const answer = progress.answers[l.key];
    return answer !== undefined && answer.kind !== 'manual';
  });

/** An insurer can be bought from only when it priced every line of the plan. */
export const insurerQuotedAll = (progress: InsurerProgress, lines: PlanLine[]) =>
  !progress.timedOut && lines.length > 0 && lines.every((l) => progress.answers[l.key]?.kind === 'quoted');

export const totalPremium = (progress: InsurerProgress, lines: PlanLine[]) =>
  Math.round(
    lines.reduce((sum, l) => {
      const answer = progress.answers[l.key];
      return sum + (answer?.kind === 'quoted' ? answer.premium : 0);
    }, 0) * 100,
  ) / 100;

const completion = (
  state: Extract<Order, { status: 'quoting' | 'quoted' }>,
  events: OrderEvent[],
  now: Date,
): OrderEvent[] => {
  if (state.status !== 'quoting') return events;
  const next = events.reduce(evolveOrder, state as Order) as typeof state;
  return next.insurers.every((p) => insurerComplete(p, next.lines))
    ? [
        ...events,
        {
          type: 'QuotingCompleted',
          data: { orderId: state.orderId, round: state.round, completedAt: now.toISOString() },
        },
      ]
    : events;
};

const sameAnswer = (a: LineAnswer | undefined, b: LineAnswer) =>
  a !== undefined && JSON.stringify(a) === JSON.stringify(b);

const longestTermDays = (lines: PlanLine[]) => Math.max(...lines.map((l) => Number(l.guaranteeTerm) || 365));

export const decideOrder = (command: OrderCommand, state: Order): OrderEvent[] => {
  const { now } = command.metadata;
  const at = now.toISOString();
  switch (command.type) {
    case 'SaveDraft': {
      if (state.status !== 'none') {
        const order = existing(state, command.metadata);
        if (order.status !== 'awaitingInquiry') throw illegalState(orderMessages.notEditable);
      }
      return [
        {
          type: 'OrderDraftSaved',
          data: {
            orderId: command.data.orderId,
            orderNo: state.status === 'none' ? command.data.orderNo : state.orderNo,
            owner: state.status === 'none' ? command.metadata.actor : state.owner,
            orderType: command.data.form.orderType,
            form: command.data.form,
            savedAt: at,
          },
        },
      ];
    }
    case 'RequestInquiry': {
      if (command.data.lines.length === 0) throw invalid(orderMessages.noLines);
      const events: OrderEvent[] = [];
      let round = 0;
      if (state.status === 'none') {
        events.push({
          type: 'OrderDraftSaved',
          data: {
            orderId: command.data.orderId,
            orderNo: command.data.orderNo,
            owner: command.metadata.actor,
            orderType: command.data.form.orderType,
            form: command.data.form,
            savedAt: at,
          },
        });
      } else {
        const order = existing(state, command.metadata);
        const newRoundAllowed =
          order.status === 'awaitingInquiry' ||
          ((order.status === 'quoting' || order.status === 'quoted') && order.orderType === 0);
        if (!newRoundAllowed) throw illegalState(orderMessages.inquiryNotAllowed);
        round = order.round;
      }
      return [
        ...events,
        {
          type: 'InquiryRequested',
          data: {
            orderId: command.data.orderId,
            round: round + 1,
            form: command.data.form,
            lines: command.data.lines,
            requests: command.data.requests,
            requestedAt: at,
          },
        },
      ];
    }
    case 'RecordInsurerQuote': {
      // Staff entering a quote are told why it was refused; an insurer's late, duplicate or stale
      // delivery (another round, revoked, reset, timed out) just changes nothing.
      const manual = command.data.source === 'manual';
      if (manual) {
        const { progress } = openRequest(state, command.data.requestId);
        if (progress.timedOut) throw illegalState(orderMessages.requestTimedOut);
      }
      if (state.status !== 'quoting' && state.status !== 'quoted') return [];
      const progress = state.insurers.find((p) => p.request.requestId === command.data.requestId);
      if (!progress || progress.timedOut) return [];
      const lineKeys = new Set(state.lines.map((l) => l.key));
      const fresh = command.data.answers.filter((a) => {
        if (!lineKeys.has(a.key)) return false;
        const current = progress.answers[a.key];
        if (sameAnswer(current, a)) return false;
        // A priced line stays priced: only a pending (manual) line takes a new answer.
        return current === undefined || current.kind === 'manual';
      });
      if (fresh.length === 0) {
        if (manual) throw illegalState(orderMessages.nothingToRecord);
        return [];
      }
      return completion(
        state,
        [
          {
            type: 'InsurerQuoteRecorded',
            data: {
              orderId: state.orderId,
              requestId: command.data.requestId,
              insurerId: progress.request.insurerId,
              answers: fresh,
              source: command.data.source,
              recordedBy: command.metadata.actor,
              recordedAt: at,
              validUntil: quoteValidUntil(progress.request.insurerId, now),
            },
          },
        ],
        now,
      );
    }
    case 'TimeOutInsurerQuote': {
      if (command.data.force) {
        const { order, progress } = openRequest(state, command.data.requestId);
        if (progress.timedOut) throw illegalState(orderMessages.requestTimedOut);
        if (insurerComplete(progress, order.lines)) throw illegalState(orderMessages.requestAnswered);
      }
      // Quoted too: a request staff re-sent after quoting completed times out like any other.
      if (state.status !== 'quoting' && state.status !== 'quoted') return [];
      const progress = state.insurers.find((p) => p.request.requestId === command.data.requestId);
      if (!progress || insurerComplete(progress, state.lines)) return [];
      if (!command.data.force && now.getTime() < new Date(progress.request.deadlineAt).getTime()) return [];
      const forcedBy = command.data.force ? { forcedBy: command.metadata.actor } : {};
      return completion(
        state,
        [
          {
            type: 'InsurerQuoteTimedOut',
            data: {
              orderId: state.orderId,
              requestId: command.data.requestId,
              insurerId: progress.request.insurerId,
              timedOutAt: at,
              ...forcedBy,
            },
          },
        ],
        now,
      );
    }
    case 'ResendQuoteRequest': {
      // Quoted orders too: the order stays quoted (what can be bought now stays buyable) and the
      // re-sent insurer's answer joins the plan when it comes.
      const { order, progress } = openRequest(state, command.data.requestId);
      if (insurerAnswered(progress, order.lines)) throw illegalState(orderMessages.requestAnswered);
      if (new Date(command.data.deadlineAt).getTime() <= now.getTime()) throw invalid(orderMessages.resendDeadline);
      return [
        {
          type: 'QuoteRequestResent',
          data: {
            orderId: order.orderId,
            requestId: progress.request.requestId,
            insurerId: progress.request.insurerId,
            attempt: (progress.request.attempt ?? 0) + 1,
            answerDueAt: command.data.answerDueAt,
            deadlineAt: command.data.deadlineAt,
            resentBy: command.metadata.actor,
            resentAt: at,
          },
        },
      ];
    }
    case 'RevokeInquiry': {
      const order = existing(state, command.metadata);
      if (order.status !== 'quoting') throw illegalState(orderMessages.revokeOnlyWhileQuoting);
      if (!command.data.revokeReason.trim()) throw invalid('撤销原因不能为空');
      return [
        {
          type: 'InquiryRevoked',
          data: {
            orderId: order.orderId,
            round: order.round,
            revokeReason: command.data.revokeReason,
            revokeReasonTxt: command.data.revokeReasonTxt,
            revokedAt: at,
          },
        },
      ];
    }
    case 'ResetPlan': {
      const order = existing(state, command.metadata);
      if (order.status === 'awaitingInquiry') return [];
      if (order.status !== 'quoting' && order.status !== 'quoted') throw illegalState(orderMessages.resetNotAllowed);
      return [{ type: 'PlanReset', data: { orderId: order.orderId, round: order.round, resetAt: at } }];
    }
    case 'DeletePlanLine': {
      const order = existing(state, command.metadata);
      if (order.status !== 'quoting' && order.status !== 'quoted') throw illegalState(orderMessages.planReadOnly);
      if (!order.lines.some((l) => l.key === command.data.key)) throw notFound(orderMessages.lineNotFound);
      if (order.lines.length === 1) throw illegalState(orderMessages.keepOneLine);
      return completion(
        order,
        [{ type: 'PlanLineDeleted', data: { orderId: order.orderId, key: command.data.key, deletedAt: at } }],
        now,
      );
    }
    case 'Insure': {
      const order = existing(state, command.metadata);
      // A second 投保 (a double click, a retried request) is told the order is bought, not that quoting is unfinished.
      if (bought.includes(order.status)) throw illegalState(orderMessages.alreadyInsured);
      if (order.status !== 'quoted') throw illegalState(orderMessages.insureNotQuoted);
      const progress = order.insurers.find((p) => p.request.insurerId === command.data.insurerId);
      if (!progress) throw illegalState(orderMessages.insurerNotInInquiry);
      if (!insurerQuotedAll(progress, order.lines)) throw illegalState(orderMessages.insurerNotQuotedAll);
      if (quoteExpired(progress, now)) throw illegalState(orderMessages.quoteExpired);
      return [
        {
          type: 'OrderInsured',
          data: {
            orderId: order.orderId,
            insurerId: progress.request.insurerId,
            insurerName: progress.request.insurerName,
            totalPremium: totalPremium(progress, order.lines),
            insuredAt: at,
            requestedStartDate: order.form.startDate ?? null,
          },
        },
      ];
    }
    case 'UnderwritePolicy': {
      if (state.status !== 'insured') return [];
      const requested = state.requestedStartDate ? shanghaiMidnight(state.requestedStartDate) : null;
      const start = requested && requested.getTime() > now.getTime() ? requested : now;
      const end = new Date(start.getTime() + longestTermDays(state.lines) * DAY_MS);
      const events: OrderEvent[] = [
        {
          type: 'PolicyUnderwritten',
          data: {
            orderId: state.orderId,
            policyNo: command.data.policyNo,
            startDate: start.toISOString(),
            endDate: end.toISOString(),
            underwrittenAt: at,
          },
        },
      ];
      if (start.getTime() <= now.getTime())
        events.push({ type: 'PolicyTookEffect', data: { orderId: state.orderId, at } });
      return events;
    }
    case 'TakeEffect':
      return state.status === 'underwritten' && new Date(state.startDate).getTime() <= now.getTime()
        ? [{ type: 'PolicyTookEffect', data: { orderId: state.orderId, at } }]
        : [];
    case 'Lapse':
      return state.status === 'inForce' && new Date(state.endDate).getTime() <= now.getTime()
        ? [{ type: 'PolicyLapsed', data: { orderId: state.orderId, at } }]
        : [];
    default:
      return assertNever(command);
  }
};

export const orderDecider: Decider<Order, OrderCommand, OrderEvent> = {
  decide: decideOrder,
  evolve: evolveOrder,
  initialState: initialOrder,
};
