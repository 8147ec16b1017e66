import { describe, expect, it } from 'vitest';
import type { PolicyCancelled } from '../ordering/order.events.ts';
import { creditKey, creditNoteOf } from './credit.ts';
import { PayStatus, type Invoice, type InvoiceState } from './invoice.ts';

/** The 红字 row of a 退保: minus the refund, numbered after the original, by whoever approved it. */
const invoice: Invoice = {
  id: 'o1',
  orderNo: 'FB1',
  owner: '13800000001',
  invoiceNo: 'FP01202601010001',
  invoiceName: '飞保测绘',
  invoiceTime: '2026-01-01T02:00:00.000Z',
  invoiceDate: '2026-01-01',
  centerBranchName: '人保财险总公司',
  payStatus: PayStatus.paid,
  amount: 1200,
  operator: '系统',
  policyNo: 'P01202601010001',
  insuranceCompanyId: 1,
  insuranceCompanyName: '人保财险',
  insuredAt: '2026-01-01T01:00:00.000Z',
  listedAt: '2026-01-01T02:00:00.000Z',
};
const state: InvoiceState = { trace: { orderId: 'o1', orderNo: 'FB1', owner: '13800000001', verifiedBy: {} }, invoice };
const cancelled = (approvedBy: string): PolicyCancelled => ({
  type: 'PolicyCancelled',
  data: {
    orderId: 'o1',
    cancellationId: 'c1',
    effectiveDate: '2026-03-01T02:00:00.000Z',
    refundAmount: 940,
    reason: 'noLongerNeeded',
    reasonTxt: null,
    approvedBy,
    cancelledAt: '2026-03-01T16:30:00.000Z',
  },
});

describe('creditNoteOf', () => {
  it('a paid invoice gets its 红字 row: negative, numbered with H, dated at the approval (Shanghai day)', () => {
    const credit = creditNoteOf(state, cancelled('system'), () => null)!.invoice!;
    expect(credit).toMatchObject({
      id: creditKey('o1'),
      invoiceNo: 'FP01202601010001H',
      payStatus: PayStatus.credited,
      amount: -940,
      operator: '系统',
      invoiceDate: '2026-03-02',
    });
    const byStaff = creditNoteOf(state, cancelled('19900000001'), () => ({
      name: '王审核',
      enterpriseName: null,
      province: null,
    }))!.invoice!;
    expect(byStaff.operator).toBe('王审核');
  });
  it('an unpaid or missing invoice is not credited', () => {
    expect(
      creditNoteOf({ ...state, invoice: { ...invoice, payStatus: PayStatus.unpaid } }, cancelled('system'), () => null),
    ).toBeNull();
    expect(creditNoteOf(null, cancelled('system'), () => null)).toBeNull();
  });
});
