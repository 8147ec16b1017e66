import { illegalState, invalid, notFound } from '../shared/errors.ts';
import { shanghaiDate } from '../shared/calendar.ts';
import { sameAmount } from '../payments/gateway.ts';
import { approve } from './endorsementSettlement.ts';
import { mayChangeOrder, mayWorkQuoteDesk, maySystemOnly, orderFacts, orderGuards, refuse } from './guards.ts';
import { orderMessages } from './messages.ts';
import {
  applyEndorsementChanges,
  endorsementEffectiveDate,
  endorsementMessages as em,
  linesToRate,
  type EndorsementChange,
} from './endorsement.ts';
import { endorsementPremium, type EndorsementTerms } from './endorsementPricing.ts';
import type { EndorsementState } from './endorsement.events.ts';
import type { LineAnswer, Order, OrderEvent } from './order.events.ts';
import type { OrderMetadata } from './order.commands.ts';

/**
 * The order decider's part for 批改 (docs/api/endorsement.md). The command side cannot rate (the rule engine
 * is the query service's and the workers'), so a request carries what the customer confirmed and the
 * insurer worker answers with the authoritative rating; every amount is computed here by endorsementPremium.
 */

export type RequestEndorsement = {
  type: 'RequestEndorsement';
  data: {
    endorsementId: string;
    changes: EndorsementChange[];
    effectiveDate?: string | null;
    confirmedTotal: number;
    answerDueAt: string;
    deadlineAt: string;
  };
  metadata: OrderMetadata;
};
/** The insurer worker's answer: the lines rated again and the insurer's 批改规则. */
export type AnswerEndorsement = {
  type: 'AnswerEndorsement';
  data: { endorsementId: string; rated: LineAnswer[]; terms: EndorsementTerms; paymentDueAt: string };
  metadata: OrderMetadata;
};
/** The quote desk approves a referred one; premiums: for the lines the insurer left to an underwriter. */
export type ApproveEndorsement = {
  type: 'ApproveEndorsement';
  data: {
    endorsementId: string;
    reason: string;
    premiums: { key: string; premium: number; deductible: string }[];
    paymentDueAt: string;
  };
  metadata: OrderMetadata;
};
export type DeclineEndorsement = {
  type: 'DeclineEndorsement';
  data: { endorsementId: string; reason: string };
  metadata: OrderMetadata;
};
export type WithdrawEndorsement = {
  type: 'WithdrawEndorsement';
  data: { endorsementId: string };
  metadata: OrderMetadata;
};
export type EndorsementCommand =
  | RequestEndorsement
  | AnswerEndorsement
  | ApproveEndorsement
  | DeclineEndorsement
  | WithdrawEndorsement;

type PolicyOrder = Extract<Order, { status: 'underwritten' | 'inForce' }>;
const isPolicy = (state: Order): state is PolicyOrder => state.status === 'underwritten' || state.status === 'inForce';

const currentAnswers = (state: PolicyOrder) =>
  state.insurers.find((p) => p.request.insurerId === state.insurer.id)?.answers ?? {};

/** The open endorsement a command names; a settled or other one is told apart. */
const open = (state: Order, id: string, statuses: EndorsementState['status'][]): EndorsementState | null => {
  const e = isPolicy(state) ? state.endorsement : null;
  if (!e || e.endorsementId !== id) throw notFound(em.notFound);
  return statuses.includes(e.status) ? e : null;
};

const quoteOf = (state: PolicyOrder, e: EndorsementState, rated: readonly LineAnswer[], terms: EndorsementTerms) =>
  endorsementPremium({
    startDate: state.startDate,
    endDate: state.endDate,
    effectiveDate: e.effectiveDate,
    oldLines: state.lines,
    oldAnswers: currentAnswers(state),
    policy: e.policy,
    rated,
    changes: e.changes,
    terms,
    referAboveMessage: em.referAbove,
  });

const answersOf = (state: PolicyOrder, e: EndorsementState, rated: readonly LineAnswer[]): LineAnswer[] => {
  const old = currentAnswers(state);
  const byKey = new Map<string, LineAnswer>();
  for (const [from, to] of Object.entries(e.policy.keyMap)) {
    const a = old[from];
    if (to && a) byKey.set(to, { ...a, key: to });
  }
  for (const a of rated) byKey.set(a.key, a);
  return e.policy.lines.flatMap((l) => (byKey.get(l.key) ? [byKey.get(l.key)!] : []));
};

const reasonOf = (reason: string) => {
  const text = reason.trim();
  if (!text) throw invalid(em.reasonRequired);
  if (text.length > 200) throw invalid(em.reasonTooLong);
  return text;
};

export const decideEndorsement = (command: EndorsementCommand, state: Order): OrderEvent[] => {
  const { now } = command.metadata;
  const at = now.toISOString();
  if (state.status === 'none') throw notFound(orderMessages.notFound);
  switch (command.type) {
    case 'RequestEndorsement': {
      refuse(orderGuards.endorse(orderFacts(state), command.metadata, now));
      if (!isPolicy(state)) return []; // unreachable: the guard admits only an issued policy
      const applied = applyEndorsementChanges(state.form, command.data.changes, shanghaiDate(now));
      if (!applied.ok) throw invalid(applied.message);
      const effectiveDate = endorsementEffectiveDate(now, state, command.data.effectiveDate);
      if (!effectiveDate) throw invalid(em.effectiveDateInvalid);
      const seq = (state.endorsement?.seq ?? 0) + 1;
      const requested = {
        orderId: state.orderId,
        endorsementId: command.data.endorsementId,
        endorsementNo: `${state.policyNo}-${String(seq).padStart(2, '0')}`,
        seq,
        changes: command.data.changes,
        policy: applied.policy,
        effectiveDate,
        confirmedTotal: command.data.confirmedTotal,
        answerDueAt: command.data.answerDueAt,
        deadlineAt: command.data.deadlineAt,
        requestedBy: command.metadata.actor,
        requestedAt: at,
      };
      const events: OrderEvent[] = [{ type: 'EndorsementRequested', data: requested }];
      // Nothing to rate (contact details only): no premium, approved at once by the platform.
      if (linesToRate(state.lines, applied.policy).length > 0 || applied.policy.removedDeviceNumbers.length > 0)
        return events;
      const { orderId: _id, ...fields } = requested;
      const e: EndorsementState = {
        ...fields,
        status: 'pending',
        rated: [],
        terms: null,
        quote: null,
        referral: null,
        answers: null,
        approvedBy: null,
        reason: null,
        payment: null,
        settledAt: null,
      };
      const quote = quoteOf(state, e, [], { minimumExtra: 0, minimumReturn: 0, referAbove: null });
      if (quote.total !== 0) return events;
      return [
        ...events,
        ...approve(state, e, answersOf(state, e, []), quote, { actor: 'system', reason: null, paymentDueAt: at }, at),
      ];
    }
    case 'AnswerEndorsement': {
      refuse(maySystemOnly(command.metadata));
      if (!isPolicy(state)) return [];
      // A duplicate or late answer (already answered, withdrawn) changes nothing.
      const e = open(state, command.data.endorsementId, ['pending']);
      if (!e) return [];
      const { rated, terms, paymentDueAt } = command.data;
      const quote = quoteOf(state, e, rated, terms);
      if (quote.refusal)
        return [
          {
            type: 'EndorsementDeclined',
            data: {
              orderId: state.orderId,
              endorsementId: e.endorsementId,
              declinedBy: 'system',
              reason: quote.refusal,
              declinedAt: at,
            },
          },
        ];
      const referral = quote.referral ?? (sameAmount(quote.total, e.confirmedTotal) ? null : em.confirmedMismatch);
      if (referral)
        return [
          {
            type: 'EndorsementReferred',
            data: {
              orderId: state.orderId,
              endorsementId: e.endorsementId,
              rated,
              terms,
              quote,
              reason: referral,
              referredAt: at,
            },
          },
        ];
      return approve(state, e, answersOf(state, e, rated), quote, { actor: 'system', reason: null, paymentDueAt }, at);
    }
    case 'ApproveEndorsement': {
      refuse(mayWorkQuoteDesk(command.metadata));
      if (!isPolicy(state)) throw illegalState(em.notReferred);
      const e = open(state, command.data.endorsementId, ['referred']);
      if (!e) throw illegalState(em.notReferred);
      const reason = reasonOf(command.data.reason);
      const staff = new Map(command.data.premiums.map((p) => [p.key, p]));
      const rated = (e.rated ?? []).map((a): LineAnswer => {
        const p = staff.get(a.key);
        return a.kind === 'manual' && p
          ? { key: a.key, kind: 'quoted', premium: p.premium, deductible: p.deductible }
          : a;
      });
      for (const p of command.data.premiums)
        if (!rated.some((a) => a.key === p.key) && e.policy.lines.some((l) => l.key === p.key))
          rated.push({ key: p.key, kind: 'quoted', premium: p.premium, deductible: p.deductible });
      // The underwriter's decision stands over the automatic referral (the amount, the confirmed total).
      const quote = quoteOf(state, e, rated, {
        ...(e.terms ?? { minimumExtra: 0, minimumReturn: 0 }),
        referAbove: null,
      });
      if (quote.lines.some((l) => l.referred)) throw invalid(em.premiumMissing);
      return approve(
        state,
        e,
        answersOf(state, e, rated),
        quote,
        { actor: command.metadata.actor, reason, paymentDueAt: command.data.paymentDueAt },
        at,
      );
    }
    case 'DeclineEndorsement': {
      refuse(mayWorkQuoteDesk(command.metadata));
      const e = open(state, command.data.endorsementId, ['referred', 'pending']);
      if (!e) throw illegalState(em.notPending);
      return [
        {
          type: 'EndorsementDeclined',
          data: {
            orderId: state.orderId,
            endorsementId: e.endorsementId,
            declinedBy: command.metadata.actor,
            reason: reasonOf(command.data.reason),
            declinedAt: at,
          },
        },
      ];
    }
    case 'WithdrawEndorsement': {
      refuse(mayChangeOrder(orderFacts(state), command.metadata));
      const e = open(state, command.data.endorsementId, ['pending', 'referred', 'awaitingPayment']);
      if (!e) throw illegalState(em.notPending);
      return [
        {
          type: 'EndorsementWithdrawn',
          data: {
            orderId: state.orderId,
            endorsementId: e.endorsementId,
            reason: 'customer',
            withdrawnBy: command.metadata.actor,
            withdrawnAt: at,
          },
        },
      ];
    }
  }
};
