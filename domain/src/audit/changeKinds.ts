import type { HistoryEntry } from '../claims/history.ts';

/**
 * The kinds of change the audit timeline filters by. Every event of an order or a claim falls
 * into exactly one; all the rows of one event (its summary and its field rows) share it.
 */
export const auditChanges = [
  'fill',
  'inquiry',
  'quote',
  'revoke',
  'insure',
  'policy',
  'handle',
  'picture',
  'admin',
  'other',
] as const;
export type AuditChange = (typeof auditChanges)[number];

export const auditChangeNames: Readonly<Record<AuditChange, string>> = {
  fill: '填写',
  inquiry: '询价',
  quote: '报价',
  revoke: '撤销',
  insure: '投保',
  policy: '保单',
  handle: '理赔处理',
  picture: '图片',
  admin: '管理员修改',
  other: '其他',
};

export const isAuditChange = (value: string): value is AuditChange =>
  (auditChanges as readonly string[]).includes(value);

/** A history row (claims' shape, so one timeline shows both) with its kind of change. */
export type AuditEntry = HistoryEntry & { change: AuditChange };

/** How many events (not rows) of each kind a history holds, in the filter's order. */
export const countChanges = (
  entries: readonly AuditEntry[],
): { change: AuditChange; name: string; count: number }[] => {
  const events = new Map<AuditChange, Set<number>>();
  for (const e of entries) {
    const seen = events.get(e.change) ?? new Set<number>();
    seen.add(e.position);
    events.set(e.change, seen);
  }
  return auditChanges.flatMap((change) => {
    const count = events.get(change)?.size ?? 0;
    return count === 0 ? [] : [{ change, name: auditChangeNames[change], count }];
  });
};
