import { type BackofficeArea, canUseArea } from '@feibao/domain/accounts/roles';

export type BackofficeLink = { area: BackofficeArea; label: string; to: string };

/** The back office's areas in menu order; each screen lives in its own folder under backoffice/. */
export const backofficeLinks: readonly BackofficeLink[] = [
  { area: 'quotes', label: '报价工作台', to: '/backoffice/quotes' },
  { area: 'claims', label: '理赔工作台', to: '/backoffice/claims' },
  { area: 'audit', label: '审计查询', to: '/backoffice/audit' },
  { area: 'ops', label: '运维控制台', to: '/backoffice/ops' },
  { area: 'users', label: '用户与角色', to: '/backoffice/users' },
  { area: 'invoices', label: '发票', to: '/backoffice/invoices' },
  { area: 'payments', label: '支付管理', to: '/backoffice/payments' },
  { area: 'disclosure', label: '信息披露', to: '/backoffice/disclosure' },
];

/** The areas this caller may open (the server checks the same roles on every call). */
export const linksFor = (roles: readonly string[] | undefined): BackofficeLink[] =>
  backofficeLinks.filter((l) => canUseArea(l.area, roles ?? []));

/** Where the header's 后台 tab leads: the first area the caller may use, or nowhere. */
export const backofficeHome = (roles: readonly string[] | undefined): string | null => linksFor(roles)[0]?.to ?? null;
