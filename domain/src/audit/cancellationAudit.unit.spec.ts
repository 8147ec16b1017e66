import { describe, expect, it } from 'vitest';
import { initialOrder, type OrderEvent } from '../ordering/order.events.ts';
import { orderAuditEntries } from './orderHistory.ts';

/** 退保 in the audit timeline: the request with its terms and reason, the referral, who approved or declined it and why. */
const at = '2026-03-01T02:00:00.000Z';
const row = (event: OrderEvent) => orderAuditEntries(initialOrder(), event, 9)[0]!;

describe('cancellation audit rows', () => {
  it('the request: the refund, how it was computed, the rule version, the customer and their reason', () => {
    const r = row({
      type: 'CancellationRequested',
      data: {
        orderId: 'o1',
        cancellationId: 'c1',
        reason: 'other',
        reasonTxt: '业务调整',
        effectiveDate: at,
        terms: {
          method: 'proRata',
          premium: 1200,
          refund: 940,
          fee: 20,
          kept: 240,
          daysTotal: 365,
          daysElapsed: 73,
          monthsElapsed: 3,
          coolingOffDays: 10,
          keepPct: null,
          autoApprove: false,
          rule: { ruleId: 'cancellation-2', version: 3 },
          explanation: ['扣除退保手续费¥20.00'],
        },
        auto: false,
        requestedBy: '13800000001',
        requestedAt: at,
      },
    });
    expect(r).toMatchObject({
      operateType: '申请退保',
      userName: '13800000001',
      change: 'policy',
      remark: '其他：业务调整',
    });
    expect(r.details).toBe('应退保费940元（按日比例退费，规则cancellation-2@3）；扣除退保手续费¥20.00');
  });

  it('approval and decline say who and why', () => {
    const approved = row({
      type: 'PolicyCancelled',
      data: {
        orderId: 'o1',
        cancellationId: 'c1',
        effectiveDate: at,
        refundAmount: 940,
        reason: 'other',
        reasonTxt: null,
        approvedBy: '19900000001',
        cancelledAt: at,
        approvalNote: '核实无误',
      },
    });
    expect(approved).toMatchObject({
      operateType: '退保',
      userName: '19900000001',
      change: 'admin',
      remark: '核实无误',
    });
    expect(approved.details).toContain('人工审核通过');
    const declined = row({
      type: 'CancellationDeclined',
      data: { orderId: 'o1', cancellationId: 'c1', by: '19900000001', reason: '资料不全', declinedAt: at },
    });
    expect(declined).toMatchObject({ operateType: '拒绝退保', userName: '19900000001', remark: '资料不全' });
  });
});
