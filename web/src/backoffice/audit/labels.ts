/** How the audit screens name and link orders and claims. */
import type { AuditKind } from '@feibao/domain/audit/api';

export const kindName = (kind: AuditKind): string => (kind === 'order' ? '订单' : '理赔单');

export const auditPath = (kind: AuditKind, id: string): string => `/backoffice/audit/${kind}/${encodeURIComponent(id)}`;

/** The route's :kind, when it is one. */
export const kindOf = (value: string | undefined): AuditKind | null =>
  value === 'order' || value === 'claim' ? value : null;
