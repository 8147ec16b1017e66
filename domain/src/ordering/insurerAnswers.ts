import { assertNever } from '../shared/decider.ts';
import { illegalState, invalid, notFound } from '../shared/errors.ts';
import { maySystemOnly, mayWorkQuoteDesk, refuse } from './guards.ts';
import { orderMessages } from './messages.ts';
import type { RecordInsurerQuote, ResendQuoteRequest, TimeOutInsurerQuote } from './order.commands.ts';
import { evolveOrder, type InsurerProgress, type LineAnswer, type Order, type OrderEvent } from './order.events.ts';
import type { PlanLine } from './plan.ts';
import { insurerComplete, quoteValidUntil } from './quoting.ts';

/**
 * The order decider's part for the insurers' side: their answers (automatic, or entered at the quote
 * desk), time-outs and re-sent requests. Only the workers and quote desk staff send these (guards.ts).
 */

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

/** Quoting completes with the answer (or time-out) that leaves no insurer to wait for. */
export const completion = (
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

export const decideInsurerAnswer = (
  command: RecordInsurerQuote | TimeOutInsurerQuote | ResendQuoteRequest,
  state: Order,
): OrderEvent[] => {
  const { now } = command.metadata;
  const at = now.toISOString();
  switch (command.type) {
    case 'RecordInsurerQuote': {
      // Staff entering a quote are told why it was refused; an insurer's late, duplicate or stale
      // delivery (another round, revoked, reset, timed out) just changes nothing.
      const manual = command.data.source === 'manual';
      refuse(manual ? mayWorkQuoteDesk(command.metadata) : maySystemOnly(command.metadata));
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
      refuse(command.data.force ? mayWorkQuoteDesk(command.metadata) : maySystemOnly(command.metadata));
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
      refuse(mayWorkQuoteDesk(command.metadata));
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
    default:
      return assertNever(command);
  }
};
