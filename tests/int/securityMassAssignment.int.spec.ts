import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import {
  accountWithRoles,
  ADMIN,
  newPhone,
  registerUser,
  sendCode,
  signIn,
  startTestPlatform,
  until,
  type Client,
  type TestPlatform,
} from '../support/platform.ts';
import { claimReport, damagedDrone } from '../support/claims.ts';
import {
  companyProfile,
  customerWithPolicy,
  payAtDevCashier,
  waitForOrderState,
  insureWithTerms,
} from '../support/policies.ts';
import { rawCall, tinyPng, uploadForm } from '../support/securityFixtures.ts';

/**
 * Mass assignment (docs/security.md "Who may do what"): fields the server decides — roles, the
 * account key, order and claim states, policy and claim numbers, premiums, assessed amounts,
 * owners and ids — sent in a body change nothing. Each request is either refused or answered
 * as if the field were absent; what is read back afterwards is the server's own.
 */

const U = '/api/v1/uav';
const C = `${U}/claim/settlement`;

/** Everything a client might try to set on any record. */
const forged = {
  roles: ['admin'],
  role: 'admin',
  userName: ADMIN.mobilePhone,
  owner: ADMIN.mobilePhone,
  userId: ADMIN.mobilePhone,
  guest: false,
  state: 5,
  status: 'inForce',
  orderNo: 'FB-FORGED',
  policyNo: 'P-FORGED',
  premium: 0.01,
  totalPremium: 0.01,
  insurancePremium: 0.01,
  insuranceCompanyId: 1,
  claimState: 5,
  claimSettlementNo: 'LP-FORGED',
  lossAssessmentAmount: 999_999,
  finishClaimTime: '2020-01-01 00:00:00',
  assessment: { total: 999_999 },
  assignee: ADMIN.mobilePhone,
  acceptedAt: '2020-01-01T00:00:00Z',
};

let platform: TestPlatform;
let admin: Client;
beforeAll(async () => {
  platform = await startTestPlatform({
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '300', SMS_HOURLY_PER_ADDRESS: '100000' },
  });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

const adminProfile = async () => (await admin.get(`${U}/user/getUserByUserName`)).body.data;
/** What the server thinks of the caller: the profile's roles, a refreshed session's roles, an admin call. */
const powers = async (client: Client) => {
  const refreshed = client.adopt(await client.post(`${U}/user/refresh`, { refreshToken: client.state.refreshToken }));
  return {
    profileRoles: (await client.get(`${U}/uc/currentUser`)).body.data.roles,
    sessionRoles: refreshed.body.data.user.roles,
    adminCall: (await client.get(`${U}/backoffice/users`)).body.code,
  };
};
const plainCustomer = { profileRoles: ['user'], sessionRoles: ['user'], adminCall: 40300 };

describe('accounts', () => {
  it('registration takes no roles, account key or status from the body', async () => {
    const client = platform.client();
    const phone = newPhone();
    const code = await sendCode(client, phone);
    const form = {
      registerType: 1,
      name: '注册者',
      mobilePhone: phone,
      password: 'passw0rd-ok',
      confirmPassword: 'passw0rd-ok',
      identifyingCode: code,
    };
    const answer = client.adopt(await client.post(`${U}/user/register`, { ...form, ...forged }));
    expect(answer.status).toBeLessThan(500);
    if (answer.body.code !== 20000) client.adopt(await client.post(`${U}/user/register`, form));
    expect((await client.get(`${U}/uc/currentUser`)).body.data.mobilePhone).toBe(phone);
    expect(await powers(client)).toEqual(plainCustomer);
  });

  it('a profile update takes no roles, password or other account from the body', async () => {
    const client = platform.client();
    const { phone, password } = await registerUser(client);
    const before = await adminProfile();
    const hijack = 'hijack-pass-9';
    for (const body of [
      { ...companyProfile, ...forged },
      { ...companyProfile, roles: ['admin'] },
      { ...companyProfile, password: hijack, confirmPassword: hijack, registerType: 2 },
    ]) {
      const answer = await client.post(`${U}/user/update`, body);
      expect(answer.status).toBeLessThan(500);
    }
    expect(await powers(client)).toEqual(plainCustomer);
    expect(await adminProfile()).toEqual(before);
    expect((await client.post(`${U}/user/login`, { mobilePhone: phone, password: hijack })).body.code).toBe(40000);
    await signIn(platform.client(), phone, password);
  });
});

describe('orders', () => {
  it("a saved draft keeps the server's state, numbers, owner and (absent) premiums", async () => {
    const client = platform.client();
    const { phone } = await registerUser(client);
    const saved = await client.post(`${U}/order/save`, {
      ...generalApplication(),
      ...forged,
      insurancePlanList: [{ insurancePremium: 0.01 }],
    });
    expect(saved.body.code).toBe(20000);
    const { id, orderNo } = saved.body.data;
    expect(orderNo).not.toBe(forged.orderNo);
    const details = (await client.get(`${U}/order/orderDetails?id=${id}`)).body.data;
    expect(details).toMatchObject({
      id,
      orderNo,
      state: 0,
      userName: phone,
      policyNo: null,
      totalPremium: null,
      insuranceCompanyId: null,
    });
    const listed = (await client.post(`${U}/order/page`, {})).body.data.datas;
    expect(listed).toMatchObject([{ id, orderNo, state: 0 }]);
    expect(JSON.stringify(listed)).not.toMatch(/FORGED|0\.01/);
    // The admin named as owner does not get it.
    expect((await admin.post(`${U}/order/page`, {})).body.data.datas.map((o: { id: string }) => o.id)).not.toContain(
      id,
    );
    // Staff see it under its real number too: a batch test over the newest application names it.
    const tester = await accountWithRoles(platform, admin, ['batchTest', 'test']);
    const started = await tester.post('/api/v1/rules/batchTests/start', { ruleId: 'tariff-1', version: 1, lastN: 1 });
    expect(started.body.code, started.body.message).toBe(20000);
    const run = await until(
      () =>
        tester.get(`/api/v1/rules/batchTests/detail?runId=${started.body.data.runId}`, {
          headers: { 'x-consistency-token': String(client.consistency) },
        }),
      (r) => r.body.code === 20000 && r.body.data.status === 'done',
    );
    expect(run.body.data.results).toMatchObject([{ key: `order:${id}`, name: `订单${orderNo}` }]);
  });

  it("a client cannot choose a new order's id", async () => {
    const client = platform.client();
    await registerUser(client);
    const chosen = randomUUID();
    const answer = await client.post(`${U}/order/save`, { ...generalApplication(), id: chosen });
    expect(answer.body.data?.id ?? null).not.toBe(chosen);
  });

  it('quoted premiums and the policy number come from the insurers, not the body', async () => {
    const client = platform.client();
    await registerUser(client);
    expect((await client.post(`${U}/user/update`, companyProfile)).body.code).toBe(20000);
    const body = {
      ...generalApplication(),
      ...forged,
      insurancePlanList: [{ insurancePremium: 0.01, insuranceCompanyList: [{ insurancePremium: 0.01 }] }],
    };
    const inquiry = await client.post(`${U}/order/inquiryPrice`, body);
    expect(inquiry.body.code).toBe(20000);
    const id = inquiry.body.data.id;
    const quoted = await waitForOrderState(client, id, 2);
    expect(quoted.policyNo).toBeNull();
    const plan = (await client.get(`${U}/order/listInsurancePlan?id=${id}`)).body.data;
    expect(JSON.stringify(plan)).not.toContain('0.01');
    const insurer = quoted.quoteProgress[0].insuranceCompanyId;
    const insured = await insureWithTerms(client, id, insurer, '&totalPremium=0.01&policyNo=P-FORGED');
    expect(insured.body.code).toBe(20000);
    expect(insured.body.data.payment.amount).toBeGreaterThan(1);
    await payAtDevCashier(client, insured.body.data.payment);
    const policy = await waitForOrderState(client, id, 5);
    expect(policy.policyNo).toMatch(/^P/);
    expect(policy.policyNo).not.toBe(forged.policyNo);
    expect(policy.totalPremium).toBeGreaterThan(1);
  });
});

describe('claims and files', () => {
  // The claimant also lists parts, with a forged total.
  const report = (id: string) =>
    claimReport(id, {
      settlementUavInfoList: [
        { ...damagedDrone, partInfoList: [{ partName: '机臂', partUnitPrice: 100, partCount: 2, total: 999_999 }] },
      ],
    });

  it("a claimant's save and submit take no state, numbers, amounts, assignee, owner or parts from the body", async () => {
    const customer = await customerWithPolicy(platform);
    const claimId = (
      await customer.client.get(`${C}/createClaimSettlement?orderId=${customer.orderId}&userName=${ADMIN.mobilePhone}`)
    ).body.data;
    const forgedClaim = { ...report(claimId), ...forged, orderId: randomUUID(), claimId: randomUUID() };
    expect((await customer.client.post(`${C}/save`, forgedClaim)).body.code).toBe(20000);
    let claim = (await customer.client.get(`${C}/details?id=${claimId}`)).body.data;
    expect(claim).toMatchObject({
      id: claimId,
      claimState: 2,
      userName: customer.phone,
      orderId: customer.orderId,
      policyNo: customer.policy.policyNo,
      lossAssessmentAmount: null,
      assignee: null,
      assessment: null,
      acceptedAt: null,
    });
    expect(claim.claimSettlementNo).toMatch(/^LP\d{14}$/);
    // Parts are the admin's to fill (docs/api/claims.md): the claimant's are not stored.
    expect(claim.settlementUavInfoList[0].partInfoList).toEqual([]);
    expect((await customer.client.post(`${C}/submit`, forgedClaim)).body.code).toBe(20000);
    claim = (await customer.client.get(`${C}/details?id=${claimId}`)).body.data;
    expect(claim).toMatchObject({
      claimState: 3,
      lossAssessmentAmount: null,
      finishClaimTime: null,
      assignee: null,
      assessment: null,
    });
    expect(JSON.stringify(claim)).not.toMatch(/FORGED|999999/);
    // Nobody else was made its owner (staff lists show the claimant's phone masked).
    expect(
      (await admin.post(`${C}/page`, { claimSettlementNo: claim.claimSettlementNo })).body.data.datas[0].userName,
    ).toBe(`${customer.phone.slice(0, 3)}****${customer.phone.slice(-4)}`);
  });

  it('an upload belongs to its sender whatever owner the form names', async () => {
    const client = platform.client();
    await registerUser(client);
    const form = uploadForm(await tinyPng(), 'mine.png', {
      owner: ADMIN.mobilePhone,
      userName: ADMIN.mobilePhone,
      userId: ADMIN.mobilePhone,
    });
    const uploaded = await rawCall(
      platform.baseUrl,
      'POST',
      `${U}/file/uploadBatch?type=3&owner=${ADMIN.mobilePhone}`,
      { token: client.state.accessToken, body: form },
    );
    expect(uploaded.body?.code).toBe(20000);
    const fileId = (uploaded.body!.data as { id: string }[])[0]!.id;
    const stranger = platform.client();
    await registerUser(stranger);
    expect(
      (
        await rawCall(platform.baseUrl, 'GET', `${U}/file/${fileId}`, {
          token: client.state.accessToken,
          consistency: uploaded.consistency,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await rawCall(platform.baseUrl, 'GET', `${U}/file/${fileId}`, {
          token: stranger.state.accessToken,
          consistency: uploaded.consistency,
        })
      ).status,
    ).toBe(404);
  });
});
