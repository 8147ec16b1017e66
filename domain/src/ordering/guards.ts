import { canRead, canUseArea } from '../accounts/roles.ts';
import { type DomainError, forbidden, illegalState, notFound } from '../shared/errors.ts';
import { orderActions, type OrderAction } from './actions.ts';
import { orderMessages as m } from './messages.ts';
import { endorsementMessages as em } from './endorsement.ts';
import { cancellationMessages } from './cancellation.events.ts';
import { type Order, OrderState, type OrderStateValue, stateNumber } from './order.events.ts';
import { insurerQuotedAll, quoteExpired } from './quoting.ts';
import { requirementMessages } from './requirements.ts';
import { termsRefusal, type CurrentTerms } from './purchaseTerms.ts';
import { DEFAULT_RENEWAL_GRACE_DAYS, renewalMessages, renewalTimeRefusal } from './renewal.ts';

/**
 * One guard per order action: may this actor do this now, and if not, why. The decider refuses
 * through them and `allowedActions` lists the ones that pass, so the buttons a screen shows and
 * the commands the server accepts cannot drift apart (docs/glossary.md "Order states and actions").
 */

/** Who asks: a customer acts on their own orders, staff by their roles, the workers as `system`. */
export type OrderActor = { actor: string; roles?: readonly string[]; system?: boolean };

/** The facts the actions depend on; the domain state (`orderFacts`) and a list row both provide them. */
export type OrderActionFacts = {
  state: OrderStateValue;
  orderType: 0 | 1;
  startDate: string | null;
  endDate: string | null;
  /** Absent: judged as its owner sees it (`allowedActions` without an actor). */
  owner?: string;
  /** The current purchase's trade: null or absent when there is none (or it predates payments). */
  payment?: { paid: boolean; dueAt: string } | null;
  /** A 批改 or 退保 asked for and not yet settled (order.events PendingPolicyChange); null or absent: none. */
  pendingChange?: 'endorsement' | 'cancellation' | null;
  /** 已续保为: the renewal's order number; null or absent: not renewed. */
  renewedBy?: string | null;
  /** Days after the end 续保 stays open (config RENEWAL_GRACE_DAYS); absent: the default. */
  renewalGraceDays?: number;
};

/** null: allowed; otherwise the refusal, with its code and Chinese reason. */
export type Refusal = DomainError | null;
export type OrderGuard = (order: OrderActionFacts, who: OrderActor, now: Date) => Refusal;

export const refuse = (refusal: Refusal) => {
  if (refusal) throw refusal;
};

export const orderFacts = (order: Exclude<Order, { status: 'none' }>): OrderActionFacts => ({
  state: stateNumber(order) ?? OrderState.awaitingInquiry,
  orderType: order.orderType,
  startDate: 'startDate' in order ? order.startDate : null,
  endDate: 'endDate' in order ? order.endDate : null,
  owner: order.owner,
  payment:
    'payment' in order && order.payment ? { paid: order.payment.paidAt !== null, dueAt: order.payment.dueAt } : null,
  pendingChange: 'pendingChange' in order ? (order.pendingChange?.kind ?? null) : null,
  renewedBy: 'renewedBy' in order ? (order.renewedBy?.orderNo ?? null) : null,
});

const ownerView: OrderActor = { actor: 'system', system: true };
const roles = (who: OrderActor) => who.roles ?? [];

/** Changing an order is its owner's (or the workers'); to anyone else it reads as missing, so ids cannot be probed. */
export const mayChangeOrder = (order: OrderActionFacts, who: OrderActor): Refusal =>
  who.system === true || order.owner === undefined || order.owner === who.actor ? null : notFound(m.notFound);

/** Reading it: the owner, the staff who see every order (accounts canRead), the workers. */
export const mayReadOrder = (order: OrderActionFacts, who: OrderActor): Refusal =>
  who.system === true || order.owner === undefined || canRead({ sub: who.actor, roles: roles(who) }, order.owner)
    ? null
    : notFound(m.notFound);

/** The quote desk's writes: staff of the quotes area (accounts backofficeRoles), or the workers. */
export const mayWorkQuoteDesk = (who: OrderActor): Refusal =>
  who.system === true || canUseArea('quotes', roles(who)) ? null : forbidden(m.staffOnly);

/** Refunds: admins (the back office's payments area) or the workers; no customer screen asks for one. */
export const mayRefund = (who: OrderActor): Refusal =>
  who.system === true || canUseArea('payments', roles(who)) ? null : forbidden(m.staffOnly);

/** What only the workers do: the insurers' automatic answers, deadlines passing, policy dates. */
export const maySystemOnly = (who: OrderActor): Refusal => (who.system === true ? null : forbidden(m.staffOnly));

const quotingOrQuoted = (state: OrderStateValue) => state === OrderState.quoting || state === OrderState.quoted;
const bought: readonly OrderStateValue[] = [
  OrderState.insured,
  OrderState.underwritten,
  OrderState.inForce,
  OrderState.lapsed,
];
const renewable: readonly OrderStateValue[] = [OrderState.underwritten, OrderState.inForce, OrderState.lapsed];
const when = (allowed: boolean, reason: () => DomainError): Refusal => (allowed ? null : reason());

const within = (now: Date, startDate: string | null, endDate: string | null) => {
  if (!startDate || !endDate) return false;
  const t = now.getTime();
  return new Date(startDate).getTime() <= t && t <= new Date(endDate).getTime();
};

/** Saving the draft again (the same order): while it awaits its inquiry. */
export const maySaveDraft: OrderGuard = (o, who) =>
  mayChangeOrder(o, who) ?? when(o.state === OrderState.awaitingInquiry, () => illegalState(m.notEditable));

const newRound: OrderGuard = (o, who) =>
  mayChangeOrder(o, who) ??
  when(quotingOrQuoted(o.state) && o.orderType === 0, () => illegalState(m.inquiryNotAllowed));

/** Asking the insurers on this order: the draft's first inquiry, or a new round. */
export const mayInquire: OrderGuard = (o, who, now) =>
  o.state === OrderState.awaitingInquiry ? mayChangeOrder(o, who) : newRound(o, who, now);

export const orderGuards: Record<OrderAction, OrderGuard> = {
  // A lapsed order is history: its form starts a new order (inquiry.ts orderToWrite).
  edit: (o, who, now) => (o.state === OrderState.lapsed ? mayChangeOrder(o, who) : maySaveDraft(o, who, now)),
  viewPlan: (o, who) =>
    mayReadOrder(o, who) ?? when(o.state !== OrderState.awaitingInquiry, () => illegalState(m.noPlanYet)),
  // The insure form filled from this order, sent as a new order: whoever can read it.
  reInquire: (o, who) => mayReadOrder(o, who),
  newRound,
  revoke: (o, who) =>
    mayChangeOrder(o, who) ?? when(o.state === OrderState.quoting, () => illegalState(m.revokeOnlyWhileQuoting)),
  reset: (o, who) => mayChangeOrder(o, who) ?? when(quotingOrQuoted(o.state), () => illegalState(m.resetNotAllowed)),
  deletePlanLine: (o, who) =>
    mayChangeOrder(o, who) ?? when(quotingOrQuoted(o.state), () => illegalState(m.planReadOnly)),
  // A second 投保 (a double click, a retried request) is told the order is bought, not that quoting is unfinished.
  insure: (o, who) =>
    mayChangeOrder(o, who) ??
    when(!bought.includes(o.state), () => illegalState(m.alreadyInsured)) ??
    when(o.state === OrderState.quoted, () => illegalState(m.insureNotQuoted)),
  // Paying happens at the provider's cashier; the action says the cashier is open to this caller now.
  pay: (o, who, now) =>
    mayChangeOrder(o, who) ??
    when(o.state === OrderState.insured && !!o.payment && !o.payment.paid, () => illegalState(m.nothingToPay)) ??
    when(!!o.payment && now.getTime() < new Date(o.payment.dueAt).getTime(), () => illegalState(m.paymentExpired)),
  claim: (o, who, now) =>
    mayChangeOrder(o, who) ??
    // 已退保 too: an accident before the cancellation's effective date is still covered (claims decide on submission).
    when(o.state === OrderState.inForce || o.state === OrderState.cancelled, () => illegalState(m.policyNotInForce)) ??
    when(within(now, o.startDate, o.endDate), () => illegalState(m.outsidePolicyPeriod)),
  // 续保: a policy issued and not cancelled, once, from 30 days before its end to the grace days after it.
  renew: (o, who, now) =>
    mayChangeOrder(o, who) ??
    when(renewable.includes(o.state), () => illegalState(renewalMessages.notRenewable)) ??
    when(!o.renewedBy, () => illegalState(renewalMessages.alreadyRenewed(o.renewedBy ?? ''))) ??
    renewalTimeRefusal(o.endDate, now, o.renewalGraceDays ?? DEFAULT_RENEWAL_GRACE_DAYS),
  // 退保: the owner's issued policy, with no other change pending (which one is, is said).
  cancel: (o, who) =>
    mayChangeOrder(o, who) ??
    when(o.state === OrderState.underwritten || o.state === OrderState.inForce, () =>
      illegalState(cancellationMessages.notCancellable),
    ) ??
    when(!o.pendingChange, () =>
      illegalState(
        o.pendingChange === 'endorsement'
          ? cancellationMessages.endorsementPending
          : cancellationMessages.cancellationPending,
      ),
    ),
  // 批改: an issued policy before its end, with no other change in progress (which one is said).
  endorse: (o, who, now) =>
    mayChangeOrder(o, who) ??
    when(o.state === OrderState.underwritten || o.state === OrderState.inForce, () =>
      illegalState(em.endorseNotAllowed),
    ) ??
    when(!o.endDate || now.getTime() < new Date(o.endDate).getTime(), () => illegalState(em.endorseAfterEnd)) ??
    when(!o.pendingChange, () =>
      illegalState(o.pendingChange === 'cancellation' ? em.cancellationPending : em.endorsementPending),
    ),
  // 投保要求: the owner's, until the purchase; after it they stay with the policy, read-only.
  stateRequirements: (o, who) =>
    mayChangeOrder(o, who) ??
    when(o.state === OrderState.awaitingInquiry || quotingOrQuoted(o.state), () =>
      illegalState(requirementMessages.notChangeable),
    ),
};

/** The cashier's guard: the owner, a purchase unpaid and still within its due time. */
export const mayPay: OrderGuard = (o, who, now) => orderGuards.pay(o, who, now);

/** Buying from one insurer, but for the terms: the order may be insured, that insurer priced every line and still stands by it. */
export const mayBuyFrom = (order: Order, insurerId: number, who: OrderActor, now: Date): Refusal => {
  if (order.status === 'none') return notFound(m.notFound);
  const refusal = orderGuards.insure(orderFacts(order), who, now);
  if (refusal) return refusal;
  const progress = 'insurers' in order ? order.insurers.find((p) => p.request.insurerId === insurerId) : undefined;
  if (!progress || !('lines' in order)) return illegalState(m.insurerNotInInquiry);
  if (!insurerQuotedAll(progress, order.lines)) return illegalState(m.insurerNotQuotedAll);
  if (quoteExpired(progress, now)) return illegalState(m.quoteExpired);
  return null;
};

/**
 * 投保's guard: mayBuyFrom, then the customer confirmed the texts in force (`terms`: the versions in force) for
 * this insurer (purchaseTerms.ts). A refusal only for the terms carries `needsTerms` (isTermsRefusal).
 */
export const mayInsureWith = (
  order: Order,
  insurerId: number,
  who: OrderActor,
  now: Date,
  terms: CurrentTerms,
): Refusal =>
  mayBuyFrom(order, insurerId, who, now) ??
  ('lines' in order ? termsRefusal(order.termsConfirmed, order.lines, insurerId, terms) : notFound(m.notFound));

/** The actions whose guard passes; without an actor, what the order's owner may do. */
export const allowedActions = (order: OrderActionFacts, now: Date, who: OrderActor = ownerView): OrderAction[] =>
  orderActions.filter((action) => orderGuards[action](order, who, now) === null);
