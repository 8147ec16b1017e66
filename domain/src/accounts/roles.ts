/** Product roles; auditor, test and batchTest exist for the rule platform. */
export const Roles = ['user', 'admin', 'auditor', 'test', 'batchTest'] as const;
export type Role = (typeof Roles)[number];

export const RULE_PLATFORM_ROLES: readonly Role[] = ['admin', 'auditor', 'test', 'batchTest'];
export const isAdmin = (roles: readonly string[]) => roles.includes('admin');
export const canUseRulePlatform = (roles: readonly string[]) =>
  roles.some((r) => (RULE_PLATFORM_ROLES as readonly string[]).includes(r));
