import { describe, expect, it } from 'vitest';
import { PayStatus } from './invoice.ts';
import { INVOICE_PAGE_SIZE, invoiceMessages, parseInvoiceSearch } from './search.ts';

const refused = (body: unknown) => {
  const parsed = parseInvoiceSearch(body);
  return parsed.ok ? null : parsed.message;
};

describe('invoice search', () => {
  it('takes an empty body as the first page, no filters; blanks mean no filter; userName is dropped', () => {
    const parsed = parseInvoiceSearch({
      invoiceNo: '',
      payStatus: '',
      amount: ' ',
      invoiceTime: null,
      userName: '13800000000',
    });
    expect(parsed).toEqual({ ok: true, search: { currentPage: 1, pageSize: INVOICE_PAGE_SIZE } });
    expect(parseInvoiceSearch(undefined)).toEqual({
      ok: true,
      search: { currentPage: 1, pageSize: INVOICE_PAGE_SIZE },
    });
  });

  it('reads every filter, as the old page sends them', () => {
    const parsed = parseInvoiceSearch({
      invoiceNo: ' FP01 ',
      invoiceName: '飞保',
      invoiceTime: '2025-03-05',
      invoicingDateStart: '2025-03-01',
      invoicingDateEnd: '2025-03-31T10:00:00+08:00',
      centerBranchName: '广东',
      payStatus: '1',
      amount: '1234.50',
      operator: '系统',
      currentPage: '2',
      pageSize: 50,
    });
    expect(parsed).toEqual({
      ok: true,
      search: {
        invoiceNo: 'FP01',
        invoiceName: '飞保',
        invoiceTime: '2025-03-05',
        invoicingDateStart: '2025-03-01',
        invoicingDateEnd: '2025-03-31',
        centerBranchName: '广东',
        payStatus: PayStatus.paid,
        amount: 1234.5,
        operator: '系统',
        currentPage: 2,
        pageSize: 50,
      },
    });
    for (const unpaid of [0, '0', 'unpaid', '待支付'])
      expect(parseInvoiceSearch({ payStatus: unpaid })).toMatchObject({ search: { payStatus: '待支付' } });
  });

  it('refuses bad input with a Chinese message', () => {
    expect(refused({ payStatus: '已退款' })).toBe(invoiceMessages.payStatus);
    expect(refused({ amount: 'abc' })).toBe(invoiceMessages.amount);
    expect(refused({ amount: -1 })).toBe(invoiceMessages.amount);
    expect(refused({ amount: '1e12' })).toBe(invoiceMessages.amount);
    expect(refused({ amount: 1.234 })).toBe(invoiceMessages.amountCents);
    expect(refused({ invoiceTime: '2025-02-30' })).toBe('开票日期不是有效日期');
    expect(refused({ invoiceTime: 'yesterday' })).toBe('开票日期格式应为yyyy-MM-dd');
    expect(refused({ invoicingDateStart: '2025-04-01', invoicingDateEnd: '2025-03-01' })).toBe(
      invoiceMessages.dateRange,
    );
    expect(refused({ currentPage: 0 })).toBe(invoiceMessages.currentPage);
    expect(refused({ currentPage: 'x' })).toBe(invoiceMessages.currentPage);
    expect(refused({ pageSize: 101 })).toBe(invoiceMessages.pageSize);
    expect(refused({ invoiceName: 'x'.repeat(101) })).toBe('发票抬头不能超过100个字符');
    expect(refused({ invoiceNo: { $gt: '' } })).toBe('发票号码格式不正确');
  });

  it('accepts amounts to the fen despite binary fractions', () => {
    for (const amount of [0.1, 0.29, 1234.57, 0])
      expect(parseInvoiceSearch({ amount })).toMatchObject({ ok: true, search: { amount } });
  });
});
