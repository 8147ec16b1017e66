/** Invoice calls (docs/api/invoices.md): the customer's own list and the back office's list of all. */
import useSWR from 'swr';
import type { InvoicePage, InvoiceRow, StaffInvoiceRow } from '@feibao/domain/invoices/api';
import type { InvoiceSearchInput } from '@feibao/domain/invoices/search';
import { request } from '../api/client.ts';
import { useSession } from '../api/session.ts';

export const invoicePaths = {
  mine: '/api/v1/uav/invoice/page',
  staff: '/api/v1/uav/backoffice/invoice/page',
} as const;

export type { InvoicePage, InvoiceRow, StaffInvoiceRow };
export type InvoiceScope = keyof typeof invoicePaths;
/** The search as sent: only the fields set (listFilters.ts `toInvoiceFilters`). */
export type InvoiceFilters = Omit<InvoiceSearchInput, 'currentPage' | 'pageSize' | 'userName'>;

export const INVOICE_LIST_SIZE = 20;

/**
 * One page of invoices (`Row`: StaffInvoiceRow for the staff scope); the previous page stays shown
 * while the next loads, so paging does not flash a spinner.
 */
export const useInvoicePage = <Row extends InvoiceRow = InvoiceRow>(
  scope: InvoiceScope,
  page: number,
  filters: InvoiceFilters,
) => {
  const session = useSession();
  return useSWR<InvoicePage<Row>>(
    session ? [invoicePaths[scope], page, JSON.stringify(filters), session.user?.mobilePhone ?? ''] : null,
    ([path, currentPage, f]: [string, number, string]) =>
      request<InvoicePage<Row>>(path, { body: { currentPage, pageSize: INVOICE_LIST_SIZE, ...JSON.parse(f) } }),
    { dedupingInterval: 0, keepPreviousData: true },
  );
};
