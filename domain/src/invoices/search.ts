import { z } from 'zod';
import { blank, date, text, toNumber } from '../shared/fields.ts';
import { PayStatus, type PayStatusValue } from './invoice.ts';
import { orderNoSearch, phoneSearch } from '../shared/search.ts';

/**
 * The invoice list's search (docs/invoices.md), for the customer's list and the back office's
 * alike: every field optional, blanks mean "no filter", the first refusal is the Chinese message.
 */

export const invoiceMessages = {
  payStatus: '支付状态不正确',
  amount: '金额必须是不小于0的数字',
  amountCents: '金额最多保留两位小数',
  dateRange: '开票开始日期不能晚于结束日期',
  currentPage: '页码不正确',
  pageSize: '每页条数不正确',
} as const;

export const INVOICE_PAGE_SIZE = 20;
export const MAX_INVOICE_AMOUNT = 1_000_000_000;

/** The old page may send the label or a code: 0 / unpaid / 待支付, 1 / paid / 已支付. */
const payStatusOf = (v: unknown): unknown => {
  if (blank(v)) return undefined;
  const s = String(v).trim();
  if (s === '0' || s === 'unpaid' || s === PayStatus.unpaid) return PayStatus.unpaid;
  if (s === '1' || s === 'paid' || s === PayStatus.paid) return PayStatus.paid;
  if (s === '2' || s === 'credited' || s === PayStatus.credited) return PayStatus.credited;
  return v;
};

const hasCents = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

const pageNumber = (message: string, max: number, fallback: number) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : toNumber(v)),
    z
      .number({ error: message })
      .int({ error: message })
      .min(1, { error: message })
      .max(max, { error: message })
      .optional()
      .default(fallback),
  );

const invoiceSearchFields = {
  invoiceNo: text('发票号码', 64),
  invoiceName: text('发票抬头', 100),
  /** One day (yyyy-MM-dd, Asia/Shanghai): invoices issued on it. */
  invoiceTime: date('开票日期'),
  invoicingDateStart: date('开票开始日期'),
  invoicingDateEnd: date('开票结束日期'),
  centerBranchName: text('开票机构', 50),
  payStatus: z.preprocess(
    payStatusOf,
    z.enum([PayStatus.unpaid, PayStatus.paid, PayStatus.credited], { error: invoiceMessages.payStatus }).optional(),
  ),
  /** Yuan, to the fen: invoices of exactly this amount. */
  amount: z.preprocess(
    toNumber,
    z
      .number({ error: invoiceMessages.amount })
      .min(0, { error: invoiceMessages.amount })
      .max(MAX_INVOICE_AMOUNT, { error: invoiceMessages.amount })
      .refine(hasCents, { error: invoiceMessages.amountCents })
      .optional(),
  ),
  operator: text('开票人', 50),
  currentPage: pageNumber(invoiceMessages.currentPage, 100_000, 1),
  pageSize: pageNumber(invoiceMessages.pageSize, 100, INVOICE_PAGE_SIZE),
  /** The order number or its beginning (domain/src/shared/search.ts). */
  orderNo: orderNoSearch,
  // The old client sends its own userName; whose invoices are listed comes from the token.
  userName: z.unknown().optional(),
};

type DateRange = { invoicingDateStart?: string; invoicingDateEnd?: string };
const dateRangeHolds = (b: DateRange) =>
  !b.invoicingDateStart || !b.invoicingDateEnd || b.invoicingDateStart <= b.invoicingDateEnd;

export const invoiceSearchSchema = z
  .object(invoiceSearchFields)
  .refine(dateRangeHolds, { error: invoiceMessages.dateRange, path: ['invoicingDateEnd'] })
  .transform(({ userName: _userName, ...search }) => search);

/**
 * The back office's search: the customer's list's fields and the customer's whole phone, matched
 * exactly (the list shows it masked; a whole number only tells whether that customer has invoices).
 */
export const staffInvoiceSearchSchema = z
  .object({ ...invoiceSearchFields, phone: phoneSearch })
  .refine(dateRangeHolds, { error: invoiceMessages.dateRange, path: ['invoicingDateEnd'] })
  .transform(({ userName: _userName, ...search }) => search);

export type InvoiceSearchInput = z.input<typeof staffInvoiceSearchSchema>;
export type InvoiceSearch = z.output<typeof invoiceSearchSchema>;
export type StaffInvoiceSearch = z.output<typeof staffInvoiceSearchSchema>;
export type { PayStatusValue };

/**
 * Parse without throwing: the search or the first refusal message (the web checks before sending);
 * `staff` for the back office's search, which takes the customer's phone too.
 */
export const parseInvoiceSearch = (
  body: unknown,
  staff = false,
): { ok: true; search: StaffInvoiceSearch } | { ok: false; message: string } => {
  const result = (staff ? staffInvoiceSearchSchema : invoiceSearchSchema).safeParse(body ?? {});
  return result.success ? { ok: true, search: result.data } : { ok: false, message: result.error.issues[0]!.message };
};
