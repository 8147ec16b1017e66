import type { AuditChange, AuditEntry } from './changeKinds.ts';

/**
 * The audit answers as they travel (docs/api/audit.md): one definition for the query
 * service that builds them and the back-office screens that read them.
 */

export const auditKinds = ['order', 'claim'] as const;
export type AuditKind = (typeof auditKinds)[number];

/** An order or a claim as the audit search lists it and the timeline's header shows it. */
export type AuditSubject = {
  kind: AuditKind;
  id: string;
  /** Order number (orderNo) or claim number (claimSettlementNo). */
  number: string;
  /** The wire state (order or claim numbering); null for a claim cancelled before it was saved. */
  state: number | null;
  stateName: string;
  /** The customer's mobile phone, whole: admins only read these answers. */
  phone: string;
  /** From the customer's profile, as it is now. */
  companyName: string | null;
  policyNo: string | null;
  /** The order itself, or the order a claim was made on. */
  orderId: string;
  insurerName: string | null;
  /** Yuan; an order's once insured, a claim's payable amount once assessed. */
  amount: number | null;
  startDate: string | null;
  endDate: string | null;
  createdAt: string;
  updatedAt: string;
};

export type AuditSearchRow = Pick<
  AuditSubject,
  'kind' | 'id' | 'number' | 'policyNo' | 'phone' | 'companyName' | 'state' | 'stateName' | 'updatedAt'
>;
export type AuditSearchPage = { datas: AuditSearchRow[]; currentPage: number; pageSize: number; totalCount: number };

export type AuditChangeCount = { change: AuditChange; name: string; count: number };

export type AuditHistory = {
  subject: AuditSubject;
  /** The kinds of change present in the whole history, with their event counts (for the filter). */
  changes: AuditChangeCount[];
  /** Oldest first; only the asked kind of change when one was asked. */
  entries: AuditEntry[];
  /** The claims made on this order (orders only), newest first, to open their own audit. */
  related: AuditSearchRow[];
};

export const AUDIT_PAGE_SIZE = 20;

export const auditMessages = {
  queryRequired: '请输入订单号、理赔单号、保单号、手机号或公司名称',
  kindInvalid: '审计对象类型不正确',
  changeInvalid: '变更类型不正确',
  idRequired: '编号不能为空',
  orderNotFound: '订单不存在',
  claimNotFound: '理赔单不存在',
} as const;
