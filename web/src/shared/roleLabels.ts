import type { Role } from '@feibao/domain/accounts/roles';

/** The roles as staff read them (docs/glossary.md "Roles"), in the back office and the rule platform alike. */
export const roleLabels: Record<Role, string> = {
  user: '普通用户',
  admin: '管理员',
  claims: '理赔人员',
  auditor: '规则审核',
  test: '规则测试',
  batchTest: '批量测试',
};
export const roleLabel = (role: string) => roleLabels[role as Role] ?? role;
