import { describe, expect, it } from 'vitest';
import { generalApplication, prepared } from '../ordering/fixtures.ts';
import { initialOrder, type Order } from '../ordering/order.events.ts';
import { orderAuditEntries } from './orderHistory.ts';

/** 续保 in an order's history: the old order says 已续保为, the new one says where it comes from. */
describe('续保 in the audit history', () => {
  const form = prepared(generalApplication());
  it('RenewalStarted: the owner renewed, naming the new order', () => {
    const before = { status: 'inForce', owner: '13800000001' } as unknown as Order;
    const [entry] = orderAuditEntries(
      before,
      {
        type: 'RenewalStarted',
        data: { orderId: 'o1', renewalOrderId: 'o2', renewalOrderNo: 'FB2', at: '2026-12-20T00:00:00Z' },
      },
      7,
    );
    expect(entry).toMatchObject({
      userName: '13800000001',
      change: 'policy',
      operateType: '续保',
      details: '已续保为FB2',
    });
  });
  it('the renewal order is created 续保自 the old one', () => {
    const [entry] = orderAuditEntries(
      initialOrder(),
      {
        type: 'OrderDraftSaved',
        data: {
          orderId: 'o2',
          orderNo: 'FB2',
          owner: '13800000001',
          orderType: 0,
          form,
          savedAt: '2026-12-20T00:00:00Z',
          renewalOf: { orderId: 'o1', orderNo: 'FB1', policyNo: 'P1', previousEndDate: '', gapDays: 0 },
        },
      },
      8,
    );
    expect(JSON.stringify(entry)).toContain('续保自FB1，创建订单FB2');
  });
});
