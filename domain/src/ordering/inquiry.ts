import { addWorkingDays, drawTurnaroundDays } from '../rating/workingDays.ts';
import { visibleInsurers } from './catalogue.ts';
import { DomainError, invalid, notFound } from '../shared/errors.ts';
import { ResultCode } from '../shared/codes.ts';
import { isProfileComplete, type User } from '../accounts/user.events.ts';
import { shanghaiDate } from '../shared/calendar.ts';
import { orderFormMessages, type OrderForm } from './form.ts';
import { buildPlanLines, type PlanLine } from './plan.ts';
import type { InsurerRef, Order, QuoteRequest } from './order.events.ts';
import { orderMessages } from './messages.ts';
import { mayChangeOrder, orderFacts, type OrderActor, type Refusal, refuse } from './guards.ts';

/**
 * Inquiry planning: which insurers are asked, and when each is expected to answer. Pure:
 * the clock and the random source come in, so a test fixes both.
 */

/** Order numbers read FB, the Shanghai date and a six-digit serial drawn by the caller. */
export const orderNumber = (at: Date, serial: number) =>
  `FB${shanghaiDate(at).replaceAll('-', '')}${String(serial).padStart(6, '0')}`;

/** One request per insurer per round; the id alone leads back to its order. */
export const requestIdOf = (orderId: string, round: number, insurerId: number) => `${orderId}.${round}.${insurerId}`;
export const orderIdOfRequest = (requestId: string) => requestId.split('.')[0] ?? '';

/** A general order asks the insurers the customer picked; a training order asks every insurer. */
export const chooseInsurers = (form: OrderForm): InsurerRef[] => {
  const chosen =
    form.orderType === 0
      ? form.insuranceCompanyList.map((c) => visibleInsurers.find((i) => i.id === c.id)).filter((i) => i !== undefined)
      : [...visibleInsurers];
  if (chosen.length === 0) throw invalid(orderFormMessages.insurerRequired);
  return chosen.map((i) => ({ id: i.id, name: i.name }));
};

/**
 * Insurers need to know who the policyholder is before they price anything: only a registered
 * user with a complete profile may ask (a guest has no user: null). The refusal is the special
 * answer 30000 请完善用户信息, which sends the client to the profile form.
 */
export const mayAskForQuotes = (policyholder: User | null): Refusal =>
  policyholder?.status === 'active' && isProfileComplete(policyholder.profile)
    ? null
    : new DomainError(orderMessages.profileIncomplete, ResultCode.special);

/** The round the next inquiry on this order opens. */
export const nextRound = (state: Order) => ('round' in state ? state.round : 0) + 1;

/**
 * Where a save or an inquiry for an existing order id lands. Someone else's order reads as
 * missing; a lapsed order is history, so its form starts a new order.
 */
export const orderToWrite = (state: Order, who: OrderActor | string): 'same' | 'new' => {
  if (state.status === 'none') throw notFound(orderMessages.notFound);
  refuse(mayChangeOrder(orderFacts(state), typeof who === 'string' ? { actor: who } : who));
  return state.status === 'lapsed' ? 'new' : 'same';
};

export type InquiryPlanInput = {
  form: OrderForm;
  orderId: string;
  round: number;
  now: Date;
  /** [0,1) draws, one per insurer, for its turnaround. */
  random: () => number;
  /** Length of a working day in seconds (shortened in demos and tests). */
  quoteDaySeconds: number;
  /** Working days after which an unanswered request times out. */
  quoteDeadlineDays: number;
};
export type InquiryPlan = { insurers: InsurerRef[]; lines: PlanLine[]; requests: QuoteRequest[] };

/** Each insurer answers within 1–3 working days (drawn per request) and times out after the deadline. */
export const planInquiry = (input: InquiryPlanInput): InquiryPlan => {
  const { form, orderId, round, now, quoteDaySeconds } = input;
  const insurers = chooseInsurers(form);
  const deadlineAt = addWorkingDays(now, input.quoteDeadlineDays, quoteDaySeconds).toISOString();
  const requests = insurers.map(
    (insurer): QuoteRequest => ({
      requestId: requestIdOf(orderId, round, insurer.id),
      insurerId: insurer.id,
      insurerName: insurer.name,
      requestedAt: now.toISOString(),
      answerDueAt: addWorkingDays(now, drawTurnaroundDays(input.random()), quoteDaySeconds).toISOString(),
      deadlineAt,
    }),
  );
  return { insurers, lines: buildPlanLines(form), requests };
};

export type ResendPlanInput = Pick<InquiryPlanInput, 'now' | 'random' | 'quoteDaySeconds' | 'quoteDeadlineDays'>;

/** A re-sent request runs on the same clock as a new one: 1–3 working days to answer, the usual deadline. */
export const planResend = (input: ResendPlanInput): { answerDueAt: string; deadlineAt: string } => ({
  answerDueAt: addWorkingDays(input.now, drawTurnaroundDays(input.random()), input.quoteDaySeconds).toISOString(),
  deadlineAt: addWorkingDays(input.now, input.quoteDeadlineDays, input.quoteDaySeconds).toISOString(),
});
