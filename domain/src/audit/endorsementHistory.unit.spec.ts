import { describe, expect, it } from 'vitest';
import { initialOrder } from '../ordering/order.events.ts';
import { orderAuditEntries } from './orderHistory.ts';

/** 批改 in the audit history: who asked, who approved or declined and why. */
describe('批改 in the order audit', () => {
  it('given the desk declined it, then the row names the staff member and the reason', () => {
    const [row] = orderAuditEntries(
      initialOrder(),
      {
        type: 'EndorsementDeclined',
        data: {
          orderId: 'o1',
          endorsementId: 'e1',
          declinedBy: '19900000002',
          reason: '风险过高',
          declinedAt: '2026-01-10T02:00:00.000Z',
        },
      },
      7,
    );
    expect(row).toMatchObject({ userName: '19900000002', operateType: '批改拒绝' });
    expect(JSON.stringify(row)).toContain('风险过高');
  });

  it('given the insurer approved it with an extra premium, then by the system, with the amount to pay', () => {
    const [row] = orderAuditEntries(
      initialOrder(),
      {
        type: 'EndorsementApproved',
        data: {
          orderId: 'o1',
          endorsementId: 'e1',
          endorsementNo: 'P1-01',
          answers: [],
          quote: { total: 728 },
          approvedBy: 'system',
          reason: null,
          approvedAt: '2026-01-10T02:00:00.000Z',
          payment: { tradeNo: 'T2', amount: 728, dueAt: '2026-01-10T02:30:00.000Z' },
        },
      },
      8,
    );
    expect(row).toMatchObject({ userName: '系统', operateType: '批改通过' });
    expect(JSON.stringify(row)).toContain('P1-01，加费728元，待支付728元');
  });
});
