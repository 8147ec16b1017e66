import type { RulesRoute } from '../rules/menu.ts';
import { backofficeRoles, type BackofficeArea, type Role } from '../accounts/roles.ts';

/**
 * Who may call a route: the one authorisation model. Each resource's policy (`<feature>/access.ts`,
 * gathered in `domain/src/policies.ts`) classifies every route it publishes; the services' one route guard
 * (platform http/policyGuard.ts) enforces it, the OpenAPI document describes it, and
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
  /**
   * The rule platform: the roles, and the menu route(s) the call serves (domain rules/menu.ts). `menuOf` narrows
   * the menu route by what the request names (the dictionary calls' `kind`); `signInRefused` is the wording of a
   * sign-in refusal for a client that expects its own.
   */
  | {
      kind: 'rules';
      roles: readonly Role[];
      menu: readonly RulesRoute[] | 'any';
      menuOf?: (request: AccessRequest) => readonly RulesRoute[];
      signInRefused?: string;
    };

/** What of a request a policy may read besides its route: the raw query and body, before validation. */
export type AccessRequest = { method: string; query: Readonly<Record<string, unknown>>; body: unknown };

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
type RulesAccess = Extract<Access, { kind: 'rules' }>;
export const rules = (
  roles: readonly Role[],
  menu: readonly RulesRoute[] | 'any',
  more: Pick<RulesAccess, 'menuOf' | 'signInRefused'> = {},
): Access => ({ kind: 'rules', roles, menu, ...more });
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
