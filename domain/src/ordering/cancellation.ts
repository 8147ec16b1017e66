import { toFen } from '../payments/gateway.ts';
import { illegalState, invalid, notFound } from '../shared/errors.ts';
import {
  cancellationMessages as cm,
  type CancellationRequestState,
  type CancellationRule,
} from './cancellation.events.ts';
import { cancellationFacts, cancellationTerms, paidTrades, refundSplit } from './cancellation.terms.ts';
import { mayWorkQuoteDesk, orderFacts, orderGuards, refuse, type OrderActor } from './guards.ts';
import { orderMessages } from './messages.ts';
import type { Order, OrderEvent } from './order.events.ts';

/**
 * 退保's part of the order decider (docs/api/cancellation.md): requesting (refused, approved by the insurer's rule
 * or referred to the quote desk), approving and declining. The arithmetic is cancellation.terms.ts.
 */

/** Staff answer a referred cancellation within this many working days (the queue's due time). */
export const CANCELLATION_REVIEW_DAYS = 2;

type PolicyOrder = Extract<Order, { status: 'underwritten' | 'inForce' }>;

/** Why a cancellation cannot be asked for now (the action's guard, then the claims, then the rule), or null. */
export const cancellationRefusal = (
  order: Order,
  who: OrderActor,
  now: Date,
  claims: { open: boolean },
  rule: CancellationRule | null,
) => {
  if (order.status === 'none') return notFound(orderMessages.notFound);
  return (
    orderGuards.cancel(orderFacts(order), who, now) ??
    (claims.open ? illegalState(cm.openClaim) : null) ??
    (rule ? null : illegalState(cm.noRule))
  );
};

export type CancellationMetadata = { now: Date } & OrderActor;
export type RequestCancellation = {
  type: 'RequestCancellation';
  data: {
    cancellationId: string;
    reason: string;
    reasonTxt: string | null;
    /** Read by the handling from the policy's claims (policy-claims-<orderId> and each claim's stream). */
    claims: { open: boolean; paid: boolean };
    /** The insurer's enabled 退保规则 evaluated on `cancellationRuleInput`; null: none enabled. */
    rule: CancellationRule | null;
    /** When staff must answer if the rule refers it (working days, QUOTE_DAY_SECONDS). */
    reviewDueAt: string;
  };
  metadata: CancellationMetadata;
};
export type ApproveCancellation = {
  type: 'ApproveCancellation';
  /** claims: read again by the handling; a claim opened since the request holds the approval back. */
  data: { cancellationId: string; reason: string | null; claims: { open: boolean } };
  metadata: CancellationMetadata;
};
export type DeclineCancellation = {
  type: 'DeclineCancellation';
  data: { cancellationId: string; reason: string };
  metadata: CancellationMetadata;
};
export type CancellationCommand = RequestCancellation | ApproveCancellation | DeclineCancellation;

const policyOf = (state: Order): PolicyOrder | null =>
  state.status === 'underwritten' || state.status === 'inForce' ? state : null;

/** The approval: the foundation's PolicyCancelled, then the refund split over the paid trades. */
const approval = (
  order: PolicyOrder,
  request: Pick<CancellationRequestState, 'cancellationId' | 'effectiveDate' | 'terms' | 'reason' | 'reasonTxt'>,
  approvedBy: string,
  at: string,
  note: string | null = null,
): OrderEvent[] => {
  const refunds = refundSplit(paidTrades(order), order.payments?.refunds ?? [], request.terms.refund);
  return [
    {
      type: 'PolicyCancelled',
      data: {
        orderId: order.orderId,
        cancellationId: request.cancellationId,
        effectiveDate: request.effectiveDate,
        refundAmount: refunds.reduce((sum, r) => sum + toFen(r.amount), 0) / 100,
        reason: request.reason,
        reasonTxt: request.reasonTxt,
        approvedBy,
        cancelledAt: at,
        approvalNote: note,
      },
    },
    ...refunds.map(
      (r): OrderEvent => ({
        type: 'RefundRequested',
        data: {
          orderId: order.orderId,
          refundNo: r.refundNo,
          tradeNo: r.tradeNo,
          amount: r.amount,
          reason: 'cancellation',
          requestedBy: approvedBy,
          requestedAt: at,
        },
      }),
    ),
  ];
};

/** The system's name as approver when the rule approves by itself. */
export const AUTO_APPROVER = 'system';

const pendingRequest = (state: Order, cancellationId: string) => {
  const order = policyOf(state);
  const request = order?.cancellationRequest;
  if (!order || !request || request.status !== 'pending' || request.cancellationId !== cancellationId)
    throw illegalState(cm.notPending);
  return { order, request };
};

export const decideCancellation = (command: CancellationCommand, state: Order): OrderEvent[] => {
  const { now } = command.metadata;
  const at = now.toISOString();
  switch (command.type) {
    case 'RequestCancellation': {
      const { data } = command;
      refuse(cancellationRefusal(state, command.metadata, now, data.claims, data.rule));
      const order = policyOf(state);
      if (!order || !data.rule) return []; // unreachable: refused above
      if (!data.reason.trim()) throw invalid(cm.reasonRequired);
      const facts = cancellationFacts(order, now, data.claims);
      const terms = cancellationTerms(facts, data.rule);
      const request = {
        cancellationId: data.cancellationId,
        reason: data.reason,
        reasonTxt: data.reasonTxt,
        effectiveDate: facts.effectiveDate,
        terms,
      };
      const requested: OrderEvent = {
        type: 'CancellationRequested',
        data: {
          orderId: order.orderId,
          ...request,
          auto: terms.autoApprove,
          requestedBy: command.metadata.actor,
          requestedAt: at,
        },
      };
      if (terms.autoApprove) return [requested, ...approval(order, request, AUTO_APPROVER, at)];
      return [
        requested,
        {
          type: 'CancellationReferred',
          data: {
            orderId: order.orderId,
            cancellationId: data.cancellationId,
            dueAt: data.reviewDueAt,
            referredAt: at,
          },
        },
      ];
    }
    case 'ApproveCancellation': {
      refuse(mayWorkQuoteDesk(command.metadata));
      const { order, request } = pendingRequest(state, command.data.cancellationId);
      if (command.data.claims.open) throw illegalState(cm.openClaim);
      return approval(order, request, command.metadata.actor, at, command.data.reason);
    }
    case 'DeclineCancellation': {
      refuse(mayWorkQuoteDesk(command.metadata));
      if (!command.data.reason.trim()) throw invalid(cm.declineReasonRequired);
      const { order } = pendingRequest(state, command.data.cancellationId);
      return [
        {
          type: 'CancellationDeclined',
          data: {
            orderId: order.orderId,
            cancellationId: command.data.cancellationId,
            by: command.metadata.actor,
            reason: command.data.reason.trim(),
            declinedAt: at,
          },
        },
      ];
    }
  }
};
