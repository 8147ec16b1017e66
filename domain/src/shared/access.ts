import type { RulesRoute } from '../rules/menu.ts';
import { backofficeRoles, type BackofficeArea, type Role } from '../accounts/roles.ts';

/**
 * Who may call a route: the one authorisation model. Each resource's policy (`<feature>/access.ts`,
 * gathered in `domain/src/policies.ts`) classifies every route it publishes; the route guards
 * (platform http/auth.ts, rulesAuth.ts, rulesConfigGuard.ts) answer by it, and
 * tests/int/securityAuthz.int.spec.ts calls every published route as every kind of caller against it.
 */
export type Access =
  /** The services' own routes: never relayed by the edge. */
  | { kind: 'internal' }
  | { kind: 'public' }
  /** Any session, a guest's too. */
  | { kind: 'customer' }
  /** A registered account (guests refused). */
  | { kind: 'registered' }
  | { kind: 'staff'; roles: readonly Role[] }
  /** The rule platform: the roles, and the menu route(s) the call serves (domain rules/menu.ts). */
  | { kind: 'rules'; roles: readonly Role[]; menu: readonly RulesRoute[] | 'any' };

/** `METHOD path` as the services' route tables name it → who may call it. */
export type RouteAccess = Readonly<Record<string, Access>>;

/**
 * One resource's authorisation: who may call which route, and where the actions a caller sees on one
 * of its documents come from (for orders and claims the domain's action guards decide them).
 */
export type ResourcePolicy = { resource: string; routes: RouteAccess; actions?: string };

export const internal: Access = { kind: 'internal' };
export const publicAccess: Access = { kind: 'public' };
export const customer: Access = { kind: 'customer' };
export const registered: Access = { kind: 'registered' };
export const staff = (...roles: Role[]): Access => ({ kind: 'staff', roles });
/** A back-office area's staff (accounts/roles.ts `backofficeRoles`). */
export const areaStaff = (area: BackofficeArea): Access => ({ kind: 'staff', roles: backofficeRoles[area] });
export const rules = (roles: readonly Role[], menu: readonly RulesRoute[] | 'any'): Access => ({
  kind: 'rules',
  roles,
  menu,
});
/** The rule platform's staff pages (admins and auditors). */
export const ruleStaff = (...menu: RulesRoute[]): Access => rules(['admin', 'auditor'], menu);

/** The kinds of caller the guards tell apart. */
export type CallerClass = { session: 'none' | 'guest' | 'registered'; roles: readonly string[] };

/** Whether a caller passes a route's guards. */
export const mayCall = (access: Access, caller: CallerClass): boolean => {
  switch (access.kind) {
    case 'internal':
    case 'public':
      return true;
    case 'customer':
      return caller.session !== 'none';
    case 'registered':
      return caller.session === 'registered';
    case 'staff':
    case 'rules':
      return access.roles.some((r) => caller.roles.includes(r));
    default: {
      const never: never = access;
      return never;
    }
  }
};
