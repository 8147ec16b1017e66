import { describe, expect, it } from 'vitest';
import { notificationsOf, type Subjects } from './mapping.ts';
import { renderNotification } from './templates.ts';
import type { TriggerEvent } from './triggers.ts';

/** 批改's notices (docs/api/endorsement.md): the extra premium due, a decline with its reason. */
const subjects: Subjects = { order: { orderId: 'o1', owner: '13800000001', orderNo: 'FB1', policyNo: 'P1' } };
const quote = { rows: [], lines: [] } as never;

describe('批改 notifications', () => {
  it('given an approval with an extra premium, then the customer is told what to pay and by when', () => {
    const event = {
      type: 'EndorsementApproved',
      data: {
        orderId: 'o1',
        endorsementId: 'e1',
        endorsementNo: 'P1-01',
        answers: [],
        quote,
        approvedBy: 'system',
        reason: null,
        approvedAt: '2026-01-10T02:00:00.000Z',
        payment: { tradeNo: 'T2', amount: 728, dueAt: '2026-01-10T02:30:00.000Z' },
      },
    } as TriggerEvent;
    const [n] = notificationsOf(event, subjects);
    expect(n).toMatchObject({ kind: 'endorsementPaymentDue', recipient: '13800000001' });
    expect(renderNotification(n!.kind, n!.vars).body).toContain('P1-01');
    expect(notificationsOf({ ...event, data: { ...event.data, payment: null } } as TriggerEvent, subjects)).toEqual([]);
  });

  it('given a decline, then its reason (PolicyEndorsed is told with the 批单 documents, kind policyEndorsed)', () => {
    const declined = { type: 'EndorsementDeclined', data: { orderId: 'o1', reason: '风险过高' } };
    const [d] = notificationsOf(declined as TriggerEvent, subjects);
    expect(renderNotification(d!.kind, d!.vars).body).toContain('风险过高');
  });
});
