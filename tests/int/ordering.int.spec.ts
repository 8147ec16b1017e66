import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication, trainingApplication } from '@feibao/domain/ordering/fixtures';
import { createEventStore, type EventStore } from '@feibao/platform/eventStore';
import { orderReader } from '@feibao/read-models/ordering/orders/reader';
import { insurerProcessor, sweepPolicies } from '@feibao/workers/quoting/processor';
import { ADMIN, registerUser, startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { payAtDevCashier, waitForOrderState, insureWithTerms } from '../support/policies.ts';

// One insurer working day lasts 0.2 s here, so quotes arrive within a second.
let platform: TestPlatform;
let eventStore: EventStore;
beforeAll(async () => {
  // Deadlines far off (60 s), so the time-out test moves the clock itself.
  platform = await startTestPlatform({
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '300', SMS_HOURLY_PER_ADDRESS: '100000' },
  });
  eventStore = createEventStore(platform.config.databaseUrl);
});
afterAll(async () => {
  await eventStore?.close();
  await platform?.stop();
});

/** The insurer worker's job handler, driven directly with a clock the test chooses. */
const insurerAt = (now: Date) =>
  insurerProcessor({ eventStore, now: () => now, duePolicySteps: orderReader(platform.pool).duePolicySteps });
const job = (data: object) => ({ data }) as never;

const profile = {
  enterpriseName: '飞保测绘科技有限公司',
  phone: '13911112222',
  email: 'ops@feibao.test',
  unifiedSocialCreditCode: '91310000MA1FL0000X',
  insuredType: 1,
};

const customer = async () => {
  const client = platform.client();
  const { phone } = await registerUser(client);
  expect((await client.post('/api/v1/uav/user/update', profile)).body.code).toBe(20000);
  return { client, phone };
};

const waitForState = waitForOrderState;

describe('ordering flow', () => {
  it('save → inquiry → quotes arrive → insure → underwritten → in force', async () => {
    const { client, phone } = await customer();
    const saved = await client.post('/api/v1/uav/order/save', generalApplication());
    expect(saved.body).toMatchObject({ code: 20000, message: '暂存成功' });
    const id = saved.body.data.id;

    const draft = await client.get(`/api/v1/uav/order/orderDetails?id=${id}`);
    expect(draft.body.data).toMatchObject({ id, state: 0, userName: phone, orderType: 0 });
    // Quantity from device codes, hull sum insured = Σ quantity × price / 10000.
    expect(draft.body.data.uavInfoList[0].quantity).toBe(2);
    expect(draft.body.data.insuranceTypeInfoList.find((l: any) => l.insuranceTypeId === 1).insuranceAmount).toBe(31);

    const inquiry = await client.post('/api/v1/uav/order/inquiryPrice', { ...generalApplication(), id });
    expect(inquiry.body).toMatchObject({ code: 20000, message: '询价成功', data: { id } });
    expect((await client.get(`/api/v1/uav/order/orderDetails?id=${id}`)).body.data.state).toBe(1);

    const quoted = await waitForState(client, id, 2);
    expect(quoted.quoteProgress.map((p: any) => p.status)).toEqual(['answered', 'answered']);
    const plan = (await client.get(`/api/v1/uav/order/listInsurancePlan?id=${id}`)).body.data;
    const totals = plan.at(-1);
    expect(totals.isTotal).toBe(true);
    const [first, second] = totals.insuranceCompanyList;
    expect(first.total).toBeGreaterThan(0);
    expect(first.total).not.toBe(second.total);
    expect(
      plan.slice(0, -1).every((row: any) => row.insuranceCompanyList.every((c: any) => c.insurancePremium > 0)),
    ).toBe(true);

    const insured = await insureWithTerms(client, id, first.insuranceCompanyId);
    expect(insured.body.code).toBe(20000);
    // Bought and awaiting payment; underwritten once paid at the dev gateway (docs/api/payments.md).
    expect(insured.body.data.payment).toMatchObject({ status: 'unpaid', amount: first.total });
    await payAtDevCashier(client, insured.body.data.payment);
    const inForce = await waitForState(client, id, 5);
    expect(inForce.policyNo).toMatch(/^P\d{2}\d{8}\d{8}$/);
    expect(inForce.totalPremium).toBe(first.total);
    const year = new Date(inForce.endDate).getTime() - new Date(inForce.startDate).getTime();
    expect(year).toBe(365 * 24 * 3600 * 1000);

    const page = await client.post('/api/v1/uav/order/page', { currentPage: 1, pageSize: 20, userName: phone });
    expect(page.body.data).toMatchObject({ currentPage: 1, pageSize: 20, totalCount: 1 });
    expect(page.body.data.datas[0]).toMatchObject({ id, state: 5, insuranceCompanyId: first.insuranceCompanyId });
  });

  it('answers 30000 请完善用户信息 until the profile is complete', async () => {
    const client = platform.client();
    await registerUser(client);
    const answer = await client.post('/api/v1/uav/order/inquiryPrice', generalApplication());
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 30000, message: '请完善用户信息' });
  });

  it('prices the education package as a range and quotes it with every insurer', async () => {
    const { client } = await customer();
    const range = await client.post('/api/v1/uav/order/getAllPrice', trainingApplication());
    const { minPrice, maxPrice } = JSON.parse(range.body.message);
    expect(minPrice).toBeGreaterThan(0);
    expect(maxPrice).toBeGreaterThanOrEqual(minPrice);
    const inquiry = await client.post('/api/v1/uav/order/inquiryPrice', trainingApplication());
    const quoted = await waitForState(client, inquiry.body.data.id, 2);
    expect(quoted.quoteProgress).toHaveLength(7);
  });

  it('revokes and resets, and ignores answers to the cancelled round', async () => {
    const { client } = await customer();
    const id = (await client.post('/api/v1/uav/order/inquiryPrice', generalApplication())).body.data.id;
    expect((await client.get(`/api/v1/uav/order/revoke?id=${id}&revokeReason=`)).body.message).toBe('撤销原因不能为空');
    const revoked = await client.get(
      `/api/v1/uav/order/revoke?id=${id}&revokeReason=${encodeURIComponent('需求变更')}`,
    );
    expect(revoked.body).toMatchObject({ code: 20000, message: '撤销成功' });
    await new Promise((r) => setTimeout(r, 1500));
    const after = (await client.get(`/api/v1/uav/order/orderDetails?id=${id}`)).body.data;
    expect(after).toMatchObject({ state: 0, revokeReason: '需求变更' });
    expect(
      (await client.get(`/api/v1/uav/order/revoke?id=${id}&revokeReason=${encodeURIComponent('其他')}`)).body.code,
    ).toBe(40900);

    await client.post('/api/v1/uav/order/inquiryPrice', { ...generalApplication(), id });
    await waitForState(client, id, 2);
    expect((await client.get(`/api/v1/uav/order/reset?orderInfoId=${id}`)).body).toMatchObject({
      code: 20000,
      message: '重置成功',
    });
    expect((await client.get(`/api/v1/uav/order/orderDetails?id=${id}`)).body.data.state).toBe(0);
  });

  it("deletes a plan line and refuses another user's order everywhere", async () => {
    const { client } = await customer();
    const id = (await client.post('/api/v1/uav/order/inquiryPrice', generalApplication())).body.data.id;
    await waitForState(client, id, 2);
    const plan = (await client.get(`/api/v1/uav/order/listInsurancePlan?id=${id}`)).body.data;
    const line = plan[0];
    const deleted = await client.get(
      `/api/v1/uav/order/deleteInsurancePlan?orderInfoId=${id}&insuranceTypeInfoId=${line.insuranceTypeInfoId}&uavInfoId=${line.uavInfoId ?? ''}`,
    );
    expect(deleted.body).toMatchObject({ code: 20000, message: '删除成功' });
    expect((await client.get(`/api/v1/uav/order/listInsurancePlan?id=${id}`)).body.data).toHaveLength(plan.length - 1);

    const { client: other } = await customer();
    const probes = [
      other.get(`/api/v1/uav/order/orderDetails?id=${id}`),
      other.get(`/api/v1/uav/order/listInsurancePlan?id=${id}`),
      other.get(`/api/v1/uav/order/insure?id=${id}&insuranceCompanyId=1`),
      other.get(`/api/v1/uav/order/revoke?id=${id}&revokeReason=${encodeURIComponent('其他')}`),
      other.get(`/api/v1/uav/order/reset?orderInfoId=${id}`),
      other.get(`/api/v1/uav/order/deleteInsurancePlan?orderInfoId=${id}&insuranceTypeInfoId=1&uavInfoId=0`),
      other.post('/api/v1/uav/order/save', { ...generalApplication(), id }),
      other.post('/api/v1/uav/order/inquiryPrice', { ...generalApplication(), id }),
    ];
    for (const answer of await Promise.all(probes))
      expect(answer.body).toMatchObject({ code: 40400, message: '订单不存在' });
    expect((await other.post('/api/v1/uav/order/page', { userName: '' })).body.data.totalCount).toBe(0);
  });

  it('refuses bad forms with the Chinese messages', async () => {
    const { client } = await customer();
    const general = generalApplication();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...general, insuranceTypeInfoList: [] }, '至少选择一个主险'],
      [{ ...general, insuranceCompanyList: [] }, '投保公司不能为空'],
      [{ ...general, flyingInfo: { applicationField: '' } }, '请点击选择应用行业'],
      [{ ...general, flyingInfo: { applicationField: '其他', applicationFieldRemark: '' } }, '请输入应用行业'],
      [{ ...trainingApplication(), insuranceTypeInfoList: [] }, '没有投保险种，请选择险种'],
    ];
    for (const [form, message] of cases) {
      const answer = await client.post('/api/v1/uav/order/save', form);
      expect(answer.body).toMatchObject({ code: 40000, message });
    }
    const garbage = await client.call('POST', '/api/v1/uav/order/save', undefined, { raw: '{"uavInfoList": "nope"}' });
    expect(garbage.status).toBe(400);
  });

  it('re-inquiry without id, state and orderNo creates a new order', async () => {
    const { client } = await customer();
    const first = (await client.post('/api/v1/uav/order/inquiryPrice', generalApplication())).body.data.id;
    const details = (await client.get(`/api/v1/uav/order/orderDetails?id=${first}`)).body.data;
    const { id: _id, state: _state, orderNo: _orderNo, ...copy } = details;
    const again = await client.post('/api/v1/uav/order/inquiryPrice', { ...generalApplication(), ...pick(copy) });
    expect(again.body.code).toBe(20000);
    expect(again.body.data.id).not.toBe(first);
    expect((await client.post('/api/v1/uav/order/page', {})).body.data.totalCount).toBe(2);
  });
});

const pick = (details: Record<string, unknown>) => ({
  insuranceTypeInfoList: details.insuranceTypeInfoList,
  uavInfoList: details.uavInfoList,
  flyingInfo: details.flyingInfo,
});

describe('insurer answers', () => {
  it('a duplicate delivery changes nothing', async () => {
    const { client } = await customer();
    const id = (await client.post('/api/v1/uav/order/inquiryPrice', generalApplication())).body.data.id;
    const quoted = await waitForState(client, id, 2);
    const requestId = quoted.quoteProgress[0].requestId;
    const again = await insurerAt(new Date())(job({ kind: 'answer', orderId: id, requestId }));
    expect(again).toEqual([]);
    const timeout = await insurerAt(new Date(Date.now() + 365 * 86_400_000))(
      job({ kind: 'timeout', orderId: id, requestId }),
    );
    expect(timeout).toEqual([]);
  });

  it('a line needing verification waits for the back office; an unanswered insurer times out', async () => {
    const { client } = await customer();
    const form = generalApplication();
    // A ¥600,000 aircraft needs the insurer's manual verification.
    (form.uavInfoList as any[])[1].price = 600_000;
    const id = (await client.post('/api/v1/uav/order/inquiryPrice', form)).body.data.id;
    const deadline = Date.now() + 10_000;
    let progress: any[] = [];
    while (Date.now() < deadline) {
      progress = (await client.get(`/api/v1/uav/order/orderDetails?id=${id}`)).body.data.quoteProgress;
      if (progress.every((p) => p.status === 'waiting-verification')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(progress.map((p) => p.status)).toEqual(['waiting-verification', 'waiting-verification']);
    const plan = (await client.get(`/api/v1/uav/order/listInsurancePlan?id=${id}`)).body.data;
    const pending = plan.filter((r: any) => r.insuranceCompanyList?.[0]?.status === 'waiting-verification');
    expect(pending.length).toBeGreaterThan(0);

    // The back office enters the first insurer's verified premiums…
    const admin = platform.client();
    admin.adopt(
      await admin.post('/api/v1/uav/user/login', { mobilePhone: ADMIN.mobilePhone, password: ADMIN.password }),
    );
    const userEntry = await client.post('/api/v1/uav/backoffice/quote', {
      requestId: progress[0].requestId,
      answers: [{ key: pending[0].key, premium: 1, deductible: 'x' }],
    });
    expect(userEntry.body.code).toBe(40300);
    const entered = await admin.post('/api/v1/uav/backoffice/quote', {
      requestId: progress[0].requestId,
      answers: pending.map((r: any) => ({ key: r.key, premium: 8888.5, deductible: '免赔10%' })),
    });
    expect(entered.body).toMatchObject({ code: 20000, data: { recorded: true } });
    const board = await admin.get('/api/v1/uav/backoffice/quoteProgress');
    expect(board.body.data.datas.some((o: any) => o.id === id)).toBe(true);

    // …the second insurer never answers and times out at its deadline; the order completes.
    const late = new Date(new Date(progress[1].deadlineAt).getTime() + 1000);
    expect(await insurerAt(late)(job({ kind: 'timeout', orderId: id, requestId: progress[1].requestId }))).toEqual([
      'InsurerQuoteTimedOut',
      'QuotingCompleted',
    ]);
    const done = await waitForState(client, id, 2);
    expect(done.quoteProgress.map((p: any) => p.status)).toEqual(['answered', 'timed-out']);
    const totals = (await client.get(`/api/v1/uav/order/listInsurancePlan?id=${id}`)).body.data.at(
      -1,
    ).insuranceCompanyList;
    expect(totals.map((t: any) => t.canInsure)).toEqual([true, false]);
    expect(
      (await client.get(`/api/v1/uav/order/insure?id=${id}&insuranceCompanyId=${totals[1].insuranceCompanyId}`)).body
        .message,
    ).toBe('该保险公司未完成全部报价，暂不能投保');
  });

  it('the policy lapses after its end date (injected clock)', async () => {
    const { client } = await customer();
    const id = (await client.post('/api/v1/uav/order/inquiryPrice', generalApplication())).body.data.id;
    const quoted = await waitForState(client, id, 2);
    const insured = await insureWithTerms(client, id, quoted.quoteProgress[0].insuranceCompanyId);
    await payAtDevCashier(client, insured.body.data.payment);
    const inForce = await waitForState(client, id, 5);
    const sweepAt = (at: number) =>
      sweepPolicies({ eventStore, now: () => new Date(at), duePolicySteps: orderReader(platform.pool).duePolicySteps });
    const end = new Date(inForce.endDate).getTime();
    await sweepAt(end - 1000);
    await new Promise((r) => setTimeout(r, 300));
    expect((await client.get(`/api/v1/uav/order/orderDetails?id=${id}`)).body.data.state).toBe(5);
    expect((await sweepAt(end + 1000)).changed).toBeGreaterThanOrEqual(1);
    await waitForState(client, id, 6);
  });
});

describe('catalogues, leads and uploads', () => {
  it('lists seven insurers (99 hidden), covers per order type, drone brands and 34 regions', async () => {
    const client = platform.client();
    const insurers = (await client.get('/api/v1/uav/order/listInsuranceCompany?id=0')).body.data;
    expect(insurers).toHaveLength(7);
    expect(insurers.some((i: any) => i.id === 99)).toBe(false);
    expect(insurers.every((i: any) => i.logo)).toBe(true);
    const training = (await client.get('/api/v1/uav/order/listInsuranceType?id=1')).body.data.map((t: any) => t.id);
    expect(training).toEqual(expect.arrayContaining([1, 2, 100, 101, 102, 103]));
    const general = (await client.get('/api/v1/uav/order/listInsuranceType?id=0')).body.data;
    expect(general.every((t: any) => t.type === 1 || t.type === 2)).toBe(true);
    expect((await client.get('/api/v1/uav/order/listDroneBrand')).body.data[0].children.length).toBeGreaterThan(0);
    expect((await client.get('/api/v1/uav/order/listRegion')).body.data).toHaveLength(34);
    expect((await client.get('/api/v1/uav/order/listInsuranceType?id=7')).body.code).toBe(40000);
  });

  it('collects a contact lead with the Chinese messages', async () => {
    const client = platform.client();
    expect(
      (
        await client.post('/api/v1/uav/order/infocollect', {
          phone: '13900000000',
          mailbox: 'a@b.cn',
          enterpriseType: '制造',
          guaranteeRange: '产品责任',
        })
      ).body,
    ).toMatchObject({
      code: 20000,
      message: '提交成功',
      data: { code: 20000 },
    });
    expect((await client.post('/api/v1/uav/order/infocollect', { phone: '' })).body.message).toBe('请输入联系电话');
    expect(
      (await client.post('/api/v1/uav/order/infocollect', { phone: '13900000000', mailbox: 'nope' })).body.message,
    ).toBe('邮箱格式错误');
  });

  it('uploads files checked by content, stored under new names, served only to their owner', async () => {
    const { client } = await customer();
    // A complete 1×1 PNG: a file cut short after its header is refused (uploads are judged by content).
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d494441540899636060606000000005000187a14ed40000000049454e44ae426082',
      'hex',
    );
    const upload = async (files: [string, Buffer][], token = client.state.accessToken) => {
      const body = new FormData();
      for (const [name, content] of files) body.append('files', new Blob([content]), name);
      const answer = await fetch(`${platform.baseUrl}/api/v1/uav/file/uploadBatch?type=3`, {
        method: 'POST',
        body,
        headers: { authorization: `Bearer ${token}` },
      });
      return {
        status: answer.status,
        body: (await answer.json()) as any,
        consistency: answer.headers.get('x-consistency-token'),
      };
    };
    const done = await upload([['../../etc/passwd.png', png]]);
    expect(done.body).toMatchObject({ code: 20000, message: '上传成功' });
    const [file] = done.body.data;
    // The sender's path is never shown back: only its last segment, cleaned.
    expect(file.name).toBe('passwd.png');
    const served = await fetch(`${platform.baseUrl}${file.fileUrl}`, {
      headers: { authorization: `Bearer ${client.state.accessToken}`, 'x-consistency-token': done.consistency ?? '0' },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const { client: other } = await customer();
    expect((await other.get(file.fileUrl.replace('/api/v1/uav', '/api/v1/uav'))).status).toBe(404);

    const disguised = await upload([['photo.png', Buffer.from('<script>alert(1)</script>')]]);
    expect(disguised.status).toBe(415);
    expect(disguised.body.message).toContain('上传失败');
    const tooMany = await upload(Array.from({ length: 10 }, (_, i) => [`p${i}.png`, png] as [string, Buffer]));
    expect(tooMany.body).toMatchObject({ message: '每次最多上传9个文件' });
    const none = await upload([]);
    expect(none.body).toMatchObject({ code: 40000, message: '请选择文件' });
  });

  it('serves the order list and its count from the covering index (EXPLAIN)', async () => {
    const db = platform.pool;
    // 50 users × 1,000 orders (removed afterwards): enough rows for the planner to choose honestly.
    await db.query(
      `INSERT INTO order_list (_id, data)
       SELECT 'explain-' || g, jsonb_build_object('userName', 'explain-user-' || (g % 50),
              'orderTime', to_char(timestamp '2026-01-01' + g * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
         FROM generate_series(1, 50000) g`,
    );
    try {
      // Statistics from every row: from ANALYZE's default sample the estimate for one user could fall under
      // 1,000 (its sample is random), and page 50 (offset 980) then looked cheaper to sort: a flaky plan.
      // The index-only scan is costed by the share of pages marked all-visible; a VACUUM that ran beside
      // another transaction of this database (the projector writing) may leave pages unmarked, and the
      // planner then sorts a bitmap scan instead. Vacuum again until the map covers the table.
      const session = await db.connect();
      try {
        await session.query('SET default_statistics_target = 10000');
        for (let attempt = 0; attempt < 20; attempt++) {
          await session.query('VACUUM (ANALYZE) order_list');
          const { rows } = await session.query(
            `SELECT relpages, relallvisible FROM pg_class WHERE oid = 'order_list'::regclass`,
          );
          if (rows[0].relallvisible >= rows[0].relpages) break;
          await new Promise((r) => setTimeout(r, 250));
        }
      } finally {
        await session.query('RESET default_statistics_target');
        session.release();
      }
      const explain = async (sql: string) =>
        (await db.query(`EXPLAIN ${sql}`, ['explain-user-7'])).rows.map((r) => r['QUERY PLAN']).join('\n');
      // The page's ids and the count come from the covering index alone, in order: no sort.
      for (const offset of [0, 980]) {
        const plan = await explain(
          `SELECT _id, order_time FROM order_list WHERE user_name = $1 ORDER BY order_time DESC, _id DESC LIMIT 20 OFFSET ${offset}`,
        );
        expect(plan).toContain('Index Only Scan using order_list_user_page');
        expect(plan).not.toContain('Sort');
      }
      expect(await explain(`SELECT count(*) FROM order_list WHERE user_name = $1`)).toContain(
        'Index Only Scan using order_list_user_page',
      );
    } finally {
      await db.query(`DELETE FROM order_list WHERE _id LIKE 'explain-%'`);
    }
  });
});

describe('bad input on every ordering endpoint', () => {
  it('answers an envelope with a 4xx, never a 5xx', async () => {
    const { client } = await customer();
    const calls: [string, string, string?][] = [
      ['POST', '/api/v1/uav/order/save', '{"orderType": "x"}'],
      ['POST', '/api/v1/uav/order/save', '[]'],
      ['POST', '/api/v1/uav/order/inquiryPrice', '{"insuranceTypeInfoList": 5}'],
      ['POST', '/api/v1/uav/order/getAllPrice', '{"uavInfoList": [{"price": "abc"}]}'],
      ['POST', '/api/v1/uav/order/page', '{"currentPage": -1}'],
      ['GET', '/api/v1/uav/order/orderDetails'],
      ['GET', '/api/v1/uav/order/orderDetails?id=does-not-exist'],
      ['GET', '/api/v1/uav/order/listInsurancePlan?id='],
      ['GET', '/api/v1/uav/order/insure?id=x&insuranceCompanyId=abc'],
      ['GET', '/api/v1/uav/order/insure?id=nope&insuranceCompanyId=1'],
      ['GET', '/api/v1/uav/order/revoke?id=nope&revokeReason=whatever'],
      ['GET', '/api/v1/uav/order/deleteInsurancePlan?orderInfoId=x&insuranceTypeInfoId=y'],
      ['GET', '/api/v1/uav/order/reset'],
      ['GET', '/api/v1/uav/order/getdronedata'],
      ['POST', '/api/v1/uav/order/infocollect', '{"phone": 12}'],
      ['GET', '/api/v1/uav/file/not-a-file'],
      ['POST', '/api/v1/uav/backoffice/quote', '{}'],
    ];
    for (const [method, path, raw] of calls) {
      const answer = await client.call(method, path, undefined, raw === undefined ? {} : { raw });
      expect(answer.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${method} ${path}`).toBeLessThan(500);
      expect(answer.body.code, `${method} ${path}`).not.toBe(20000);
      expect(answer.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('requires a login for every order and file endpoint but the catalogues and leads', async () => {
    const anonymous = platform.client();
    for (const [method, path] of [
      ['POST', '/api/v1/uav/order/save'],
      ['POST', '/api/v1/uav/order/inquiryPrice'],
      ['POST', '/api/v1/uav/order/page'],
      ['GET', '/api/v1/uav/order/orderDetails?id=x'],
      ['GET', '/api/v1/uav/order/insure?id=x&insuranceCompanyId=1'],
      ['POST', '/api/v1/uav/file/uploadBatch'],
    ] as const)
      expect((await anonymous.call(method, path, method === 'POST' ? {} : undefined)).status, path).toBe(401);
  });

  it("finds the caller's insured drones by device code", async () => {
    const { client } = await customer();
    const id = (await client.post('/api/v1/uav/order/inquiryPrice', generalApplication())).body.data.id;
    const quoted = await waitForState(client, id, 2);
    expect((await client.get('/api/v1/uav/order/getdronedata?deviceNumber=1581F5FHD23A')).body.data).toEqual([]);
    const insured = await insureWithTerms(client, id, quoted.quoteProgress[0].insuranceCompanyId);
    await payAtDevCashier(client, insured.body.data.payment);
    await waitForState(client, id, 5);
    const found = (await client.get('/api/v1/uav/order/getdronedata?deviceNumber=1581F5FHD23A,UNKNOWN')).body.data;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ deviceNumber: '1581F5FHD23A', model: 'Matrice 350 RTK' });
    expect(found[0].policyNo).toMatch(/^P/);
  });
});
