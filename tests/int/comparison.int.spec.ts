import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessExposure } from '@feibao/domain/claims/settlement';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { ADMIN, registerUser, signIn, startTestPlatform, type Client, type TestPlatform } from '../support/platform.ts';
import { companyProfile, waitForOrderState } from '../support/policies.ts';

/**
 * 对比 through the edge (docs/api/comparison.md): an order quoted by the seeded tariffs of three insurers, the
 * out-of-pocket amounts the claims desk's settlement gives for their wording, the sort by expected cost, the
 * firmness labels (a line awaiting verification, wording nobody can read, a validity run out), the query's
 * Chinese refusals and who may read it. The services' clock is moved forward for the expired quote.
 */

const U = '/api/v1/uav';
const DAY = 86_400_000;
let platform: TestPlatform;
let admin: Client;
let shift = 0;

beforeAll(async () => {
  platform = await startTestPlatform({
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '300', SMS_HOURLY_PER_ADDRESS: '100000' },
    now: () => new Date(Date.now() + shift),
  });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

const threeInsurers = (): Record<string, unknown> => ({
  ...generalApplication(),
  insuranceCompanyList: [
    { id: 1, name: '人保财险' },
    { id: 2, name: '平安产险' },
    { id: 3, name: '太平洋产险' },
  ],
});

const inquiry = async (form: Record<string, unknown>) => {
  const client = platform.client();
  await registerUser(client);
  expect((await client.post(`${U}/user/update`, companyProfile)).body.code).toBe(20000);
  const asked = await client.post(`${U}/order/inquiryPrice`, form);
  expect(asked.body.code, asked.body.message).toBe(20000);
  return { client, id: asked.body.data.id as string };
};

const compare = async (client: Client, id: string, query = '') => {
  const answer = await client.get(`${U}/order/comparison?id=${id}${query}`);
  expect(answer.body.code, answer.body.message).toBe(20000);
  return answer.body.data;
};

const insurer = (data: any, id: number) => data.insurers.find((i: any) => i.insuranceCompanyId === id);

describe('对比', () => {
  it('prices a typical loss with the claims desk’s arithmetic on each insurer’s wording, cheapest expected cost first', async () => {
    const { client, id } = await inquiry(threeInsurers());
    await waitForOrderState(client, id, 2);
    const plan = (await client.get(`${U}/order/listInsurancePlan?id=${id}`)).body.data;
    const data = await compare(client, id);
    expect(data.loss).toMatchObject({
      hullLoss: 20_000,
      thirdPartyLoss: 200_000,
      uavInfoId: '0',
      uavInfoName: '测绘一号',
    });
    expect(data.insurers.map((i: any) => i.label)).toEqual(['firm', 'firm', 'firm']);
    expect(data.insurers.map((i: any) => i.labelText)).toEqual(['可直接投保', '可直接投保', '可直接投保']);
    const costs = data.insurers.map((i: any) => i.expectedCostYuan);
    expect(costs).toEqual([...costs].sort((a: number, b: number) => a - b));

    // The seeded wording: 人保 10%/¥1,000 on the hull and ¥500 on property; 平安 10%/¥1,000 and none; 太平洋 the
    // higher of ¥1,000 and 10%, ¥1,000 on property. A ¥20,000 hull loss on the ¥130,000 drone, ¥200,000 of property.
    expect(insurer(data, 1).outOfPocketYuan).toBe(2_500);
    expect(insurer(data, 2).outOfPocketYuan).toBe(2_000);
    expect(insurer(data, 3).outOfPocketYuan).toBe(3_000);
    const totals = plan.at(-1).insuranceCompanyList;
    for (const i of data.insurers) {
      const total = totals.find((t: any) => t.insuranceCompanyId === i.insuranceCompanyId);
      expect(i.totalPremium).toBe(total.total);
      expect(i.expectedCostYuan).toBe(Math.round((total.total + i.outOfPocketYuan) * 100) / 100);
      expect(i.canInsure).toBe(true);
      // Each line taking the loss says what the claims desk's settlement says for the plan's own wording and amount.
      for (const line of i.lines.filter((l: any) => l.loss !== null)) {
        const row = plan.find((r: any) => r.key === line.key);
        const cell = row.insuranceCompanyList.find((c: any) => c.insuranceCompanyId === i.insuranceCompanyId);
        expect(line.deductibleText).toBe(cell.deductiblePremiumString);
        expect(line.premium).toBe(cell.insurancePremium);
        const settled = assessExposure({
          lossYuan: line.loss.lossYuan,
          kind: line.loss.kind,
          deductibleText: cell.deductiblePremiumString,
          limitYuan: row.insuranceAmount * 10_000,
        });
        expect(line.loss).toMatchObject({ deductibleYuan: settled.deductibleYuan, payableYuan: settled.payableYuan });
      }
    }
    const hull = insurer(data, 1).lines.find((l: any) => l.key === '1:0');
    expect(hull.deductible).toMatchObject({ understood: true, percent: 10, minimumYuan: 1000 });
    expect(hull.premiumPer10k).toBe(Math.round((hull.premium / 13) * 100) / 100);

    // The customer's own loss: the ¥180,000 fixed-wing written off, ¥800,000 of injuries: capped as a claim would be.
    const big = await compare(client, id, '&uavInfoId=1&hullLoss=250000&thirdPartyLoss=800000&thirdPartyKind=injury');
    const one = insurer(big, 1);
    expect(one.lines.find((l: any) => l.key === '1:1').loss).toMatchObject({ payableYuan: 180_000, cappedBy: 'limit' });
    expect(one.lines.find((l: any) => l.key === '2:1').loss).toMatchObject({
      kind: 'injury',
      payableYuan: 500_000,
      cappedBy: 'perPayout',
    });
    expect(one.outOfPocketYuan).toBe(70_000 + 300_000);

    // The expired quote: 太平洋 stands by its price 15 days, the others 30.
    shift = 16 * DAY;
    try {
      const later = await compare(client, id);
      expect(insurer(later, 3)).toMatchObject({ label: 'expired', labelText: '已过期', canInsure: false });
      expect(insurer(later, 1).label).toBe('firm');
    } finally {
      shift = 0;
    }
  });

  it('labels a line awaiting verification 参考报价, and wording nobody can read 需人工确认免赔', async () => {
    const form = threeInsurers();
    form.insuranceCompanyList = [
      { id: 1, name: '人保财险' },
      { id: 2, name: '平安产险' },
    ];
    // A ¥600,000 aircraft needs the insurer's manual verification.
    (form.uavInfoList as any[])[1].price = 600_000;
    const { client, id } = await inquiry(form);
    const deadline = Date.now() + 15_000;
    let data: any;
    while (Date.now() < deadline) {
      data = await compare(client, id, '&uavInfoId=1');
      if (data.insurers.every((i: any) => i.label === 'indicative')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(data.insurers.map((i: any) => i.labelText)).toEqual(['参考报价', '参考报价']);
    expect(data.insurers.every((i: any) => i.expectedCostYuan === null && i.totalPremium === null)).toBe(true);

    const details = (await client.get(`${U}/order/orderDetails?id=${id}`)).body.data;
    const pending = details.insurancePlanList.filter(
      (r: any) => r.insuranceCompanyList?.[0]?.status === 'waiting-verification',
    );
    const entered = await admin.post(`${U}/backoffice/quote`, {
      requestId: details.quoteProgress[0].requestId,
      answers: pending.map((r: any) => ({ key: r.key, premium: 8888.5, deductible: '免赔以保单约定为准' })),
    });
    expect(entered.body.code, entered.body.message).toBe(20000);
    const deadline2 = Date.now() + 15_000;
    let after: any;
    while (Date.now() < deadline2) {
      after = await compare(client, id, '&uavInfoId=1');
      if (insurer(after, 1).label === 'firm') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const one = insurer(after, 1);
    expect(one).toMatchObject({
      label: 'firm',
      deductibleNote: '需人工确认免赔',
      outOfPocketYuan: null,
      expectedCostYuan: null,
    });
    expect(one.totalPremium).toBeGreaterThan(0);
    // Sorted: a quote without an expected cost after those with one, the firm one before the indicative.
    expect(after.insurers.map((i: any) => i.insuranceCompanyId)).toEqual([1, 2]);
  });

  it('refuses a wrong query in Chinese, reads someone else’s order as missing, and lets staff read it', async () => {
    const { client, id } = await inquiry(generalApplication());
    await waitForOrderState(client, id, 2);
    const refused = async (query: string) => (await client.get(`${U}/order/comparison?${query}`)).body;
    expect(await refused('')).toMatchObject({ code: 40000 });
    expect(await refused(`id=${id}&hullLoss=abc`)).toMatchObject({ code: 40000, message: '机身损失金额必须是数字' });
    expect(await refused(`id=${id}&thirdPartyLoss=-5`)).toMatchObject({
      code: 40000,
      message: '三者损失金额不能小于0',
    });
    expect(await refused(`id=${id}&hullKind=fire`)).toMatchObject({
      code: 40000,
      message: '机身损失类型只能是 damage 或 theft',
    });
    expect(await refused(`id=${id}&uavInfoId=7`)).toMatchObject({
      code: 40000,
      message: '所选无人机不在本订单的方案中',
    });

    const other = platform.client();
    await registerUser(other);
    expect((await other.get(`${U}/order/comparison?id=${id}`)).body.code).toBe(40400);
    expect((await platform.client().get(`${U}/order/comparison?id=${id}`)).body.code).toBe(40100);
    const staff = await admin.get(`${U}/order/comparison?id=${id}`);
    expect(staff.body.code).toBe(20000);
    expect(staff.body.data.insurers).toHaveLength(2);
  });
});
