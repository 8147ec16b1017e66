import type { PolicyCancelled } from '../ordering/order.events.ts';
import { shanghaiDate } from '../shared/calendar.ts';
import { maskPhone } from '../shared/masking.ts';
import { type Invoice, type InvoiceState, type PartyLookup, PayStatus, SYSTEM_OPERATOR } from './invoice.ts';

/**
 * The 红字 (credit) invoice of a 退保 (docs/invoices.md): a second row beside the paid invoice, stored under its
 * own key (`creditKey`), for minus the refund, numbered after the original with `H`, issued when the cancellation
 * was approved, by 系统 (the rule approved it) or the staff member who did. Only a paid invoice is credited.
 */
export const creditKey = (orderId: string) => `${orderId}-H`;

export const creditNoteOf = (
  state: InvoiceState | null,
  event: PolicyCancelled,
  partyOf: PartyLookup,
): InvoiceState | null => {
  const invoice = state?.invoice;
  if (!state || !invoice || invoice.payStatus !== PayStatus.paid) return null;
  const at = event.data.cancelledAt;
  const approver = event.data.approvedBy;
  const operator = approver === 'system' ? SYSTEM_OPERATOR : partyOf(approver)?.name?.trim() || maskPhone(approver);
  const credit: Invoice = {
    ...invoice,
    id: creditKey(invoice.id),
    invoiceNo: invoice.invoiceNo ? `${invoice.invoiceNo}H` : null,
    invoiceTime: at,
    invoiceDate: shanghaiDate(new Date(at)),
    payStatus: PayStatus.credited,
    amount: -event.data.refundAmount,
    operator,
    listedAt: at,
  };
  return { ...state, invoice: credit };
};
