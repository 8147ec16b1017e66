import { describe, expect, it } from 'vitest';
import { paymentExceptionNames, paymentFiltersOf, paymentStatusIntent, paymentStatusNames } from './labels.ts';

describe('payments screen labels', () => {
  it('names every status and exception in Chinese', () => {
    expect(paymentStatusNames).toEqual({ unpaid: '待支付', paid: '已支付', expired: '支付已超时', refunded: '已退款' });
    expect(paymentExceptionNames.paidNotUnderwritten).toBe('已支付未承保');
    expect(paymentStatusIntent('paid')).toBe('success');
  });

  it('reads the filters from the address, dropping what the server would refuse', () => {
    expect(paymentFiltersOf(new URLSearchParams('status=paid&exception=refundPending&orderNo=FB2026'))).toEqual({
      status: 'paid',
      exception: 'refundPending',
      orderNo: 'FB2026',
    });
    expect(
      paymentFiltersOf(new URLSearchParams('status=toString&exception=x&orderNo=FB%25&phone=13812341234')),
    ).toEqual({ status: '', exception: '', orderNo: '' });
  });
});
