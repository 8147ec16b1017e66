import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication, trainingApplication } from '@feibao/domain/ordering/fixtures';
import { registerUser, startTestPlatform, type Client, type TestPlatform } from '../support/platform.ts';

// One insurer working day lasts 0.2 s here, so quotes arrive within a second.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({ env: { QUOTE_DAY_SECONDS: '0.2', SMS_HOURLY_PER_ADDRESS: '100000' } });
});
afterAll(async () => platform?.stop());

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

const waitForState = async (client: Client, id: string, state: number, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const details = await client.get(`/api/v1/uav/order/orderDetails?id=${id}`);
    if (details.body.data?.state === state) return details.body.data;
    if (Date.now() > deadline) throw new Error(`order ${id} stayed in state ${details.body.data?.state}, wanted ${state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

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
    expect(plan.slice(0, -1).every((row: any) => row.insuranceCompanyList.every((c: any) => c.insurancePremium > 0))).toBe(true);

    const insured = await client.get(`/api/v1/uav/order/insure?id=${id}&insuranceCompanyId=${first.insuranceCompanyId}`);
    expect(insured.body.code).toBe(20000);
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
    const revoked = await client.get(`/api/v1/uav/order/revoke?id=${id}&revokeReason=${encodeURIComponent('需求变更')}`);
    expect(revoked.body).toMatchObject({ code: 20000, message: '撤销成功' });
    await new Promise((r) => setTimeout(r, 1500));
    const after = (await client.get(`/api/v1/uav/order/orderDetails?id=${id}`)).body.data;
    expect(after).toMatchObject({ state: 0, revokeReason: '需求变更' });
    expect((await client.get(`/api/v1/uav/order/revoke?id=${id}&revokeReason=${encodeURIComponent('其他')}`)).body.code).toBe(40900);

    await client.post('/api/v1/uav/order/inquiryPrice', { ...generalApplication(), id });
    await waitForState(client, id, 2);
    expect((await client.get(`/api/v1/uav/order/reset?orderInfoId=${id}`)).body).toMatchObject({ code: 20000, message: '重置成功' });
    expect((await client.get(`/api/v1/uav/order/orderDetails?id=${id}`)).body.data.state).toBe(0);
  });

  it('deletes a plan line and refuses another user\'s order everywhere', async () => {
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
    for (const answer of await Promise.all(probes)) expect(answer.body).toMatchObject({ code: 40400, message: '订单不存在' });
    expect((await other.post('/api/v1/uav/order/page', { userName: '' })).body.data.totalCount).toBe(0);
  });

  it('refuses bad forms with the spec messages', async () => {
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
});
