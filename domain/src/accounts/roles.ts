/** Product roles; `claims` handles claims (accept, assess, close); auditor, test and batchTest exist for the rule platform. */
export const Roles = ['user', 'admin', 'claims', 'auditor', 'test', 'batchTest'] as const;
export type Role = (typeof Roles)[number];

export const RULE_PLATFORM_ROLES: readonly Role[] = ['admin', 'auditor', 'test', 'batchTest'];

/** The one access policy: a caller holding any of the wanted roles passes. */
export const hasRole = (roles: readonly string[], ...wanted: readonly Role[]) => wanted.some((r) => roles.includes(r));
export const isAdmin = (roles: readonly string[]) => hasRole(roles, 'admin');
export const isClaimsStaff = (roles: readonly string[]) => hasRole(roles, 'claims', 'admin');
export const canUseRulePlatform = (roles: readonly string[]) => hasRole(roles, ...RULE_PLATFORM_ROLES);

/** A record belonging to someone (an order, a file, a profile) is readable by its owner and by staff. */
export const canRead = (caller: { sub: string; roles: readonly string[] }, owner: string) =>
  caller.sub === owner || isAdmin(caller.roles);

/**
 * The back office's areas and who may use each; the server guards every call of an area with the
 * same roles (policies: `areaStaff(area)`, enforced by the route guard) and the web shows only the areas a caller may use.
 * Quoting, audit, operations and user administration are admin work; claims staff run the claims desk.
 */
export const backofficeRoles = {
  quotes: ['admin'],
  claims: ['claims', 'admin'],
  audit: ['admin'],
  ops: ['admin'],
  users: ['admin'],
  // Every customer's invoices: the staff who see every order (canRead).
  invoices: ['admin'],
  // Payments, refused notifications and refunds (docs/api/payments.md).
  payments: ['admin'],
  // 信息披露: the texts customers confirm before 投保 (docs/api/disclosure.md).
  disclosure: ['admin'],
} as const satisfies Record<string, readonly Role[]>;
export type BackofficeArea = keyof typeof backofficeRoles;

export const canUseArea = (area: BackofficeArea, roles: readonly string[]) => hasRole(roles, ...backofficeRoles[area]);
