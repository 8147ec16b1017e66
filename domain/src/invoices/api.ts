import type { PayStatusValue } from './invoice.ts';

/**
 * The invoice answers as they travel (docs/api/invoices.md): one definition for the query service
 * that builds them and the screens that read them.
 */

/** One invoice as a list shows it; the number, time and operator are null until it is issued. */
export type InvoiceRow = {
  /** The order's id: one invoice per bought order. */
  id: string;
  invoiceNo: string | null;
  invoiceName: string;
  invoiceTime: string | null;
  centerBranchName: string;
  payStatus: PayStatusValue;
  amount: number;
  operator: string | null;
  orderNo: string;
  policyNo: string | null;
  insuranceCompanyName: string;
  /** When the customer bought the cover (投保). */
  insuredAt: string;
};

/** The back office's row adds the customer, masked (138****1234): staff open the order to call. */
export type StaffInvoiceRow = InvoiceRow & { userName: string };

export type InvoicePage<Row extends InvoiceRow = InvoiceRow> = {
  datas: Row[];
  /** How many invoices match the search (all pages). */
  totals: number;
  currentPage: number;
  pageSize: number;
};

/** The invoice page's envelope: the usual code/message/data plus the old page's success and errMessage. */
export type InvoiceEnvelope<T> = {
  code: number;
  message: string;
  data: T;
  success: boolean;
  errMessage: string | null;
};
