import { OrderState, type OrderStateValue } from './order.events.ts';

/**
 * What a customer may do with an order, decided once here. The read model and the
 * details answer carry the list; screens render buttons from it instead of re-deciding.
 * The rules restate docs/glossary.md "Order states and actions":
 * - edit (open the insure form on the same order): awaiting inquiry, or lapsed (a lapsed
 *   order's form starts a new order);
 * - viewPlan (open the cover plan): every state but awaiting inquiry;
 * - reInquire (the insure form as a new order, 重新询价 / 再次投保): every state;
 * - newRound (ask the same insurers again on this order): a general order being quoted or quoted;
 * - revoke (撤销询价): while being quoted;
 * - reset (重置方案) and deletePlanLine: while being quoted or quoted;
 * - insure (buy from one insurer): quoted;
 * - claim (申请理赔): in force and now between the policy's start and end.
 */
export const orderActions = [
  'edit',
  'viewPlan',
  'reInquire',
  'newRound',
  'revoke',
  'reset',
  'deletePlanLine',
  'insure',
  'claim',
] as const;
export type OrderAction = (typeof orderActions)[number];

/** The few facts the actions depend on; both the domain state and the read model provide them. */
export type OrderActionFacts = {
  state: OrderStateValue;
  orderType: 0 | 1;
  startDate: string | null;
  endDate: string | null;
};

const within = (now: Date, startDate: string | null, endDate: string | null) => {
  if (!startDate || !endDate) return false;
  const t = now.getTime();
  return new Date(startDate).getTime() <= t && t <= new Date(endDate).getTime();
};

export const allowedActions = (order: OrderActionFacts, now: Date): OrderAction[] => {
  const { state } = order;
  const quotingOrQuoted = state === OrderState.quoting || state === OrderState.quoted;
  const allowed: Record<OrderAction, boolean> = {
    edit: state === OrderState.awaitingInquiry || state === OrderState.lapsed,
    viewPlan: state !== OrderState.awaitingInquiry,
    reInquire: true,
    newRound: quotingOrQuoted && order.orderType === 0,
    revoke: state === OrderState.quoting,
    reset: quotingOrQuoted,
    deletePlanLine: quotingOrQuoted,
    insure: state === OrderState.quoted,
    claim: state === OrderState.inForce && within(now, order.startDate, order.endDate),
  };
  return orderActions.filter((a) => allowed[a]);
};
