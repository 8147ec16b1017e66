import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { shanghaiDate } from '@feibao/domain/shared/calendar';
import { rebuildProjections } from '@feibao/platform/projections/runner';
import { allProjections } from '@feibao/read-models/projections';
import {
  accountWithRoles,
  ADMIN,
  registerUser,
  startTestPlatform,
  type Client,
  type TestPlatform,
} from '../support/platform.ts';
import { companyProfile, payAtDevCashier, waitForOrderState, insureWithTerms } from '../support/policies.ts';

/**
 * Invoices (docs/api/invoices.md, docs/invoices.md) over HTTP, from orders bought through the real
 * flow: a row appears at 投保 as 待支付, is issued (已支付) when the payment at the dev gateway is
 * confirmed, and is numbered from the policy at underwriting. Insurer working days last 0.2 s and
 * underwriting takes 25 of them (5 s); purchases stay payable for 10 minutes, and one order is never
 * paid, so it stays 待支付 for the filters.
 */

const PAGE = '/api/v1/uav/invoice/page';
const STAFF_PAGE = '/api/v1/uav/backoffice/invoice/page';

let platform: TestPlatform;
let admin: Client;

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

const customer = async (profile: Record<string, unknown>) => {
  const client = platform.client();
  const { phone } = await registerUser(client);
  const updated = await client.post('/api/v1/uav/user/update', profile);
  expect(updated.body.code, updated.body.message).toBe(20000);
  return { client, phone };
};

/** Save, ask for quotes, buy from the first insurer that priced everything; not waiting for underwriting. */
const buy = async (client: Client, form = generalApplication()) => {
  const inquiry = await client.post('/api/v1/uav/order/inquiryPrice', form);
  expect(inquiry.body.code, inquiry.body.message).toBe(20000);
  const orderId: string = inquiry.body.data.id;
  const quoted = await waitForOrderState(client, orderId, 2);
  const insurerId = quoted.quoteProgress[0].insuranceCompanyId;
  const insured = await insureWithTerms(client, orderId, insurerId);
  expect(insured.body.code, insured.body.message).toBe(20000);
  return {
    orderId,
    insurerId: insurerId as number,
    totalPremium: (await waitForOrderState(client, orderId, 3)).totalPremium as number,
    payment: insured.body.data.payment,
  };
};

/** The ¥600,000 drone needs manual verification: 人保's is entered by the admin, 平安 is let time out. */
const buyVerifiedByStaff = async (client: Client) => {
  const form = generalApplication();
  (form.uavInfoList as Record<string, unknown>[])[1]!.price = 600_000;
  const inquiry = await client.post('/api/v1/uav/order/inquiryPrice', form);
  expect(inquiry.body.code, inquiry.body.message).toBe(20000);
  const orderId: string = inquiry.body.data.id;
  const row = await waitFor(
    async () =>
      ((await admin.get('/api/v1/uav/backoffice/quoteDesk?pageSize=100')).body.data.datas as any[]).find(
        (r) => r.id === orderId,
      ),
    (r) => r?.cells.every((c: any) => c.status === 'manual'),
    'manual cells',
  );
  const [picc, pingan] = row.cells;
  const keys = picc.answers.filter((a: any) => a.kind === 'manual').map((a: any) => a.key);
  expect((await admin.post('/api/v1/uav/backoffice/quote/timeout', { requestId: pingan.requestId })).body.code).toBe(
    20000,
  );
  const entered = await admin.post('/api/v1/uav/backoffice/quote', {
    requestId: picc.requestId,
    answers: keys.map((key: string) => ({ key, premium: 5000, deductible: '免赔10%' })),
  });
  expect(entered.body.code, entered.body.message).toBe(20000);
  await waitForOrderState(client, orderId, 2);
  const insured = await insureWithTerms(client, orderId, picc.insuranceCompanyId);
  expect(insured.body.code, insured.body.message).toBe(20000);
  await payAtDevCashier(client, insured.body.data.payment);
  return orderId;
};

const invoicesOf = async (client: Client, body: Record<string, unknown> = {}, path = PAGE) => {
  const answer = await client.post(path, { pageSize: 100, ...body });
  expect(answer.status).toBe(200);
  expect(answer.body, JSON.stringify(body)).toMatchObject({ code: 20000, success: true, errMessage: null });
  return answer.body.data as { datas: any[]; totals: number; currentPage: number; pageSize: number };
};
const idsOf = async (client: Client, body: Record<string, unknown> = {}, path = PAGE) =>
  (await invoicesOf(client, body, path)).datas.map((r) => r.id).sort();
const paid = (client: Client, orderId: string) =>
  waitFor(
    () => invoicesOf(client),
    (page) => page.datas.find((r) => r.id === orderId)?.payStatus === '已支付',
    `invoice of ${orderId} issued`,
  );
/** Underwritten: the invoice has its number from the policy. */
const numbered = (client: Client, orderId: string) =>
  waitFor(
    () => invoicesOf(client),
    (page) => !!page.datas.find((r) => r.id === orderId)?.invoiceNo,
    `invoice of ${orderId} numbered`,
  );

// Customer A (Guangdong) buys three orders: a1, a2 (verified by staff), a3 (never paid). B (no province) buys one.
let a: { client: Client; phone: string };
let b: { client: Client; phone: string };
let a1: { orderId: string; totalPremium: number };
let a2: string;
let a3: string;
let b1: string;

beforeAll(async () => {
  platform = await startTestPlatform({
    env: {
      QUOTE_DAY_SECONDS: '0.2',
      QUOTE_DEADLINE_DAYS: '300',
      UNDERWRITE_DAYS: '25',
      // 3000 insurer days: purchases stay payable for 10 minutes here.
      PAYMENT_DUE_MINUTES: '4320000',
      SMS_HOURLY_PER_ADDRESS: '100000',
    },
  });
  admin = platform.client();
  admin.adopt(await admin.post('/api/v1/uav/user/login', { mobilePhone: ADMIN.mobilePhone, password: ADMIN.password }));
  a = await customer({ ...companyProfile, enterpriseName: '粤飞测绘有限公司', address: '440000' });
  b = await customer({ ...companyProfile, enterpriseName: '北方巡检有限公司' });
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

describe('invoices', () => {
  it('appear at 投保 as 待支付, are issued at payment and numbered at underwriting', async () => {
    const bought = await buy(a.client);
    a1 = bought;
    const unpaid = (await invoicesOf(a.client)).datas.find((r) => r.id === a1.orderId);
    expect(unpaid).toMatchObject({
      payStatus: '待支付',
      invoiceNo: null,
      invoiceTime: null,
      operator: null,
      invoiceName: '粤飞测绘有限公司',
      amount: a1.totalPremium,
      centerBranchName: expect.stringMatching(/^.+广东分公司$/),
    });
    await payAtDevCashier(a.client, bought.payment);
    // Issued at the payment, before the insurer underwrites (25 insurer days here).
    const atPayment = (await paid(a.client, a1.orderId)).datas.find((r) => r.id === a1.orderId);
    const paidAt = (await a.client.get(`/api/v1/uav/order/orderDetails?id=${a1.orderId}`)).body.data.payment.paidAt;
    expect(atPayment).toMatchObject({ payStatus: '已支付', invoiceTime: paidAt, operator: '系统' });
    await Promise.all([
      buyVerifiedByStaff(a.client).then((id) => (a2 = id)),
      // Never paid: it stays 待支付.
      buy(a.client).then(({ orderId }) => (a3 = orderId)),
      buy(b.client).then(async ({ orderId, payment }) => {
        b1 = orderId;
        await payAtDevCashier(b.client, payment);
      }),
    ]);
    await Promise.all([numbered(a.client, a1.orderId), numbered(a.client, a2), numbered(b.client, b1)]);

    const page = await invoicesOf(a.client);
    const issued = page.datas.find((r) => r.id === a1.orderId);
    const policy = await waitForOrderState(a.client, a1.orderId, 5);
    expect(issued).toMatchObject({
      payStatus: '已支付',
      invoiceNo: `FP${policy.policyNo.slice(1)}`,
      invoiceTime: paidAt,
      operator: '系统',
      policyNo: policy.policyNo,
      orderNo: policy.orderNo,
      insuranceCompanyName: policy.insuranceCompanyName,
      centerBranchName: `${policy.insuranceCompanyName}广东分公司`,
    });
    expect(issued).not.toHaveProperty('userName');
    expect(page.datas.find((r) => r.id === a2)).toMatchObject({
      payStatus: '已支付',
      operator: '管理员',
      centerBranchName: '人保财险广东分公司',
    });
    expect(page.datas.find((r) => r.id === a3)).toMatchObject({ payStatus: '待支付', invoiceNo: null });
    expect((await invoicesOf(b.client)).datas.find((r) => r.id === b1)).toMatchObject({
      invoiceName: '北方巡检有限公司',
      centerBranchName: expect.stringMatching(/总公司$/),
    });
  }, 90_000);

  it('lists a customer’s own invoices only, newest first, whatever the body says', async () => {
    const page = await invoicesOf(a.client, { userName: b.phone });
    expect(page.totals).toBe(3);
    expect(page.datas.map((r) => r.id).sort()).toEqual([a1.orderId, a2, a3].sort());
    const listed = page.datas.map((r) => r.invoiceTime ?? r.insuredAt);
    expect(listed).toEqual([...listed].sort().reverse());
    // Filtering for another customer's invoice finds nothing.
    const theirs = (await invoicesOf(b.client)).datas[0];
    expect(await idsOf(a.client, { invoiceNo: theirs.invoiceNo })).toEqual([]);
    expect(await idsOf(a.client, { invoiceName: '北方巡检' })).toEqual([]);
    // A customer who bought nothing has an empty list.
    const c = await customer(companyProfile);
    expect(await invoicesOf(c.client)).toEqual({ datas: [], totals: 0, currentPage: 1, pageSize: 100 });
  });

  it('pages', async () => {
    const first = await invoicesOf(a.client, { pageSize: 2, currentPage: 1 });
    const second = await invoicesOf(a.client, { pageSize: 2, currentPage: '2' });
    expect(first).toMatchObject({ totals: 3, currentPage: 1, pageSize: 2 });
    expect(first.datas).toHaveLength(2);
    expect(second).toMatchObject({ totals: 3, currentPage: 2, pageSize: 2 });
    expect(second.datas).toHaveLength(1);
    expect(new Set([...first.datas, ...second.datas].map((r) => r.id)).size).toBe(3);
    expect((await invoicesOf(a.client, { pageSize: 2, currentPage: 3 })).datas).toEqual([]);
    // Defaults: the first page of 20.
    expect(await a.client.post(PAGE, {})).toMatchObject({
      body: { data: { currentPage: 1, pageSize: 20, totals: 3 } },
    });
  });

  it('filters by every field', async () => {
    const rows = (await invoicesOf(a.client)).datas;
    const one = rows.find((r) => r.id === a1.orderId)!;
    const day = shanghaiDate(new Date(one.invoiceTime));
    const nextDay = shanghaiDate(new Date(new Date(one.invoiceTime).getTime() + 86_400_000));
    expect(await idsOf(a.client, { invoiceNo: one.invoiceNo })).toEqual([a1.orderId]);
    expect(await idsOf(a.client, { invoiceNo: one.invoiceNo.slice(0, -3).toLowerCase() })).toContain(a1.orderId);
    expect(await idsOf(a.client, { invoiceName: '粤飞' })).toHaveLength(3);
    expect(await idsOf(a.client, { invoiceName: '别家' })).toEqual([]);
    expect(await idsOf(a.client, { invoiceTime: day })).toEqual([a1.orderId, a2].sort());
    expect(await idsOf(a.client, { invoiceTime: nextDay })).toEqual([]);
    expect(await idsOf(a.client, { invoicingDateStart: day, invoicingDateEnd: day })).toEqual([a1.orderId, a2].sort());
    expect(await idsOf(a.client, { invoicingDateStart: nextDay })).toEqual([]);
    expect(await idsOf(a.client, { invoicingDateEnd: '2000-01-01' })).toEqual([]);
    expect(await idsOf(a.client, { centerBranchName: '人保财险广东' })).toContain(a2);
    expect(await idsOf(a.client, { centerBranchName: '总公司' })).toEqual([]);
    expect(await idsOf(a.client, { payStatus: '待支付' })).toEqual([a3]);
    expect(await idsOf(a.client, { payStatus: 1 })).toEqual([a1.orderId, a2].sort());
    expect(await idsOf(a.client, { amount: String(one.amount) })).toContain(a1.orderId);
    expect(await idsOf(a.client, { amount: one.amount + 0.01 })).not.toContain(a1.orderId);
    expect(await idsOf(a.client, { operator: '管理员' })).toEqual([a2]);
    expect(await idsOf(a.client, { operator: '系统' })).toEqual([a1.orderId]);
    // Filters combine.
    expect(await idsOf(a.client, { operator: '系统', payStatus: '待支付' })).toEqual([]);
  });

  it('shows staff every invoice, the customer masked; others are refused', async () => {
    const page = await invoicesOf(admin, {}, STAFF_PAGE);
    const ours = page.datas.filter((r) => [a1.orderId, a2, a3, b1].includes(r.id));
    expect(ours).toHaveLength(4);
    expect(page.totals).toBeGreaterThanOrEqual(4);
    expect(ours.find((r) => r.id === b1)!.userName).toBe(`${b.phone.slice(0, 3)}****${b.phone.slice(-4)}`);
    expect(JSON.stringify(page)).not.toContain(a.phone);
    expect(await idsOf(admin, { invoiceName: '北方巡检' }, STAFF_PAGE)).toEqual([b1]);
    expect(await idsOf(admin, { operator: '管理员', centerBranchName: '广东' }, STAFF_PAGE)).toEqual([a2]);
    // The admin's own list is the admin's own invoices: none.
    expect((await invoicesOf(admin)).totals).toBe(0);

    const claimsStaff = await accountWithRoles(platform, admin, ['claims']);
    for (const [who, code, message] of [
      [a.client, 40300, '无权限访问'],
      [claimsStaff, 40300, '无权限访问'],
      [platform.client(), 40100, '请先登录'],
    ] as const) {
      // Refused before the body is read: bad input does not change the answer.
      for (const body of [{}, { amount: 'abc' }]) {
        const answer = await who.post(STAFF_PAGE, body);
        expect(answer.body).toEqual({ code, message, data: null, success: false, errMessage: message });
      }
    }
    expect((await platform.client().post(PAGE, {})).body).toMatchObject({
      code: 40100,
      success: false,
      errMessage: '请先登录',
    });
  });

  it('lets staff search by order number (a prefix) and by the customer’s whole phone, never by part of it', async () => {
    const rows = (await invoicesOf(admin, {}, STAFF_PAGE)).datas;
    const one = rows.find((r) => r.id === b1)!;
    expect(await idsOf(admin, { orderNo: one.orderNo }, STAFF_PAGE)).toEqual([b1]);
    expect(await idsOf(admin, { orderNo: one.orderNo.slice(0, -2).toLowerCase() }, STAFF_PAGE)).toContain(b1);
    expect(await idsOf(admin, { orderNo: `${one.orderNo}0` }, STAFF_PAGE)).toEqual([]);
    // A prefix, not "contains".
    expect(await idsOf(admin, { orderNo: one.orderNo.slice(2) }, STAFF_PAGE)).toEqual([]);
    expect(await idsOf(admin, { phone: b.phone }, STAFF_PAGE)).toEqual([b1]);
    expect(await idsOf(admin, { phone: a.phone }, STAFF_PAGE)).toEqual([a1.orderId, a2, a3].sort());
    expect(await idsOf(admin, { phone: a.phone, orderNo: one.orderNo }, STAFF_PAGE)).toEqual([]);
    // Found by the whole number, shown masked all the same.
    const found = await invoicesOf(admin, { phone: b.phone }, STAFF_PAGE);
    expect(JSON.stringify(found)).not.toContain(b.phone);
    for (const phone of [b.phone.slice(0, 7), `${b.phone.slice(0, 3)}****${b.phone.slice(-4)}`, '1'.repeat(12)]) {
      const answer = await admin.post(STAFF_PAGE, { phone });
      expect(answer.status, phone).toBe(400);
      expect(answer.body, phone).toMatchObject({ code: 40000, message: '请输入完整的11位手机号' });
    }
    // The customer's own list takes the order number; a phone there changes nothing (the token decides whose).
    expect(await idsOf(a.client, { orderNo: one.orderNo })).toEqual([]);
    const mine = rows.find((r) => r.id === a1.orderId)!;
    expect(await idsOf(a.client, { orderNo: mine.orderNo })).toEqual([a1.orderId]);
    expect(await idsOf(a.client, { phone: b.phone })).toEqual([a1.orderId, a2, a3].sort());
  });

  it('refuses bad input with 40000 and the message, never a 5xx', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ amount: 'abc' }, '金额必须是不小于0的数字'],
      [{ amount: -5 }, '金额必须是不小于0的数字'],
      [{ amount: 12.345 }, '金额最多保留两位小数'],
      [{ invoiceTime: '2025-13-01' }, '开票日期不是有效日期'],
      [{ invoicingDateStart: 'today' }, '开票开始日期格式应为yyyy-MM-dd'],
      [{ invoicingDateStart: '2025-05-02', invoicingDateEnd: '2025-05-01' }, '开票开始日期不能晚于结束日期'],
      [{ payStatus: '已退款' }, '支付状态不正确'],
      [{ currentPage: 0 }, '页码不正确'],
      [{ pageSize: 1000 }, '每页条数不正确'],
      [{ invoiceNo: ['x'] }, '发票号码格式不正确'],
      [{ operator: 'x'.repeat(51) }, '开票人不能超过50个字符'],
    ];
    for (const path of [PAGE, STAFF_PAGE]) {
      const client = path === PAGE ? a.client : admin;
      for (const [body, message] of bad) {
        const answer = await client.post(path, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body, JSON.stringify(body)).toEqual({
          code: 40000,
          message,
          data: expect.anything(),
          success: false,
          errMessage: message,
        });
      }
      // A body that is not JSON is refused by the platform's parser before any route (the plain envelope).
      const raw = await client.post(path, undefined, { raw: '{not json' });
      expect(raw.status).toBe(400);
      expect(raw.body).toMatchObject({ code: 40000, message: '请求格式错误' });
      const array = await client.post(path, undefined, { raw: '[1,2]' });
      expect(array.body).toMatchObject({
        code: 40000,
        message: '请求格式错误',
        success: false,
        errMessage: '请求格式错误',
      });
    }
  });

  it('rebuilds to the same rows, numbers included', async () => {
    const dump = async () => (await platform.pool.query(`SELECT _id, data FROM invoices ORDER BY _id`)).rows;
    const before = await dump();
    expect(before.filter((r) => r.data.invoice).length).toBeGreaterThanOrEqual(4);
    await platform.stopWorkers();
    try {
      await rebuildProjections(
        platform.pool,
        allProjections.filter((p) => p.name === 'invoices'),
      );
      expect(await dump()).toEqual(before);
    } finally {
      await platform.startWorkers();
    }
  });
});
