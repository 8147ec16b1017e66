/**
 * Reading the server's `actions` (docs/glossary.md "Order states and actions"): the domain
 * decides what a customer may do with an order; screens only show or hide buttons by it.
 */
import type { OrderAction } from '@feibao/domain/ordering/actions';

export type { OrderAction };

export const can = (actions: readonly OrderAction[] | undefined, action: OrderAction): boolean =>
  actions?.includes(action) ?? false;

/** Actions that change the plan; without any of them the plan opens read-only (show=true). */
const planChanges: readonly OrderAction[] = ['insure', 'reset', 'deletePlanLine', 'revoke', 'newRound'];
export const planIsOpen = (actions: readonly OrderAction[] | undefined): boolean =>
  planChanges.some((a) => can(actions, a));
