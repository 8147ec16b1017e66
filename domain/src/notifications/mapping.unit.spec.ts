import { describe, expect, it } from 'vitest';
import type { Order } from '../ordering/order.events.ts';
import {
  checkIdOf,
  checksOf,
  isNews,
  notificationIdOf,
  notificationOfCheck,
  notificationsOf,
  subjectAfter,
  type ClaimSubject,
  type OrderSubject,
  type Subjects,
} from './mapping.ts';
import { renderNotification } from './templates.ts';
import type { TriggerEvent } from './triggers.ts';

const order: OrderSubject = { orderId: 'o1', owner: '13800000001', orderNo: 'FB001', policyNo: 'PN001' };
const claim: ClaimSubject = { claimId: 'c1', owner: '13800000001', claimNo: 'LP001', assignee: '13900000009' };
const subjects: Subjects = { order, claim };
const at = { claimId: 'c1', at: '2026-11-27T02:00:00.000Z', by: '13900000002' };

/** The one notification an event makes, rendered as the inbox shows it. */
const one = (event: TriggerEvent, s: Subjects = subjects) => {
  const made = notificationsOf(event, s);
  expect(made).toHaveLength(1);
  const n = made[0]!;
  return { ...n, ...renderNotification(n.kind, n.vars) };
};

describe('event → notification', () => {
  it('quotes in: the order owner, linked to the order', () => {
    const n = one({ type: 'QuotingCompleted', data: { orderId: 'o1', round: 1, completedAt: at.at } });
    expect(n).toMatchObject({ kind: 'quotesIn', recipient: order.owner, link: { type: 'order', id: 'o1' } });
    expect(n.body).toContain('FB001');
  });

  it('payment due: amount and due time (Shanghai) from the payment; none for an order bought before payments', () => {
    const insured = {
      type: 'OrderInsured' as const,
      data: {
        orderId: 'o1',
        insurerId: 1,
        insurerName: '甲保险',
        totalPremium: 300,
        insuredAt: at.at,
        requestedStartDate: null,
      },
    };
    expect(notificationsOf(insured, subjects)).toEqual([]);
    const n = one({
      ...insured,
      data: { ...insured.data, payment: { tradeNo: 'T1', amount: 300, dueAt: '2026-11-27T02:30:00.000Z' } },
    });
    expect(n).toMatchObject({ kind: 'paymentDue', recipient: order.owner, link: { type: 'order', id: 'o1' } });
    expect(n.body).toBe('订单FB001应付保费300.00元，请于2026-11-27 10:30前完成支付。');
  });

  it('退保: approved with the refund, declined with the reason; both link to the policy', () => {
    const cancelled = one({
      type: 'PolicyCancelled',
      data: {
        orderId: 'o1',
        cancellationId: 'x1',
        effectiveDate: at.at,
        refundAmount: 1234.5,
        reason: 'noLongerNeeded',
        reasonTxt: null,
        approvedBy: 'system',
        cancelledAt: at.at,
      },
    });
    expect(cancelled).toMatchObject({ kind: 'policyCancelled', recipient: order.owner, link: { type: 'policy' } });
    expect(cancelled.body).toBe('保单PN001（订单FB001）已退保，应退保费1234.50元将原路退回。');
    const declined = one({
      type: 'CancellationDeclined',
      data: { orderId: 'o1', cancellationId: 'x1', by: '19900000001', reason: '资料不全', declinedAt: at.at },
    });
    expect(declined.body).toContain('退保申请未通过：资料不全');
  });

  it('payment received and lapsed', () => {
    const paid = one({
      type: 'PaymentConfirmed',
      data: { orderId: 'o1', tradeNo: 'T1', amount: 88.5, paidAt: at.at, providerTradeNo: 'P1', via: 'notify' },
    });
    expect(paid).toMatchObject({ kind: 'paymentReceived', recipient: order.owner });
    // The order is a policy already: the payment was a 批改's extra premium.
    expect(paid.body).toBe('订单FB001已收到保费88.50元，批改保费已付清，批改后的保单将随即出具。');
    const purchase = one(
      {
        type: 'PaymentConfirmed',
        data: { orderId: 'o1', tradeNo: 'T1', amount: 88.5, paidAt: at.at, providerTradeNo: 'P1', via: 'notify' },
      },
      { order: { ...order, policyNo: null } },
    );
    expect(purchase.body).toBe('订单FB001已收到保费88.50元，保险公司将尽快承保。');
    const lapsed = one({
      type: 'PaymentLapsed',
      data: { orderId: 'o1', tradeNo: 'T1', lapsedAt: at.at, quoteValid: true },
    });
    expect(lapsed).toMatchObject({ kind: 'paymentLapsed', link: { type: 'order', id: 'o1' } });
  });

  it('policy issued (document) and in force link to the policy', () => {
    const issued = one({
      type: 'PolicyDocumentIssued',
      data: {
        orderId: 'o1',
        documentId: 'd1',
        policyNo: 'PN001',
        verificationCode: 'MH5G-1P5D-2886-3TEW-H88Q-1G98-HNQS-DF1T',
        fileSha256: 'f'.repeat(64),
        contentSha256: 'c'.repeat(64),
        pages: 1,
        bytes: 148_000,
        issuedAt: at.at,
      },
    });
    expect(issued).toMatchObject({ kind: 'policyIssued', link: { type: 'policy', id: 'o1' } });
    expect(issued.body).toContain('下载电子保单');
    // A later version's 电子保单 (after its 批单) tells the owner of the 批改 instead.
    const endorsed = one({
      type: 'PolicyDocumentIssued',
      data: {
        orderId: 'o1',
        documentId: 'd2',
        policyNo: 'PN001',
        version: 2,
        verificationCode: 'MH5G-1P5D-2886-3TEW-H88Q-1G98-HNQS-DF1V',
        fileSha256: 'e'.repeat(64),
        contentSha256: 'd'.repeat(64),
        pages: 1,
        bytes: 150_000,
        issuedAt: at.at,
      },
    });
    expect(endorsed).toMatchObject({
      kind: 'policyEndorsed',
      title: '保单已批改',
      link: { type: 'policy', id: 'o1' },
    });
    expect(endorsed.body).toContain('保单已批改（第2版）');
    const inForce = one({ type: 'PolicyTookEffect', data: { orderId: 'o1', at: at.at } });
    expect(inForce).toMatchObject({
      kind: 'policyInForce',
      recipient: order.owner,
      link: { type: 'policy', id: 'o1' },
    });
  });

  it('claim accepted, evidence requested (with the message), assessed (payable), closed: the claimant', () => {
    expect(one({ type: 'ClaimAccepted', data: { ...at, reason: null, closeDueAt: at.at } })).toMatchObject({
      kind: 'claimAccepted',
      recipient: claim.owner,
      link: { type: 'claim', id: 'c1' },
    });
    expect(one({ type: 'EvidenceRequested', data: { ...at, message: '请补充维修发票' } }).body).toContain(
      '请补充维修发票',
    );
    const assessed = one({
      type: 'ClaimAssessed',
      data: { ...at, exposures: [], lossAmount: 2000, payableAmount: 1500, reason: null },
    });
    expect(assessed.body).toContain('1500.00元');
    expect(one({ type: 'ClaimClosed', data: { ...at, reason: '结案' } }).kind).toBe('claimClosed');
  });

  it('staff: the assignee of a claim, unless they took it themselves; overdue goes to the assignee', () => {
    expect(one({ type: 'ClaimAssigned', data: { ...at, assignee: '13900000009' } })).toMatchObject({
      kind: 'claimAssigned',
      recipient: '13900000009',
      link: { type: 'claim', id: 'c1' },
    });
    expect(notificationsOf({ type: 'ClaimAssigned', data: { ...at, assignee: at.by } }, subjects)).toEqual([]);
    expect(notificationsOf({ type: 'ClaimAssigned', data: { ...at, assignee: null } }, subjects)).toEqual([]);
    const overdue = one({ type: 'ClaimSlaOverdue', data: { ...at, stage: 'accept', dueAt: at.at } });
    expect(overdue).toMatchObject({ kind: 'claimOverdue', recipient: '13900000009' });
    expect(overdue.body).toContain('受理已超时');
    expect(
      notificationsOf(
        { type: 'ClaimSlaOverdue', data: { ...at, stage: 'close', dueAt: at.at } },
        { claim: { ...claim, assignee: null } },
      ),
    ).toEqual([]);
  });

  it('makes nothing for an order or claim it has not seen opened', () => {
    expect(
      notificationsOf({ type: 'QuotingCompleted', data: { orderId: 'o1', round: 1, completedAt: at.at } }, {}),
    ).toEqual([]);
    expect(notificationsOf({ type: 'ClaimClosed', data: { ...at, reason: 'x' } }, {})).toEqual([]);
  });

  it('remembers owners, numbers, the policy number and the assignee', () => {
    const saved = subjectAfter(
      {
        type: 'OrderDraftSaved',
        data: { orderId: 'o1', orderNo: 'FB001', owner: '138', orderType: 0, form: {} as never, savedAt: at.at },
      },
      {},
    );
    expect(saved).toEqual({ order: { orderId: 'o1', owner: '138', orderNo: 'FB001', policyNo: null } });
    const underwritten = subjectAfter(
      {
        type: 'PolicyUnderwritten',
        data: { orderId: 'o1', policyNo: 'PN9', startDate: at.at, endDate: at.at, underwrittenAt: at.at },
      },
      saved!,
    );
    expect(underwritten?.order?.policyNo).toBe('PN9');
    expect(subjectAfter({ type: 'ClaimAssigned', data: { ...at, assignee: '139' } }, subjects)?.claim?.assignee).toBe(
      '139',
    );
  });

  it('tells only news: an event more than two days old when reached makes nothing', () => {
    const now = new Date('2026-11-27T12:00:00.000Z');
    expect(isNews('2026-11-27T11:59:00.000Z', now)).toBe(true);
    expect(isNews('2026-11-25T12:00:00.000Z', now)).toBe(true);
    expect(isNews('2026-11-25T11:59:59.000Z', now)).toBe(false);
  });

  it('ids are deterministic per trigger, kind, variant and recipient', () => {
    const id = notificationIdOf(42, { kind: 'quotesIn', recipient: '13800000001' });
    expect(id).toMatch(/^n-42-quotesIn-[0-9a-f]{8}$/);
    expect(id).not.toContain('13800000001');
    expect(notificationIdOf(42, { kind: 'quotesIn', recipient: '13800000001' })).toBe(id);
    expect(notificationIdOf(42, { kind: 'quotesIn', recipient: '13800000002' })).not.toBe(id);
    expect(notificationIdOf('pe-o1', { kind: 'policyEnding', recipient: '138', variant: '7' })).toMatch(
      /^n-pe-o1-policyEnding7-[0-9a-f]{8}$/,
    );
  });
});

describe('scheduled checks', () => {
  const quote = (validUntil: string | undefined, kind: 'quoted' | 'declined' = 'quoted') =>
    ({
      type: 'InsurerQuoteRecorded',
      data: {
        orderId: 'o1',
        requestId: 'r1',
        insurerId: 1,
        answers: [kind === 'quoted' ? { key: 'a', kind, premium: 1, deductible: '' } : { key: 'a', kind, reason: 'x' }],
        source: 'automatic',
        recordedBy: 'system',
        recordedAt: '2026-11-20T00:00:00.000Z',
        validUntil,
      },
    }) as TriggerEvent;

  it('a quote: 24 h before its validUntil, not for a declined one or one without a validity', () => {
    expect(checksOf(quote('2026-11-25T00:00:00.000Z'))).toEqual([
      {
        kind: 'quoteExpiring',
        orderId: 'o1',
        requestId: 'r1',
        validUntil: '2026-11-25T00:00:00.000Z',
        at: '2026-11-24T00:00:00.000Z',
      },
    ]);
    expect(checksOf(quote(undefined))).toEqual([]);
    expect(checksOf(quote('2026-11-25T00:00:00.000Z', 'declined'))).toEqual([]);
    expect(checksOf(quote('2026-11-20T12:00:00.000Z'))).toEqual([]);
  });

  it('a policy: 30 and 7 days before its end, only those after underwriting', () => {
    const underwritten = (endDate: string) =>
      ({
        type: 'PolicyUnderwritten',
        data: {
          orderId: 'o1',
          policyNo: 'PN',
          startDate: '2026-01-01T00:00:00.000Z',
          endDate,
          underwrittenAt: '2026-01-01T00:00:00.000Z',
        },
      }) as TriggerEvent;
    expect(checksOf(underwritten('2026-12-31T16:00:00.000Z')).map((c) => [c.at, checkIdOf(c)])).toEqual([
      ['2026-12-01T16:00:00.000Z', 'pe-o1-30-1798732800000'],
      ['2026-12-24T16:00:00.000Z', 'pe-o1-7-1798732800000'],
      ['2026-12-31T16:00:00.000Z', 'pe-o1-0-1798732800000'],
    ]);
    expect(checksOf(underwritten('2026-01-20T00:00:00.000Z')).map((c) => c.kind === 'policyEnding' && c.days)).toEqual([
      7, 0,
    ]);
  });

  const quoted = (status: 'quoted' | 'insured', validUntil: string) =>
    ({
      status,
      orderId: 'o1',
      orderNo: 'FB001',
      owner: '138',
      insurers: [{ request: { requestId: 'r1', insurerName: '甲保险' }, validUntil }],
    }) as unknown as Order;
  const check = {
    kind: 'quoteExpiring' as const,
    orderId: 'o1',
    requestId: 'r1',
    validUntil: '2026-11-25T00:00:00.000Z',
    at: '',
  };

  it('a firing quote check tells only while the order is not bought and the quote unchanged', () => {
    const now = new Date('2026-11-24T00:00:00.000Z');
    const n = notificationOfCheck(check, quoted('quoted', check.validUntil), now);
    expect(n).toMatchObject({ kind: 'quoteExpiring', recipient: '138', link: { type: 'order', id: 'o1' } });
    expect(renderNotification(n!.kind, n!.vars).body).toContain('甲保险的报价将于2026-11-25 08:00过期');
    expect(notificationOfCheck(check, quoted('insured', check.validUntil), now)).toBeNull();
    expect(notificationOfCheck(check, quoted('quoted', '2026-11-26T00:00:00.000Z'), now)).toBeNull();
  });

  it('a firing policy check tells while the policy still ends then', () => {
    const policy = {
      status: 'inForce',
      orderId: 'o1',
      owner: '138',
      policyNo: 'PN',
      endDate: '2026-12-31T16:00:00.000Z',
    } as unknown as Order;
    const c = { kind: 'policyEnding' as const, orderId: 'o1', days: 7, endDate: '2026-12-31T16:00:00.000Z', at: '' };
    const n = notificationOfCheck(c, policy, new Date());
    expect(n).toMatchObject({ kind: 'policyEnding', variant: '7', link: { type: 'policy', id: 'o1' } });
    expect(renderNotification(n!.kind, n!.vars).body).toBe(
      '保单PN将在7天后（2027-01-01）到期，如需继续保障请及时续保。',
    );
    expect(notificationOfCheck(c, { ...policy, status: 'lapsed' } as Order, new Date())).toBeNull();
  });

  it('续保 reminders: on the day (policyEnded) even once lapsed; none once renewed or cancelled', () => {
    const policy = {
      status: 'lapsed',
      orderId: 'o1',
      owner: '138',
      policyNo: 'PN',
      endDate: '2026-12-31T16:00:00.000Z',
    } as unknown as Order;
    const onTheDay = {
      kind: 'policyEnding' as const,
      orderId: 'o1',
      days: 0,
      endDate: '2026-12-31T16:00:00.000Z',
      at: '',
    };
    const n = notificationOfCheck(onTheDay, policy, new Date());
    expect(n).toMatchObject({ kind: 'policyEnded', link: { type: 'policy', id: 'o1' } });
    expect(renderNotification(n!.kind, n!.vars).body).toBe(
      '保单PN今日（2027-01-01）到期，宽限期内仍可在订单详情中续保，逾期需重新投保。',
    );
    const renewed = { ...policy, renewedBy: { orderId: 'o2', orderNo: 'FB2', at: '' } } as Order;
    expect(notificationOfCheck(onTheDay, renewed, new Date())).toBeNull();
    expect(
      notificationOfCheck({ ...onTheDay, days: 7 }, { ...renewed, status: 'inForce' } as Order, new Date()),
    ).toBeNull();
    expect(notificationOfCheck(onTheDay, { ...policy, status: 'cancelled' } as Order, new Date())).toBeNull();
  });
});
