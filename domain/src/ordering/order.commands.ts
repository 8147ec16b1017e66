import { assertNever, type Decider } from '../shared/decider.ts';
import { illegalState, invalid, notFound } from '../shared/errors.ts';
import { shanghaiMidnight } from '../shared/calendar.ts';
import type { OrderForm } from './form.ts';
import type { PlanLine } from './plan.ts';
import {
  evolveOrder,
  initialOrder,
  type LineAnswer,
  type Order,
  type OrderEvent,
  type QuoteRequest,
} from './order.events.ts';
import {
  mayChangeOrder,
  mayInquire,
  mayInsureWith,
  maySaveDraft,
  maySystemOnly,
  orderFacts,
  orderGuards,
  type OrderActor,
  refuse,
} from './guards.ts';
import { orderMessages } from './messages.ts';
import { completion, decideInsurerAnswer } from './insurerAnswers.ts';
import { totalPremium } from './quoting.ts';
import { decidePayment } from './payments.ts';
import type { RenewalOf } from './renewal.ts';
import { decideCancellation, type CancellationCommand } from './cancellation.ts';
import { decideEndorsement, type EndorsementCommand } from './endorsementDecider.ts';
import { decideEndorsementPayment } from './endorsementSettlement.ts';
import type { Requirements } from './requirements.ts';
import type { CurrentTerms } from './purchaseTerms.ts';
import { decidePurchaseTerms, type PurchaseTermsCommand } from './purchaseTermsDecider.ts';

/**
 * Who asks and when: customers act on their own orders, staff by their `roles` (the quote desk),
 * the workers as `system`. The decider checks them itself (guards.ts); routes only pass them on.
 */
export type OrderMetadata = { now: Date } & OrderActor;

export type SaveDraft = {
  type: 'SaveDraft';
  data: { orderId: string; orderNo: string; form: OrderForm };
  metadata: OrderMetadata;
};
export type RequestInquiry = {
  type: 'RequestInquiry';
  data: {
    orderId: string;
    orderNo: string;
    form: OrderForm;
    lines: PlanLine[];
    requests: QuoteRequest[];
    /** A new order made by 续保 names the order it renews. */
    renewalOf?: RenewalOf;
  };
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
/**
 * payment: the trade the handling opens for this purchase (its number and due time); absent, no payment step.
 * terms: the 信息披露 texts in force (purchaseTerms.ts), which the order's confirmation must match.
 */
export type Insure = {
  type: 'Insure';
  data: { insurerId: number; insurerName?: string; payment?: { tradeNo: string; dueAt: string }; terms: CurrentTerms };
  metadata: OrderMetadata;
};
/** The provider says the trade is paid. refundNo: the number a refund of a trade paid too late takes. */
export type ConfirmPayment = {
  type: 'ConfirmPayment';
  data: {
    tradeNo: string;
    amount: number;
    providerTradeNo: string;
    paidAt: string;
    via: 'notify' | 'reconciliation';
    refundNo: string;
  };
  metadata: OrderMetadata;
};
export type LapsePayment = { type: 'LapsePayment'; data: { tradeNo: string }; metadata: OrderMetadata };
/** amount absent: whatever of the paid amount is not refunded yet. */
export type RequestRefund = {
  type: 'RequestRefund';
  data: { refundNo: string; amount?: number; reason: string };
  metadata: OrderMetadata;
};
export type ConfirmRefund = {
  type: 'ConfirmRefund';
  data: { refundNo: string; amount: number; refundedAt: string };
  metadata: OrderMetadata;
};
export type UnderwritePolicy = { type: 'UnderwritePolicy'; data: { policyNo: string }; metadata: OrderMetadata };
export type TakeEffect = { type: 'TakeEffect'; data: Record<string, never>; metadata: OrderMetadata };
export type Lapse = { type: 'Lapse'; data: Record<string, never>; metadata: OrderMetadata };
/** 续保 on the old order: the new order's id and number are drawn by the handling, the grace days are config. */
export type Renew = {
  type: 'Renew';
  data: { renewalOrderId: string; renewalOrderNo: string; graceDays: number };
  metadata: OrderMetadata;
};
/** 投保要求, stated whole: what is not stated is cleared. */
export type StateRequirements = {
  type: 'StateRequirements';
  data: { requirements: Requirements };
  metadata: OrderMetadata;
};

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
  | ConfirmPayment
  | LapsePayment
  | RequestRefund
  | ConfirmRefund
  | UnderwritePolicy
  | TakeEffect
  | Lapse
  | Renew
  | CancellationCommand
  | EndorsementCommand
  | StateRequirements
  | PurchaseTermsCommand;

const DAY_MS = 24 * 3600 * 1000;

type Active = Exclude<Order, { status: 'none' }>;
type Planned = Extract<Order, { status: 'quoting' | 'quoted' }>;
/** Narrows what a guard has already admitted (its plan can change, or be bought from). */
const planned = (order: Active): order is Planned => order.status === 'quoting' || order.status === 'quoted';

/** The order the caller may change; someone else's reads as missing. */
const existing = (state: Order, metadata: OrderMetadata): Active => {
  if (state.status === 'none') throw notFound(orderMessages.notFound);
  refuse(mayChangeOrder(orderFacts(state), metadata));
  return state;
};

const longestTermDays = (lines: PlanLine[]) => Math.max(...lines.map((l) => Number(l.guaranteeTerm) || 365));

export const decideOrder = (command: OrderCommand, state: Order): OrderEvent[] => {
  const { now } = command.metadata;
  const at = now.toISOString();
  switch (command.type) {
    case 'SaveDraft': {
      if (state.status !== 'none') refuse(maySaveDraft(orderFacts(state), command.metadata, now));
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
            ...(command.data.renewalOf ? { renewalOf: command.data.renewalOf } : {}),
          },
        });
      } else {
        refuse(mayInquire(orderFacts(state), command.metadata, now));
        round = state.round;
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
    case 'RecordInsurerQuote':
    case 'TimeOutInsurerQuote':
    case 'ResendQuoteRequest':
      return decideInsurerAnswer(command, state);
    case 'RevokeInquiry': {
      const order = existing(state, command.metadata);
      refuse(orderGuards.revoke(orderFacts(order), command.metadata, now));
      if (!command.data.revokeReason.trim()) throw invalid(orderMessages.revokeReasonRequired);
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
      // Resetting a reset plan (a repeated request) changes nothing; it is no action of its own.
      if (order.status === 'awaitingInquiry') return [];
      refuse(orderGuards.reset(orderFacts(order), command.metadata, now));
      return [{ type: 'PlanReset', data: { orderId: order.orderId, round: order.round, resetAt: at } }];
    }
    case 'DeletePlanLine': {
      const order = existing(state, command.metadata);
      refuse(orderGuards.deletePlanLine(orderFacts(order), command.metadata, now));
      if (!planned(order)) return []; // unreachable: the guard admits only a plan being quoted or quoted
      if (!order.lines.some((l) => l.key === command.data.key)) throw notFound(orderMessages.lineNotFound);
      if (order.lines.length === 1) throw illegalState(orderMessages.keepOneLine);
      return completion(
        order,
        [{ type: 'PlanLineDeleted', data: { orderId: order.orderId, key: command.data.key, deletedAt: at } }],
        now,
      );
    }
    case 'Insure': {
      refuse(mayInsureWith(state, command.data.insurerId, command.metadata, now, command.data.terms));
      const order = existing(state, command.metadata);
      const progress = planned(order)
        ? order.insurers.find((p) => p.request.insurerId === command.data.insurerId)
        : undefined;
      if (!planned(order) || !progress) return []; // unreachable: the guard found this insurer's full quote
      const premium = totalPremium(progress, order.lines);
      const payment = command.data.payment;
      return [
        {
          type: 'OrderInsured',
          data: {
            orderId: order.orderId,
            insurerId: progress.request.insurerId,
            insurerName: progress.request.insurerName,
            totalPremium: premium,
            insuredAt: at,
            requestedStartDate: order.form.startDate ?? null,
            ...(payment ? { payment: { tradeNo: payment.tradeNo, amount: premium, dueAt: payment.dueAt } } : {}),
          },
        },
      ];
    }
    case 'ConfirmPayment':
    case 'LapsePayment':
      // An endorsement's extra premium is its own trade (endorsementDecider.ts).
      return decideEndorsementPayment(command, state) ?? decidePayment(command, state);
    case 'RequestRefund':
    case 'ConfirmRefund':
      return decidePayment(command, state);
    case 'RequestCancellation':
    case 'ApproveCancellation':
    case 'DeclineCancellation':
      return decideCancellation(command, state);
    case 'UnderwritePolicy': {
      refuse(maySystemOnly(command.metadata));
      if (state.status !== 'insured') return [];
      if (state.payment && !state.payment.paidAt) throw illegalState(orderMessages.notPaid);
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
      refuse(maySystemOnly(command.metadata));
      return state.status === 'underwritten' && new Date(state.startDate).getTime() <= now.getTime()
        ? [{ type: 'PolicyTookEffect', data: { orderId: state.orderId, at } }]
        : [];
    case 'Lapse':
      refuse(maySystemOnly(command.metadata));
      return state.status === 'inForce' && new Date(state.endDate).getTime() <= now.getTime()
        ? [{ type: 'PolicyLapsed', data: { orderId: state.orderId, at } }]
        : [];
    case 'Renew': {
      const order = existing(state, command.metadata);
      const { renewalOrderId, renewalOrderNo, graceDays } = command.data;
      refuse(orderGuards.renew({ ...orderFacts(order), renewalGraceDays: graceDays }, command.metadata, now));
      return [{ type: 'RenewalStarted', data: { orderId: order.orderId, renewalOrderId, renewalOrderNo, at } }];
    }
    case 'RequestEndorsement':
    case 'AnswerEndorsement':
    case 'ApproveEndorsement':
    case 'DeclineEndorsement':
    case 'WithdrawEndorsement':
      return decideEndorsement(command, state);
    case 'StateRequirements': {
      const order = existing(state, command.metadata);
      refuse(orderGuards.stateRequirements(orderFacts(order), command.metadata, now));
      return [
        {
          type: 'RequirementsStated',
          data: {
            orderId: order.orderId,
            requirements: command.data.requirements,
            statedBy: command.metadata.actor,
            statedAt: at,
          },
        },
      ];
    }
    case 'ShowPurchaseTerms':
    case 'ConfirmPurchaseTerms':
      return decidePurchaseTerms(command, state);
    default:
      return assertNever(command);
  }
};

export const orderDecider: Decider<Order, OrderCommand, OrderEvent> = {
  decide: decideOrder,
  evolve: evolveOrder,
  initialState: initialOrder,
};
