/**
 * The invoice list's search lives in the address, so a reload or a shared link shows the same
 * list; before it is applied it is checked by the server's own rules (domain invoices/search.ts).
 * The back office's search by the customer's phone is the exception: a whole phone number does not
 * belong in an address (history, shared links), so it stays in the page's state.
 */
import { PayStatus } from '@feibao/domain/invoices/invoice';
import { parseInvoiceSearch } from '@feibao/domain/invoices/search';
import type { InvoiceFilters } from './api.ts';

export const invoiceQueryKeys = [
  'invoiceNo',
  'invoiceName',
  'invoiceTime',
  'invoicingDateStart',
  'invoicingDateEnd',
  'centerBranchName',
  'payStatus',
  'amount',
  'operator',
  'orderNo',
  'phone',
] as const;
export type InvoiceListQuery = Record<(typeof invoiceQueryKeys)[number], string>;
/** Never read from nor written to the address. */
const stateOnly = new Set<string>(['phone']);

export const emptyInvoiceListQuery: InvoiceListQuery = Object.fromEntries(
  invoiceQueryKeys.map((k) => [k, '']),
) as InvoiceListQuery;

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
const dayKeys = new Set<string>(['invoiceTime', 'invoicingDateStart', 'invoicingDateEnd']);
const statuses = new Set<string>(Object.values(PayStatus));

/** Reads the search from the address; unreadable dates and statuses are dropped rather than sent. */
export const readInvoiceListQuery = (params: URLSearchParams): InvoiceListQuery => {
  const query = { ...emptyInvoiceListQuery };
  for (const key of invoiceQueryKeys) {
    if (stateOnly.has(key)) continue;
    const value = (params.get(key) ?? '').trim();
    if (dayKeys.has(key) && !isDay(value)) continue;
    if (key === 'payStatus' && !statuses.has(value)) continue;
    query[key] = value;
  }
  return query;
};

/** The page call's filters: only what is set. */
export const toInvoiceFilters = (q: InvoiceListQuery): InvoiceFilters =>
  Object.fromEntries(
    invoiceQueryKeys.map((k) => [k, q[k].trim()] as const).filter(([, v]) => v !== ''),
  ) as InvoiceFilters;

/** The address after applying a search: other parameters (from) are kept, the page starts again at 1. */
export const writeInvoiceListQuery = (params: URLSearchParams, q: InvoiceListQuery): URLSearchParams => {
  const next = new URLSearchParams(params);
  for (const key of invoiceQueryKeys) {
    if (stateOnly.has(key)) continue;
    const v = q[key].trim();
    if (v) next.set(key, v);
    else next.delete(key);
  }
  next.delete('page');
  return next;
};

/** What the server would refuse (a reversed range, an amount with three decimals, part of a phone …), or null. */
export const invoiceQueryError = (q: InvoiceListQuery, staff = false): string | null => {
  const parsed = parseInvoiceSearch(toInvoiceFilters(q), staff);
  return parsed.ok ? null : parsed.message;
};

export const hasInvoiceFilters = (q: InvoiceListQuery) => invoiceQueryKeys.some((k) => q[k].trim() !== '');
