/** The invoice list's columns and card, shared by the customer's list and the back office's. */
import { Tag } from '@blueprintjs/core';
import type { CardSpec, Column } from '../shared/DataList.tsx';
import type { InvoiceRow } from './api.ts';
import { dateTime, money, orDash, payStatusIntent } from './labels.ts';

export const payStatusTag = (r: InvoiceRow) => (
  <Tag intent={payStatusIntent(r.payStatus)} minimal className="fb-state-tag" data-testid="invoice-status">
    {r.payStatus}
  </Tag>
);

/** Rows are found by their order number and status in the browser tests. */
export const invoiceRowData = (r: InvoiceRow) => ({
  'data-testid': 'invoice-row',
  'data-order': r.orderNo,
  'data-status': r.payStatus,
});

const invoiceNo = (r: InvoiceRow) => r.invoiceNo ?? <span className="fb-muted">待开具</span>;

export const invoiceColumns = <R extends InvoiceRow>(extra: readonly Column<R>[] = []): Column<R>[] => [
  { header: '发票号码', cell: invoiceNo, className: 'fb-inv-no' },
  { header: '发票抬头', cell: (r) => r.invoiceName, className: 'fb-inv-name' },
  ...extra,
  { header: '开票时间', cell: (r) => dateTime(r.invoiceTime), className: 'fb-nowrap' },
  { header: '开票机构', cell: (r) => r.centerBranchName },
  { header: '金额', cell: (r) => money(r.amount), className: 'fb-num' },
  { header: '支付状态', cell: payStatusTag },
  { header: '开票人', cell: (r) => orDash(r.operator), className: 'fb-nowrap' },
];

export const invoiceCard = <R extends InvoiceRow>(extra: CardSpec<R>['fields'] = []): CardSpec<R> => ({
  className: 'fb-inv-card',
  title: invoiceNo,
  tag: payStatusTag,
  fields: [
    ['发票抬头', (r) => r.invoiceName],
    ...extra,
    ['开票时间', (r) => dateTime(r.invoiceTime)],
    ['开票机构', (r) => r.centerBranchName],
    ['金额', (r) => money(r.amount)],
    ['开票人', (r) => orDash(r.operator)],
    ['保单号', (r) => orDash(r.policyNo)],
  ],
  actions: () => null,
});
