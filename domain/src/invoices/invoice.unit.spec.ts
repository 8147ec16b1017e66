import { describe, expect, it } from 'vitest';
import {
  type InvoiceOrderEvent,
  type InvoiceParty,
  type InvoiceState,
  type InvoiceUserEvent,
  branchName,
  evolveInvoice,
  evolveInvoiceParty,
  invoiceNumber,
  invoiceTitle,
  partiesNeeded,
  PayStatus,
  SYSTEM_OPERATOR,
} from './invoice.ts';

const OWNER = '13800001234';
const STAFF = '19900000001';
const ORDER = 'order-1';

const saved: InvoiceOrderEvent = {
  type: 'OrderDraftSaved',
  data: {
    orderId: ORDER,
    orderNo: 'FB20250301000001',
    owner: OWNER,
    orderType: 0,
    form: {} as never,
    savedAt: '2025-03-01T01:00:00.000Z',
  },
};
const inquiry = (round: number): InvoiceOrderEvent => ({
  type: 'InquiryRequested',
  data: { orderId: ORDER, round, form: {} as never, lines: [], requests: [], requestedAt: '2025-03-01T02:00:00.000Z' },
});
const manualQuote = (insurerId: number, by = STAFF, kind: 'quoted' | 'declined' = 'quoted'): InvoiceOrderEvent => ({
  type: 'InsurerQuoteRecorded',
  data: {
    orderId: ORDER,
    requestId: `${ORDER}.1.${insurerId}`,
    insurerId,
    answers: [
      kind === 'quoted'
        ? { key: '1:0', kind, premium: 100, deductible: '0免赔' }
        : { key: '1:0', kind, reason: '风险过高' },
    ],
    source: 'manual',
    recordedBy: by,
    recordedAt: '2025-03-02T02:00:00.000Z',
  },
});
const automaticQuote = (insurerId: number): InvoiceOrderEvent => ({
  ...(manualQuote(insurerId) as Extract<InvoiceOrderEvent, { type: 'InsurerQuoteRecorded' }>),
  data: {
    ...(manualQuote(insurerId).data as Extract<InvoiceOrderEvent, { type: 'InsurerQuoteRecorded' }>['data']),
    source: 'automatic',
    recordedBy: 'system',
  },
});
const insured = (insurerId = 1, insurerName = '人保财险'): InvoiceOrderEvent => ({
  type: 'OrderInsured',
  data: {
    orderId: ORDER,
    insurerId,
    insurerName,
    totalPremium: 1234.5,
    insuredAt: '2025-03-03T02:00:00.000Z',
    requestedStartDate: null,
  },
});
const paidInsured: InvoiceOrderEvent = {
  ...(insured() as Extract<InvoiceOrderEvent, { type: 'OrderInsured' }>),
  data: {
    ...(insured() as Extract<InvoiceOrderEvent, { type: 'OrderInsured' }>).data,
    payment: { tradeNo: 'T1', amount: 1234.5, dueAt: '2025-03-03T02:30:00.000Z' },
  },
};
const paymentConfirmed: InvoiceOrderEvent = {
  type: 'PaymentConfirmed',
  // 16:30 UTC on 3 March is 4 March in Shanghai.
  data: {
    orderId: ORDER,
    tradeNo: 'T1',
    amount: 1234.5,
    paidAt: '2025-03-03T16:30:00.000Z',
    providerTradeNo: 'G1',
    via: 'notify',
  },
};
const paymentLapsed: InvoiceOrderEvent = {
  type: 'PaymentLapsed',
  data: { orderId: ORDER, tradeNo: 'T1', lapsedAt: '2025-03-03T02:30:00.000Z', quoteValid: true },
};
const underwritten: InvoiceOrderEvent = {
  type: 'PolicyUnderwritten',
  data: {
    orderId: ORDER,
    policyNo: 'P012025030412345678',
    startDate: '2025-03-04T17:00:00.000Z',
    endDate: '2026-03-04T17:00:00.000Z',
    // 23:30 on 4 March in UTC is 5 March in Shanghai.
    underwrittenAt: '2025-03-04T23:30:00.000Z',
  },
};

const company: InvoiceParty = { name: '张三', enterpriseName: '飞保测绘科技有限公司', province: '440000' };
const admin: InvoiceParty = { name: '李审核', enterpriseName: null, province: null };
const parties = (map: Record<string, InvoiceParty>) => (phone: string) => map[phone] ?? null;

const fold = (events: InvoiceOrderEvent[], lookup = parties({ [OWNER]: company, [STAFF]: admin })) =>
  events.reduce<InvoiceState | null>((state, event) => evolveInvoice(state, event, lookup), null);

describe('invoice derivation (given order events → the invoice row)', () => {
  it('lists nothing for an order not bought', () => {
    expect(fold([saved, inquiry(1), automaticQuote(1)])?.invoice).toBeNull();
    expect(fold([inquiry(1)])).toBeNull();
  });

  it('shows a bought order as 待支付, without a number, time or operator', () => {
    const invoice = fold([saved, inquiry(1), automaticQuote(1), insured()])!.invoice!;
    expect(invoice).toMatchObject({
      id: ORDER,
      orderNo: 'FB20250301000001',
      owner: OWNER,
      payStatus: PayStatus.unpaid,
      invoiceNo: null,
      invoiceTime: null,
      operator: null,
      invoiceName: '飞保测绘科技有限公司',
      centerBranchName: '人保财险广东分公司',
      amount: 1234.5,
      insuranceCompanyName: '人保财险',
      listedAt: '2025-03-03T02:00:00.000Z',
    });
  });

  it('with a payment: 已支付 at payment time (dated in Shanghai), numbered from the policy at underwriting', () => {
    const bought = fold([saved, inquiry(1), automaticQuote(1), paidInsured])!;
    expect(bought.invoice).toMatchObject({ payStatus: PayStatus.unpaid, invoiceTime: null });
    const paid = fold([saved, inquiry(1), automaticQuote(1), paidInsured, paymentConfirmed])!.invoice!;
    expect(paid).toMatchObject({
      payStatus: PayStatus.paid,
      invoiceTime: '2025-03-03T16:30:00.000Z',
      invoiceDate: '2025-03-04',
      operator: SYSTEM_OPERATOR,
      invoiceName: '飞保测绘科技有限公司',
      invoiceNo: null,
      policyNo: null,
      listedAt: '2025-03-03T16:30:00.000Z',
    });
    const numbered = fold([saved, inquiry(1), automaticQuote(1), paidInsured, paymentConfirmed, underwritten])!
      .invoice!;
    expect(numbered).toMatchObject({
      payStatus: PayStatus.paid,
      invoiceNo: 'FP012025030412345678',
      policyNo: 'P012025030412345678',
      // Still the payment's time: underwriting does not re-issue it.
      invoiceTime: '2025-03-03T16:30:00.000Z',
    });
  });

  it('takes the row away when the purchase lapses unpaid; buying again makes a new one', () => {
    const lapsed = fold([saved, inquiry(1), automaticQuote(1), paidInsured, paymentLapsed])!;
    expect(lapsed.invoice).toBeNull();
    const again = fold([saved, inquiry(1), automaticQuote(1), paidInsured, paymentLapsed, paidInsured])!;
    expect(again.invoice).toMatchObject({ payStatus: PayStatus.unpaid });
  });

  it('issues a purchase from before payments at underwriting: 已支付, numbered from the policy, dated in Shanghai, by the system', () => {
    const invoice = fold([saved, inquiry(1), automaticQuote(1), insured(), underwritten])!.invoice!;
    expect(invoice).toMatchObject({
      payStatus: PayStatus.paid,
      invoiceNo: 'FP012025030412345678',
      invoiceTime: '2025-03-04T23:30:00.000Z',
      invoiceDate: '2025-03-05',
      operator: SYSTEM_OPERATOR,
      policyNo: 'P012025030412345678',
      listedAt: '2025-03-04T23:30:00.000Z',
    });
  });

  it('names the staff member who verified the bought insurer’s quote by hand as operator', () => {
    expect(fold([saved, inquiry(1), manualQuote(1), insured(1), underwritten])!.invoice!.operator).toBe('李审核');
    // Another insurer's hand entry does not make this one's invoice a person's.
    expect(fold([saved, inquiry(1), manualQuote(2), insured(1), underwritten])!.invoice!.operator).toBe(
      SYSTEM_OPERATOR,
    );
    // A declined line is no verified quote.
    expect(
      fold([saved, inquiry(1), manualQuote(1, STAFF, 'declined'), insured(1), underwritten])!.invoice!.operator,
    ).toBe(SYSTEM_OPERATOR);
    // A new round forgets the earlier round's entries.
    expect(
      fold([saved, inquiry(1), manualQuote(1), inquiry(2), automaticQuote(1), insured(1), underwritten])!.invoice!
        .operator,
    ).toBe(SYSTEM_OPERATOR);
    // A staff member without a name is shown by a masked phone, never the whole number.
    expect(
      fold([saved, inquiry(1), manualQuote(1), insured(1), underwritten], parties({ [OWNER]: company }))!.invoice!
        .operator,
    ).toBe('199****0001');
  });

  it('takes title and branch from the profile at issue, and keeps them after', () => {
    const moved: InvoiceParty = { name: '张三', enterpriseName: '飞保新公司', province: '110000' };
    let lookup = parties({ [OWNER]: company });
    let state = [saved, inquiry(1), insured()].reduce<InvoiceState | null>((s, e) => evolveInvoice(s, e, lookup), null);
    lookup = parties({ [OWNER]: moved });
    state = evolveInvoice(state, underwritten, lookup);
    expect(state!.invoice).toMatchObject({ invoiceName: '飞保新公司', centerBranchName: '人保财险北京分公司' });
    // A replayed underwriting or purchase changes nothing.
    const again = evolveInvoice(
      evolveInvoice(state, underwritten, parties({ [OWNER]: company })),
      insured(2, '平安产险'),
      lookup,
    );
    expect(again).toEqual(state);
  });

  it('is deterministic: the same events give the same row', () => {
    const events = [saved, inquiry(1), manualQuote(1), insured(), underwritten];
    expect(fold(events)).toEqual(fold(events));
  });

  it('asks for the owner’s and the verifiers’ accounts', () => {
    expect(partiesNeeded(null, saved)).toEqual([OWNER]);
    const state = fold([saved, inquiry(1), manualQuote(1)]);
    expect(partiesNeeded(state, underwritten)).toEqual([OWNER, STAFF]);
    expect(partiesNeeded(null, underwritten)).toEqual([]);
    expect(partiesNeeded(fold([saved]), manualQuote(1, '19900000002'))).toEqual([OWNER, '19900000002']);
  });
});

describe('invoice parties, titles, branches and numbers', () => {
  it('reads the account from registration and profile updates', () => {
    const registered: InvoiceUserEvent = {
      type: 'UserRegistered',
      data: {
        mobilePhone: OWNER,
        name: '张三',
        registerType: 1,
        passwordHash: 'x',
        roles: ['user'],
        profile: null,
        registeredAt: '2025-01-01T00:00:00.000Z',
      },
    };
    const updated: InvoiceUserEvent = {
      type: 'UserProfileUpdated',
      data: {
        mobilePhone: OWNER,
        name: '张三',
        profile: { enterpriseName: ' 飞保科技 ', address: '650000' },
        updatedAt: '2025-01-02T00:00:00.000Z',
      },
    };
    const party = evolveInvoiceParty(evolveInvoiceParty(null, registered), updated);
    expect(party).toEqual({ name: '张三', enterpriseName: '飞保科技', province: '650000' });
    expect(invoiceTitle(OWNER, evolveInvoiceParty(null, registered))).toBe('张三');
    expect(invoiceTitle(OWNER, null)).toBe('138****1234');
  });

  it('names the branch by the short province name, or the head office', () => {
    expect(branchName('平安产险', '650000')).toBe('平安产险新疆分公司');
    expect(branchName('平安产险', '450000')).toBe('平安产险广西分公司');
    expect(branchName('平安产险', '150000')).toBe('平安产险内蒙古分公司');
    expect(branchName('平安产险', '310000')).toBe('平安产险上海分公司');
    expect(branchName('平安产险', null)).toBe('平安产险总公司');
    expect(branchName('平安产险', '810000')).toBe('平安产险总公司');
    expect(branchName('平安产险', '999999')).toBe('平安产险总公司');
  });

  it('numbers an invoice from its policy', () => {
    expect(invoiceNumber('P012025030412345678')).toBe('FP012025030412345678');
    expect(invoiceNumber('X-1')).toBe('FPX-1');
  });
});
