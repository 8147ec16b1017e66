import { describe, expect, it } from 'vitest';
import { dateTime, money } from './labels.ts';
import {
  emptyInvoiceListQuery,
  hasInvoiceFilters,
  invoiceQueryError,
  readInvoiceListQuery,
  toInvoiceFilters,
  writeInvoiceListQuery,
} from './listFilters.ts';

describe('invoice list search in the address', () => {
  it('reads what it can use and drops unreadable dates and statuses', () => {
    const q = readInvoiceListQuery(
      new URLSearchParams(
        'invoiceNo=%20FP01%20&payStatus=已退款&invoiceTime=yesterday&invoicingDateStart=2025-03-01&amount=12.5&page=3&from=x',
      ),
    );
    expect(q).toEqual({
      ...emptyInvoiceListQuery,
      invoiceNo: 'FP01',
      invoicingDateStart: '2025-03-01',
      amount: '12.5',
    });
    expect(readInvoiceListQuery(new URLSearchParams('payStatus=待支付')).payStatus).toBe('待支付');
  });

  it('sends only what is set, and writes it back starting again at page 1, keeping other parameters', () => {
    const q = { ...emptyInvoiceListQuery, invoiceName: ' 飞保 ', payStatus: '已支付' };
    expect(toInvoiceFilters(q)).toEqual({ invoiceName: '飞保', payStatus: '已支付' });
    const next = writeInvoiceListQuery(new URLSearchParams('page=4&from=x&operator=系统'), q);
    expect(Object.fromEntries(next)).toEqual({ from: 'x', invoiceName: '飞保', payStatus: '已支付' });
    expect(hasInvoiceFilters(q)).toBe(true);
    expect(hasInvoiceFilters(emptyInvoiceListQuery)).toBe(false);
  });

  it('says what the server would refuse before asking it', () => {
    expect(
      invoiceQueryError({ ...emptyInvoiceListQuery, invoicingDateStart: '2025-04-01', invoicingDateEnd: '2025-03-01' }),
    ).toBe('开票开始日期不能晚于结束日期');
    expect(invoiceQueryError({ ...emptyInvoiceListQuery, amount: '1.234' })).toBe('金额最多保留两位小数');
    expect(invoiceQueryError({ ...emptyInvoiceListQuery, amount: '十元' })).toBe('金额必须是不小于0的数字');
    expect(invoiceQueryError({ ...emptyInvoiceListQuery, amount: '10.5', invoiceTime: '2025-03-05' })).toBeNull();
  });

  it('keeps the order number in the address but never the customer’s phone', () => {
    const q = { ...emptyInvoiceListQuery, orderNo: 'FB2026', phone: '13812341234' };
    expect(toInvoiceFilters(q)).toEqual({ orderNo: 'FB2026', phone: '13812341234' });
    expect(Object.fromEntries(writeInvoiceListQuery(new URLSearchParams(), q))).toEqual({ orderNo: 'FB2026' });
    expect(readInvoiceListQuery(new URLSearchParams('orderNo=FB1&phone=13812341234'))).toEqual({
      ...emptyInvoiceListQuery,
      orderNo: 'FB1',
    });
    expect(invoiceQueryError({ ...emptyInvoiceListQuery, phone: '1381234' }, true)).toBe('请输入完整的11位手机号');
    expect(invoiceQueryError({ ...emptyInvoiceListQuery, phone: '138 1234 1234' }, true)).toBeNull();
    expect(invoiceQueryError({ ...emptyInvoiceListQuery, orderNo: 'FB-1' })).toBe('订单号只能包含字母和数字，最多32位');
  });

  it('formats amounts and Shanghai times', () => {
    expect(money(1234.5)).toBe('¥1,234.50');
    expect(dateTime('2025-03-04T23:30:00.000Z')).toBe('2025-03-05 07:30');
    expect(dateTime(null)).toBe('—');
  });
});
