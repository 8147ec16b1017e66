import { generateKeyPairSync } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { gatewayTime, yuanString } from '@feibao/domain/payments/gateway';
import { captureLogs } from '@feibao/platform/logger';
import { rsa2Sign } from '@feibao/platform/payments/signing';
import { createRedis, type Redis } from '@feibao/platform/redis';
import { PAYMENTS_QUEUE, type PaymentJob } from '@feibao/workers/payments/jobs';
import { INSURER_QUEUE, jobIdOf, type InsurerJob } from '@feibao/workers/quoting/jobs';
import { ADMIN, registerUser, signIn, startTestPlatform, type Client, type TestPlatform } from '../support/platform.ts';
import {
  cashierToken,
  companyProfile,
  payAtDevCashier,
  waitForOrderState,
  insureWithTerms,
} from '../support/policies.ts';

/**
 * Payments through the edge (docs/api/payments.md) with the dev gateway: insure opens a trade, the cashier's
 * confirm makes the gateway send its signed notification, the order turns paid and is underwritten. Forged,
 * replayed and amount-changed notifications are refused and stored nowhere but the refused list; a lost
 * notification is found by reconciliation; an unpaid purchase lapses; refunds come back signed too.
 * Purchases are due after 6 s, reconciled 1.2 s after the cashier opened, underwritten 2 s after payment.
 */

const U = '/api/v1/uav';
let platform: TestPlatform;
let admin: Client;
let redis: Redis;
let paymentJobs: Queue<PaymentJob>;
let insurerJobs: Queue<InsurerJob>;

const waitFor = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)?.slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const events = async (orderId: string) =>
  (
    await platform.pool.query(
      `SELECT message_type AS type, message_data AS data FROM emt_messages WHERE stream_id = $1 ORDER BY stream_position`,
      [`order-${orderId}`],
    )
  ).rows as { type: string; data: Record<string, any> }[];
const eventCount = async () => Number((await platform.pool.query(`SELECT count(*) FROM emt_messages`)).rows[0].count);

const details = async (client: Client, id: string) => (await client.get(`${U}/order/orderDetails?id=${id}`)).body.data;

/** A customer with an order quoted, ready to buy. */
const quotedOrder = async () => {
  const client = platform.client();
  const { phone } = await registerUser(client);
  expect((await client.post(`${U}/user/update`, companyProfile)).body.code).toBe(20000);
  const inquiry = await client.post(`${U}/order/inquiryPrice`, generalApplication());
  expect(inquiry.body.code, inquiry.body.message).toBe(20000);
  const orderId: string = inquiry.body.data.id;
  const quoted = await waitForOrderState(client, orderId, 2);
  return { client, phone, orderId, insurerId: quoted.quoteProgress[0].insuranceCompanyId as number };
};

const insure = async (client: Client, orderId: string, insurerId: number) => {
  const insured = await insureWithTerms(client, orderId, insurerId);
  expect(insured.body.code, insured.body.message).toBe(20000);
  return insured.body.data.payment as {
    tradeNo: string;
    amount: number;
    dueAt: string;
    cashierUrl: string;
    status: string;
  };
};

const devKeys = async () =>
  (await platform.pool.query(`SELECT app_id AS "appId", private_key AS "privateKey" FROM dev_pay_keys`)).rows[0] as {
    appId: string;
    privateKey: string;
  };
const gatewayTrade = async (tradeNo: string) =>
  (
    await platform.pool.query(
      `SELECT gateway_trade_no AS "gatewayTradeNo", status FROM dev_pay_trades WHERE trade_no = $1`,
      [tradeNo],
    )
  ).rows[0] as { gatewayTradeNo: string; status: string };

/** A payment notification as the gateway would send it, signed with `privateKey`. */
const notification = (
  fields: { tradeNo: string; gatewayTradeNo: string; amount: string; appId: string },
  privateKey: string,
) => {
  const params: Record<string, string> = {
    out_trade_no: fields.tradeNo,
    trade_no: fields.gatewayTradeNo,
    total_amount: fields.amount,
    trade_status: 'TRADE_SUCCESS',
    notify_id: `test-${Math.random()}`,
    gmt_payment: gatewayTime(new Date()),
    notify_time: gatewayTime(new Date()),
    app_id: fields.appId,
  };
  return { ...params, sign_type: 'RSA2', sign: rsa2Sign(params, privateKey) };
};
const postNotification = async (params: Record<string, string>, provider = 'dev') => {
  const response = await fetch(`${platform.baseUrl}${U}/pay/notify/${provider}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
};
const paymentPage = async (body: Record<string, unknown> = {}) => {
  const answer = await admin.post(`${U}/backoffice/payment/page`, { pageNum: 1, pageSize: 100, ...body });
  expect(answer.body.code, answer.body.message).toBe(20000);
  return answer.body.data as { total: number; list: Record<string, any>[] };
};
const rowOf = async (tradeNo: string, body: Record<string, unknown> = {}) =>
  (await paymentPage(body)).list.find((r) => r.tradeNo === tradeNo);
/** The gateway took the money for this trade (at its deadline, say) and tells the platform. */
const lateNotification = async (tradeNo: string, amount: number) => {
  await platform.pool.query(`UPDATE dev_pay_trades SET status = 'paid', paid_at = now() WHERE trade_no = $1`, [
    tradeNo,
  ]);
  const keys = await devKeys();
  const { gatewayTradeNo } = await gatewayTrade(tradeNo);
  return postNotification(
    notification({ tradeNo, gatewayTradeNo, amount: yuanString(amount), appId: keys.appId }, keys.privateKey),
  );
};
const refusedRows = async () =>
  (await admin.post(`${U}/backoffice/payment/refused`, { pageNum: 1, pageSize: 100 })).body.data;

beforeAll(async () => {
  platform = await startTestPlatform({
    env: {
      QUOTE_DAY_SECONDS: '0.2',
      QUOTE_DEADLINE_DAYS: '300',
      SMS_HOURLY_PER_ADDRESS: '100000',
      PAYMENT_DUE_MINUTES: '0.1',
      PAYMENT_RECONCILE_MINUTES: '0.02',
      // Underwriting takes 10 insurer days (2 s) after the payment.
      UNDERWRITE_DAYS: '10',
    },
  });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  redis = createRedis(platform.config.redisUrl, { forWorker: true });
  paymentJobs = new Queue<PaymentJob>(PAYMENTS_QUEUE, { connection: redis, prefix: platform.config.queuePrefix });
  insurerJobs = new Queue<InsurerJob>(INSURER_QUEUE, { connection: redis, prefix: platform.config.queuePrefix });
}, 60_000);

afterAll(async () => {
  await paymentJobs?.close();
  await insurerJobs?.close();
  await redis?.quit();
  await platform?.stop();
});

describe('payment between 投保 and 承保', () => {
  let paid: { client: Client; orderId: string; tradeNo: string; amount: number };

  it('insure → unpaid with a cashier → dev confirm → signed notification → paid → underwritten → in force', async () => {
    const { client, orderId, insurerId } = await quotedOrder();
    const payment = await insure(client, orderId, insurerId);
    expect(payment).toMatchObject({ status: 'unpaid', paidAt: null });
    expect(payment.cashierUrl).toBe(`${platform.config.publicBaseUrl}/pay/${cashierToken(payment)}`);
    expect(cashierToken(payment).length).toBeGreaterThanOrEqual(22); // ≥128 bits, base64url

    const unpaid = await details(client, orderId);
    expect(unpaid.state).toBe(3);
    expect(unpaid.payment).toMatchObject({
      status: 'unpaid',
      tradeNo: payment.tradeNo,
      cashierUrl: payment.cashierUrl,
    });
    expect(unpaid.actions).toContain('pay');
    // Staff see the order, not the customer's cashier.
    expect((await details(admin, orderId)).payment.cashierUrl).toBeNull();
    const row = (await client.post(`${U}/order/page`, { currentPage: 1, pageSize: 10 })).body.data.datas[0];
    expect(row.payment).toMatchObject({ status: 'unpaid', cashierUrl: payment.cashierUrl });

    const cashier = await client.get(`${U}/dev/pay/trade?token=${cashierToken(payment)}`);
    expect(cashier.body.data).toMatchObject({ amount: payment.amount, status: 'waiting' });
    const failed = await client.post(`${U}/dev/pay/fail`, { token: cashierToken(payment) });
    expect(failed.body).toMatchObject({ code: 30000, data: { status: 'failed', reason: '余额不足，支付失败' } });
    // The order is not underwritten while unpaid, whatever the time: past the reconciliation job it still waits.
    await sleep(1_500);
    expect((await details(client, orderId)).payment.status).toBe('unpaid');

    await payAtDevCashier(client, payment);
    const policy = await waitForOrderState(client, orderId, 5);
    expect(policy.payment).toMatchObject({ status: 'paid', cashierUrl: null, tradeNo: payment.tradeNo });
    expect(policy.actions).not.toContain('pay');
    const confirmed = (await events(orderId)).filter((e) => e.type === 'PaymentConfirmed');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.data).toMatchObject({ tradeNo: payment.tradeNo, amount: payment.amount, via: 'notify' });
    const types = (await events(orderId)).map((e) => e.type);
    expect(types.indexOf('PaymentConfirmed')).toBeLessThan(types.indexOf('PolicyUnderwritten'));
    paid = { client, orderId, tradeNo: payment.tradeNo, amount: payment.amount };
  }, 60_000);

  it('answers a repeated notification success and changes nothing', async () => {
    const keys = await devKeys();
    const { gatewayTradeNo } = await gatewayTrade(paid.tradeNo);
    const params = notification(
      { tradeNo: paid.tradeNo, gatewayTradeNo, amount: yuanString(paid.amount), appId: keys.appId },
      keys.privateKey,
    );
    const before = await eventCount();
    expect(await postNotification(params)).toMatchObject({ status: 200, text: 'success' });
    expect(await postNotification(params)).toMatchObject({ status: 200, text: 'success' });
    expect(await eventCount()).toBe(before);
    expect((await events(paid.orderId)).filter((e) => e.type === 'PaymentConfirmed')).toHaveLength(1);
  });

  it('refuses a forged signature, a notification replayed onto another order and a wrong amount: nothing stored, logged, listed', async () => {
    const other = await quotedOrder();
    const payment = await insure(other.client, other.orderId, other.insurerId);
    const keys = await devKeys();
    const foreign = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const own = await gatewayTrade(payment.tradeNo);
    const paidOne = await gatewayTrade(paid.tradeNo);
    const attempts = {
      badSignature: notification(
        {
          tradeNo: payment.tradeNo,
          gatewayTradeNo: own.gatewayTradeNo,
          amount: yuanString(payment.amount),
          appId: keys.appId,
        },
        foreign.privateKey,
      ),
      // Another order's valid payment (its gateway trade number) put on this order's trade.
      tradeMismatch: notification(
        {
          tradeNo: payment.tradeNo,
          gatewayTradeNo: paidOne.gatewayTradeNo,
          amount: yuanString(payment.amount),
          appId: keys.appId,
        },
        keys.privateKey,
      ),
      amountMismatch: notification(
        { tradeNo: payment.tradeNo, gatewayTradeNo: own.gatewayTradeNo, amount: '0.01', appId: keys.appId },
        keys.privateKey,
      ),
      badAppId: notification(
        {
          tradeNo: payment.tradeNo,
          gatewayTradeNo: own.gatewayTradeNo,
          amount: yuanString(payment.amount),
          appId: 'someone-else',
        },
        keys.privateKey,
      ),
    };
    // A tampered parameter of a genuine notification breaks its signature too.
    const tampered = { ...attempts.amountMismatch, total_amount: yuanString(payment.amount) };

    const before = await eventCount();
    const logs = captureLogs('warn');
    try {
      for (const params of [...Object.values(attempts), tampered])
        expect(await postNotification(params)).toMatchObject({ status: 200, text: 'failure' });
    } finally {
      logs.stop();
    }
    expect(await eventCount()).toBe(before);
    expect((await details(other.client, other.orderId)).payment.status).toBe('unpaid');

    const security = logs.lines.filter((l) => l.security === 'payment-notification-refused');
    expect(security.map((l) => l.reasonCode).sort()).toEqual(
      ['amountMismatch', 'badAppId', 'badSignature', 'badSignature', 'tradeMismatch'].sort(),
    );
    const refused = await refusedRows();
    const mine = refused.list.filter((r: { tradeNo: string }) => r.tradeNo === payment.tradeNo);
    expect(mine.map((r: { reasonCode: string }) => r.reasonCode).sort()).toEqual(
      ['amountMismatch', 'badAppId', 'badSignature', 'badSignature', 'tradeMismatch'].sort(),
    );
    expect(mine.find((r: { reasonCode: string }) => r.reasonCode === 'amountMismatch')).toMatchObject({
      provider: 'dev',
      reason: '金额与应付金额不符',
      amountClaimed: '0.01',
    });
    // An unknown provider is refused alike.
    expect(await postNotification(attempts.amountMismatch, 'paypal')).toMatchObject({ text: 'failure' });
    // Customers may not read the refused list.
    expect((await other.client.post(`${U}/backoffice/payment/refused`, { pageNum: 1, pageSize: 10 })).body.code).toBe(
      40300,
    );

    // The genuine payment still goes through afterwards.
    await payAtDevCashier(other.client, payment);
    await waitFor(
      async () => (await details(other.client, other.orderId)).payment.status,
      (s) => s === 'paid',
      'paid',
    );
  }, 60_000);

  it('finds a lost notification by reconciliation', async () => {
    const { client, orderId, insurerId } = await quotedOrder();
    const payment = await insure(client, orderId, insurerId);
    // The gateway will "lose" its notification (test seam), and the delayed reconciliation has passed.
    await platform.pool.query(`UPDATE dev_pay_trades SET drop_notifications = true WHERE trade_no = $1`, [
      payment.tradeNo,
    ]);
    await sleep(1_500);
    await payAtDevCashier(client, payment);
    // Only the provider's own record can tell now: the delayed reconciliation (if the workers ran it late)
    // or the periodic sweep asks the gateway.
    await paymentJobs.add('payment-sweep', { kind: 'payment-sweep' });
    await waitFor(
      async () => (await details(client, orderId)).payment.status,
      (s) => s === 'paid',
      'reconciled',
    );
    const confirmed = (await events(orderId)).filter((e) => e.type === 'PaymentConfirmed');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.data.via).toBe('reconciliation');
    await waitForOrderState(client, orderId, 5);
  }, 60_000);

  it('lets an unpaid purchase lapse back to 报价完成, and it can be bought again', async () => {
    const { client, orderId, insurerId } = await quotedOrder();
    const first = await insure(client, orderId, insurerId);
    const lapsed = await waitFor(
      () => details(client, orderId),
      (d) => d.state === 2,
      'lapsed',
      30_000,
    );
    expect(lapsed.payment).toMatchObject({ status: 'expired', tradeNo: first.tradeNo, cashierUrl: null });
    expect(lapsed.actions).toContain('insure');
    const lapse = (await events(orderId)).find((e) => e.type === 'PaymentLapsed');
    expect(lapse?.data).toMatchObject({ tradeNo: first.tradeNo, quoteValid: true });
    await waitFor(
      () => gatewayTrade(first.tradeNo),
      (t) => t.status === 'closed',
      'closed at the gateway',
    );
    // The closed cashier takes no payment.
    expect((await client.post(`${U}/dev/pay/confirm`, { token: cashierToken(first) })).body.code).toBe(40900);

    const second = await insure(client, orderId, insurerId);
    expect(second.tradeNo).not.toBe(first.tradeNo);
    await payAtDevCashier(client, second);
    const policy = await waitForOrderState(client, orderId, 5);
    expect(policy.payment).toMatchObject({ status: 'paid', tradeNo: second.tradeNo });
  }, 60_000);

  it('refunds through the dev provider, confirmed by its signed refund notification', async () => {
    const customer = await paid.client.post(`${U}/backoffice/payment/refund`, {
      orderId: paid.orderId,
      reason: '测试退款',
    });
    expect(customer.body.code).toBe(40300);
    const refund = await admin.post(`${U}/backoffice/payment/refund`, { orderId: paid.orderId, reason: '测试退款' });
    expect(refund.body.code, refund.body.message).toBe(20000);
    expect(refund.body.data).toMatchObject({ orderId: paid.orderId, amount: paid.amount });
    await waitFor(
      async () => (await events(paid.orderId)).map((e) => e.type),
      (types) => types.includes('RefundConfirmed'),
      'refund confirmed',
    );
    const confirmed = (await events(paid.orderId)).find((e) => e.type === 'RefundConfirmed');
    expect(confirmed?.data).toMatchObject({ refundNo: refund.body.data.refundNo, amount: paid.amount });
    await waitFor(
      async () => (await details(paid.client, paid.orderId)).payment.status,
      (s) => s === 'refunded',
      'refunded',
    );
    // Nothing is left to refund.
    const again = await admin.post(`${U}/backoffice/payment/refund`, { orderId: paid.orderId, reason: '再退一次' });
    expect(again.body).toMatchObject({ code: 40900, message: '退款金额超过可退金额' });
    expect((await admin.post(`${U}/backoffice/payment/refund`, { orderId: paid.orderId, reason: ' ' })).body.code).toBe(
      40000,
    );
  }, 60_000);

  it('honours a payment that arrives after the lapse while the quote still stands', async () => {
    const { client, orderId, insurerId } = await quotedOrder();
    const payment = await insure(client, orderId, insurerId);
    await waitFor(
      () => details(client, orderId),
      (d) => d.state === 2,
      'lapsed',
      30_000,
    );
    expect(await lateNotification(payment.tradeNo, payment.amount)).toMatchObject({ text: 'success' });
    const honoured = await waitForOrderState(client, orderId, 5);
    expect(honoured.payment).toMatchObject({ status: 'paid', tradeNo: payment.tradeNo });
    const types = (await events(orderId)).map((e) => e.type);
    expect(types.slice(types.indexOf('PaymentLapsed'))).toEqual(
      expect.arrayContaining(['PaymentLapsed', 'OrderInsured', 'PaymentConfirmed', 'PolicyUnderwritten']),
    );
  }, 60_000);

  it('refunds a payment after the lapse once the order was bought again; the list shows it refundPending, then refunded', async () => {
    const { client, orderId, insurerId } = await quotedOrder();
    const first = await insure(client, orderId, insurerId);
    await waitFor(
      () => details(client, orderId),
      (d) => d.state === 2,
      'lapsed',
      30_000,
    );
    const second = await insure(client, orderId, insurerId);
    // The refund's notification is held back at first, so the list shows the pending refund.
    await platform.pool.query(`UPDATE dev_pay_trades SET drop_notifications = true WHERE trade_no = $1`, [
      first.tradeNo,
    ]);
    expect(await lateNotification(first.tradeNo, first.amount)).toMatchObject({ text: 'success' });
    const requested = await waitFor(
      async () => (await events(orderId)).find((e) => e.type === 'RefundRequested'),
      (e) => e !== undefined,
      'refund requested',
    );
    expect(requested!.data).toMatchObject({ tradeNo: first.tradeNo, amount: first.amount, reason: 'latePayment' });
    const pending = await waitFor(
      () => rowOf(first.tradeNo, { exception: 'refundPending' }),
      (r) => !!r,
      'refundPending',
    );
    expect(pending).toMatchObject({ orderId, exception: 'refundPending', status: 'expired' });
    // The current purchase is untouched.
    expect((await details(client, orderId)).payment).toMatchObject({ status: 'unpaid', tradeNo: second.tradeNo });
    // The gateway's refund notification goes out: confirmed, listed as refunded.
    await platform.pool.query(`UPDATE dev_pay_trades SET drop_notifications = false WHERE trade_no = $1`, [
      first.tradeNo,
    ]);
    const refundJob = await waitFor(
      async () =>
        (await platform.pool.query(`SELECT refund_no FROM dev_pay_refunds WHERE trade_no = $1`, [first.tradeNo]))
          .rows[0],
      (r) => !!r,
      'refund at the gateway',
    );
    const devQueue = new Queue('dev-pay-notify', { connection: redis, prefix: platform.config.queuePrefix });
    try {
      await devQueue.add(
        'refund',
        { kind: 'refund', refundNo: refundJob.refund_no },
        { jobId: `again_${refundJob.refund_no}` },
      );
    } finally {
      await devQueue.close();
    }
    await waitFor(
      () => rowOf(first.tradeNo),
      (r) => r?.status === 'refunded' && r.exception === null,
      'refunded',
    );
  }, 60_000);

  it('lists payments for the back office: one row per trade, masked phone, filters, paidNotUnderwritten', async () => {
    const { client, phone, orderId, insurerId } = await quotedOrder();
    const payment = await insure(client, orderId, insurerId);
    const unpaidRow = await waitFor(
      () => rowOf(payment.tradeNo),
      (r) => !!r,
      'listed',
    );
    expect(unpaidRow).toMatchObject({
      orderId,
      status: 'unpaid',
      amount: payment.amount,
      paidAt: null,
      underwrittenAt: null,
      exception: null,
      customerName: companyProfile.enterpriseName,
    });
    expect(unpaidRow!.customerPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(await rowOf(payment.tradeNo, { status: 'unpaid' })).toBeDefined();
    expect(await rowOf(payment.tradeNo, { status: 'paid' })).toBeUndefined();
    expect(await rowOf(payment.tradeNo, { orderNo: unpaidRow!.orderNo.slice(0, 10).toLowerCase() })).toBeDefined();
    expect(await rowOf(payment.tradeNo, { orderNo: 'NOPE' })).toBeUndefined();
    // The whole phone finds the customer's rows; its beginning is refused, so numbers cannot be listed by prefix.
    expect(await rowOf(payment.tradeNo, { phone })).toBeDefined();
    const byPrefix = await admin.post(`${U}/backoffice/payment/page`, {
      pageNum: 1,
      pageSize: 50,
      phone: phone.slice(0, 7),
    });
    expect(byPrefix.body).toMatchObject({ code: 40000, message: '请输入完整的11位手机号' });

    await payAtDevCashier(client, payment);
    await waitFor(
      () => rowOf(payment.tradeNo),
      (r) => r?.status === 'paid',
      'paid',
    );
    // Its underwriting never comes (the job removed): past the underwriting time it is an exception.
    const job = await waitFor(
      () => insurerJobs.getJob(jobIdOf({ kind: 'underwrite', orderId })!),
      (j) => j !== undefined,
      'underwrite job',
    );
    await job!.remove();
    const late = await waitFor(
      () => rowOf(payment.tradeNo, { exception: 'paidNotUnderwritten' }),
      (r) => !!r,
      'paidNotUnderwritten',
      10_000,
    );
    expect(late).toMatchObject({ status: 'paid', exception: 'paidNotUnderwritten', underwrittenAt: null });
    // An underwritten one is not: the first test's order.
    expect((await rowOf(paid.tradeNo))?.underwrittenAt).toEqual(expect.any(String));

    // Refusals of the filters, and of anyone but the payments area.
    for (const [body, message] of [
      [{ status: 'lost' }, '支付状态不正确'],
      [{ exception: 'odd' }, '异常类型不正确'],
      [{ pageSize: 1000 }, '每页条数不正确'],
      [{ pageNum: 0 }, '页码不正确'],
    ] as const)
      expect((await admin.post(`${U}/backoffice/payment/page`, body)).body).toMatchObject({ code: 40000, message });
    expect((await client.post(`${U}/backoffice/payment/page`, {})).body.code).toBe(40300);
  }, 60_000);
});
