/**
 * The names of what a customer may do with an order (docs/glossary.md "Order states and actions").
 * Whether each is allowed now is decided once, by its guard in guards.ts; the read model and the
 * details answer carry the list, and screens render buttons from it instead of re-deciding.
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
  'pay',
  'claim',
  'renew',
  'cancel',
  'endorse',
  'stateRequirements',
] as const;
export type OrderAction = (typeof orderActions)[number];
