import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import {
  accountWithRoles,
  ADMIN,
  newPhone,
  registerUser,
  startTestPlatform,
  type Client,
  type TestPlatform,
} from '../support/platform.ts';
import { claimReport, damagedDrone, injuredPerson } from '../support/claims.ts';
import { customerWithPolicy } from '../support/policies.ts';

const API = '/api/v1/uav/claim/settlement';
const OPEN_CLAIM = '已存在未结案的理赔单，暂不能再次申请理赔, 是否跳转?';

let platform: TestPlatform;
let admin: Client;
let staff: Client;
let staffPhone: string;
beforeAll(async () => {
  platform = await startTestPlatform({
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '300', SMS_HOURLY_PER_ADDRESS: '100000' },
  });
  admin = platform.client();
  admin.adopt(await admin.post('/api/v1/uav/user/login', { mobilePhone: ADMIN.mobilePhone, password: ADMIN.password }));
  // A claim handler: a registered account the admin grants the `claims` role, then signs in again.
  staff = platform.client();
  const { phone, password } = await registerUser(staff);
  staffPhone = phone;
  expect((await admin.post('/api/v1/uav/user/grantRoles', { mobilePhone: phone, roles: ['claims'] })).body.code).toBe(
    20000,
  );
  staff.adopt(await staff.post('/api/v1/uav/user/login', { mobilePhone: phone, password }));
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

/** A complete report, plus what the server must not take from a claimant (never stored, see below). */
const report = (id: string, overrides: Record<string, unknown> = {}) =>
  claimReport(id, {
    userName: 'ignored',
    uavAccidentTypeRemark: '不应保存',
    propertyLossTypeRemark: '不应保存',
    settlementUavInfoList: [{ ...damagedDrone, dataPlatform: '厂家云平台' }],
    ...overrides,
  });

const details = async (client: Client, id: string) => (await client.get(`${API}/details?id=${id}`)).body;

describe('claims: report against an in-force policy', () => {
  let customer: Awaited<ReturnType<typeof customerWithPolicy>>;
  let claimId: string;
  beforeAll(async () => {
    customer = await customerWithPolicy(platform);
  }, 60_000);

  it('opens a claim with a snapshot of the policy; a second one answers 30000 with the open claim', async () => {
    const created = await customer.client.get(
      `${API}/createClaimSettlement?orderId=${customer.orderId}&userName=someone-else`,
    );
    expect(created.body).toMatchObject({ code: 20000, message: '申请理赔成功' });
    claimId = created.body.data;
    expect(typeof claimId).toBe('string');

    const again = await customer.client.get(`${API}/createClaimSettlement?orderId=${customer.orderId}`);
    expect(again.body).toEqual({ code: 30000, message: OPEN_CLAIM, data: claimId });

    const claim = await details(customer.client, claimId);
    expect(claim.code).toBe(20000);
    expect(claim.data).toMatchObject({ id: claimId, claimState: 1, policyNo: customer.policy.policyNo });
    expect(claim.data.claimSettlementNo).toMatch(/^LP\d{14}$/);
    expect(claim.data.insuranceTypeInfoList.length).toBeGreaterThan(0);
    expect(claim.data.insuranceTypeInfoList.every((l: any) => typeof l.deductible === 'string')).toBe(true);
    expect(claim.data.insuredDeviceNumbers).toEqual(['1581F5FHD23A', '1581F5FHD23B']);
  });

  it('refuses another user, and orders that are not the caller’s', async () => {
    const other = platform.client();
    await registerUser(other);
    expect((await other.get(`${API}/createClaimSettlement?orderId=${customer.orderId}`)).body.code).toBe(40400);
    expect((await details(other, claimId)).code).toBe(40400);
    expect((await other.post(`${API}/save`, report(claimId))).body.code).toBe(40400);
    expect((await other.get(`${API}/revocation?id=${claimId}`)).body.code).toBe(40400);
    expect((await other.get(`${API}/listImageType?id=${claimId}`)).body.code).toBe(40400);
    expect((await other.get(`${API}/history?id=${claimId}`)).body.code).toBe(40400);
  });

  it('refuses orders whose policy is not in force', async () => {
    const draft = await customer.client.post('/api/v1/uav/order/save', generalApplication());
    const refused = await customer.client.get(`${API}/createClaimSettlement?orderId=${draft.body.data.id}`);
    expect(refused.body).toMatchObject({ code: 40900, message: '保单未生效，暂不能申请理赔' });
    expect((await customer.client.get(`${API}/createClaimSettlement?orderId=nope`)).body.code).toBe(40400);
    expect((await customer.client.get(`${API}/createClaimSettlement`)).body).toMatchObject({
      code: 40000,
      message: '订单编号不能为空',
    });
  });

  it('saves a draft with every derivation applied by the server', async () => {
    const saved = await customer.client.post(`${API}/save`, report(claimId));
    expect(saved.body).toMatchObject({ code: 20000, message: '暂存成功' });
    const claim = (await details(customer.client, claimId)).data;
    expect(claim).toMatchObject({
      claimState: 2,
      accidentAddressProvince: '440000',
      accidentAddressCity: '440300',
      deviceNumber: '1581F5FHD23A',
      accidentType: '1,2',
      injuryLossTypeRemark: '路人轻伤',
    });
    expect(claim.uavAccidentTypeRemark ?? null).toBeNull();
    expect(claim.propertyLossTypeRemark ?? null).toBeNull();
    expect(claim.settlementUavInfoList[0].dataPlatform ?? null).toBeNull();
  });

  it('refuses bad input with a Chinese message, never a 5xx', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ accidentTime: '1989-12-31 23:00:00' }, '出险时间不能早于1990-01-01'],
      [{ accidentTime: '2999-01-01 00:00:00' }, '出险时间不能晚于当前时间'],
      [{ accidentTime: 'yesterday' }, '出险时间格式应为yyyy-MM-dd HH:mm:ss'],
      [{ settlementUavInfoList: [{ deviceNumber: 'NOT-INSURED' }] }, '设备编号不在保单承保的无人机中'],
      [{ injuryInfoList: [{ injuryName: '张三', technicalLevel: '110105194912310021' }] }, '身份证格式错误!'],
      [{ uavAccidentType: '9' }, '事故类型不正确'],
      [{ settlementUavInfoList: 'x' }, '无人机格式不正确'],
    ];
    for (const [override, message] of cases) {
      const answer = await customer.client.post(`${API}/save`, report(claimId, override));
      expect(answer.status).toBeLessThan(500);
      expect(answer.body).toMatchObject({ code: 40000, message });
    }
    const incomplete = await customer.client.post(`${API}/submit`, report(claimId, { accidentAddress: '' }));
    expect(incomplete.body).toMatchObject({ code: 40000, message: '请填写详细地址' });
    for (const [method, path] of [
      ['GET', `${API}/details`],
      ['GET', `${API}/back?id=`],
      ['POST', `${API}/updatePicBatch`],
      ['POST', `${API}/deletePicBatch`],
      ['POST', `${API}/page`],
    ] as const) {
      const answer = await customer.client.call(method, path, method === 'POST' ? 'not-a-list' : undefined);
      expect(answer.status, path).toBeLessThan(500);
    }
  });

  it('customers submit once; then only an admin may submit, and only what is stored', async () => {
    const submitted = await customer.client.post(`${API}/submit`, report(claimId));
    expect(submitted.body).toMatchObject({ code: 20000, message: '提交成功' });
    expect((await details(customer.client, claimId)).data.claimState).toBe(3);
    expect((await customer.client.post(`${API}/submit`, report(claimId))).body).toMatchObject({
      code: 40900,
      message: '理赔单已提交，不能修改',
    });
    expect((await customer.client.post(`${API}/save`, report(claimId))).body.code).toBe(40900);

    expect((await admin.post(`${API}/submit`, report(claimId))).body).toMatchObject({
      code: 20000,
      message: '提交成功',
    });
    const changed = await admin.post(`${API}/submit`, report(claimId, { accidentAddress: '深圳市福田区' }));
    expect(changed.body).toMatchObject({ code: 40900, message: '修改理赔信息需先保存修改说明' });
  });

  it('admin amendment: contrast rows, explanations required, stale versions refused, history shows why', async () => {
    // The submitted claim's accept timer (a working day is 0.2 s here) appends ClaimSlaOverdue, which
    // moves the claim's version: let it land first, so only this test's writes move it below.
    await expect
      .poll(async () => (await details(staff, claimId)).data.sla.overdue, { timeout: 10_000 })
      .toContain('accept');
    const amended = report(claimId, {
      accidentAddress: '深圳市福田区',
      injuryInfoList: [injuredPerson({ indemnityAmount: '2' })],
    });
    expect((await customer.client.post(`${API}/contrast`, amended)).body.code).toBe(40300);
    const contrast = await admin.post(`${API}/contrast`, amended);
    expect(contrast.body.code).toBe(20000);
    const { version, rows } = contrast.body.data;
    expect(rows.map((r: any) => r.path).sort()).toEqual(['accidentAddress', 'injuryInfoList[0].indemnityAmount']);
    const address = rows.find((r: any) => r.path === 'accidentAddress');
    expect(address).toMatchObject({
      moduleName: '事故基本信息',
      oldValue: '深圳市南山区科技园',
      newValue: '深圳市福田区',
      operateType: '修改',
    });

    const unexplained = await admin.post(`${API}/saveLog`, {
      id: claimId,
      version,
      form: amended,
      list: rows.map((r: any) => ({ path: r.path, remark: r.path === 'accidentAddress' ? '客户来电更正' : ' ' })),
    });
    expect(unexplained.body.code).toBe(40000);
    expect(unexplained.body.message).toMatch(/^请填写修改说明：/);
    expect(
      (await customer.client.post(`${API}/saveLog`, { id: claimId, version, form: amended, list: [] })).body.code,
    ).toBe(40300);

    const explained = rows.map((r: any) => ({
      path: r.path,
      remark: r.path === 'accidentAddress' ? '客户来电更正地址' : '医院发票金额为2万元',
    }));
    const saved = await admin.post(`${API}/saveLog`, { id: claimId, version, form: amended, list: explained });
    expect(saved.body).toMatchObject({ code: 20000, message: '保存修改成功' });
    // The same comparison again is stale: the claim moved on since that version.
    const stale = await admin.post(`${API}/saveLog`, { id: claimId, version, form: report(claimId), list: explained });
    expect(stale.body).toMatchObject({ code: 40900, message: '理赔单已被他人修改，请重新比对' });
    expect((await admin.post(`${API}/submit`, amended)).body.code).toBe(20000);

    const log = await admin.get(`${API}/listLogById?id=${claimId}`);
    expect(log.body.code).toBe(20000);
    const row = log.body.data.find((r: any) => r.fieldName === '详细地址' && r.remark === '客户来电更正地址');
    expect(row).toMatchObject({ userName: ADMIN.mobilePhone, moduleName: '事故基本信息' });
    expect(row.details).toContain('深圳市福田区');
    expect(log.body.data[0]).toHaveProperty('operateDate');
    expect((await customer.client.get(`${API}/listLogById?id=${claimId}`)).body.code).toBe(40300);
    const own = await customer.client.get(`${API}/history?id=${claimId}`);
    expect(own.body.data.some((r: any) => r.remark === '客户来电更正地址')).toBe(true);

    const csv = await fetch(`${platform.baseUrl}${API}/history.csv?id=${claimId}`, {
      headers: { authorization: `Bearer ${admin.state.accessToken}` },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain('客户来电更正地址');
  });

  it('the SLA clock marks a claim not accepted in time as overdue (a working day is 0.2 s here)', async () => {
    const deadline = Date.now() + 10_000;
    let claim = (await details(staff, claimId)).data;
    while (!claim.sla.overdue.includes('accept') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      claim = (await details(staff, claimId)).data;
    }
    expect(claim.sla.overdue).toEqual(['accept']);
    expect(new Date(claim.sla.acceptDueAt).getTime()).toBeGreaterThan(new Date(claim.applyTime).getTime());
    const overdue = await staff.post(`${API}/page`, { currentPage: 1, pageSize: 20, overdue: true });
    expect(overdue.body.data.datas.map((r: any) => r.id)).toContain(claimId);
  });

  it('staff accept, assess per cover line, close and reopen with reasons; customers may not', async () => {
    expect((await customer.client.post(`${API}/accept`, { id: claimId })).body.code).toBe(40300);
    expect((await staff.post(`${API}/accept`, { id: claimId, reason: '材料齐全' })).body).toMatchObject({
      code: 20000,
    });
    // Another user's write: the staff client reads its own write at once (read-your-writes).
    expect((await details(staff, claimId)).data.claimState).toBe(4);

    const claim = (await details(staff, claimId)).data;
    const hull = claim.insuranceTypeInfoList.find((l: any) => l.insuranceTypeId === 1 && l.droneName);
    const assessed = await staff.post(`${API}/assess`, {
      id: claimId,
      exposures: [{ lineKey: hull.key, kind: 'drone', lossAmount: 20000 }],
      reason: '按维修报价',
    });
    expect(assessed.body.code).toBe(20000);
    const after = (await details(staff, claimId)).data;
    expect(after.assessment.exposures[0]).toMatchObject({ lossAmount: 20000, understood: true });
    expect(after.lossAssessmentAmount).toBe(20000);
    expect(after.assessment.payableAmount).toBeLessThan(20000);

    expect((await staff.post(`${API}/close`, { id: claimId })).body).toMatchObject({
      code: 40000,
      message: '请填写原因',
    });
    expect((await staff.post(`${API}/close`, { id: claimId, reason: '已赔付' })).body.code).toBe(20000);
    const closed = (await details(staff, claimId)).data;
    expect(closed.claimState).toBe(5);
    expect(closed.finishClaimTime).toBeTruthy();

    // A closed claim no longer blocks a new one; reopening needs a reason.
    expect((await staff.post(`${API}/reopen`, { id: claimId, reason: '' })).body.code).toBe(40000);
    const reopened = await staff.post(`${API}/reopen`, { id: claimId, reason: '客户补充了票据' });
    expect(reopened.body.code).toBe(20000);
    // The customer sees it as soon as they carry the staff write's consistency token.
    const seen = await customer.client.get(`${API}/details?id=${claimId}`, {
      headers: { 'x-consistency-token': reopened.headers.get('x-consistency-token')! },
    });
    expect(seen.body.data).toMatchObject({ claimState: 4, finishClaimTime: null });
  });

  it('withdraws once; a second withdrawal is refused', async () => {
    expect((await customer.client.get(`${API}/revocation?id=${claimId}`)).body).toMatchObject({
      code: 20000,
      message: '撤销成功',
    });
    expect((await details(customer.client, claimId)).data.claimState).toBe(6);
    expect((await customer.client.get(`${API}/revocation?id=${claimId}`)).body).toMatchObject({
      code: 40900,
      message: '理赔单已撤回',
    });
  });

  it('back cancels a claim that was never saved; it disappears from the list', async () => {
    const created = await customer.client.get(`${API}/createClaimSettlement?orderId=${customer.orderId}`);
    expect(created.body.code).toBe(20000);
    const id = created.body.data;
    expect((await customer.client.get(`${API}/back?id=${id}`)).body).toMatchObject({
      code: 20000,
      message: '返回成功',
    });
    expect((await details(customer.client, id)).code).toBe(40400);
    const page = await customer.client.post(`${API}/page`, { currentPage: 1, pageSize: 20, userName: 'x' });
    expect(page.body.data.datas.map((r: any) => r.id)).not.toContain(id);
    expect(page.body.data.datas.map((r: any) => r.id)).toContain(claimId);
  });

  it('lists only the caller’s claims; staff see all with filters', async () => {
    const other = await customerWithPolicy(platform);
    const created = await other.client.get(`${API}/createClaimSettlement?orderId=${other.orderId}`);
    const theirs = created.body.data;
    const token = { headers: { 'x-consistency-token': created.headers.get('x-consistency-token')! } };
    const mine = await customer.client.post(`${API}/page`, { currentPage: 1, pageSize: 20 });
    expect(mine.body.data).toMatchObject({ currentPage: 1, pageSize: 20 });
    expect(mine.body.data.datas.map((r: any) => r.id)).not.toContain(theirs);
    const all = await staff.post(`${API}/page`, { currentPage: 1, pageSize: 20 }, token);
    expect(all.body.data.datas.map((r: any) => r.id)).toEqual(expect.arrayContaining([theirs, claimId]));
    const withdrawn = await staff.post(`${API}/page`, { currentPage: 1, pageSize: 20, claimState: 6 });
    expect(withdrawn.body.data.datas.every((r: any) => r.claimState === 6)).toBe(true);
    const row = mine.body.data.datas.find((r: any) => r.id === claimId);
    expect(row).toMatchObject({ claimState: 6, policyNo: customer.policy.policyNo, uavAccidentType: '3' });
    expect(row.actions).not.toContain('withdraw');
  });

  it('concurrent applications on one policy open exactly one claim', async () => {
    const fresh = await customerWithPolicy(platform);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => fresh.client.get(`${API}/createClaimSettlement?orderId=${fresh.orderId}`)),
    );
    const opened = answers.filter((a) => a.body.code === 20000);
    expect(opened).toHaveLength(1);
    const others = answers.filter((a) => a.body.code !== 20000);
    expect(others.every((a) => a.body.code === 30000 && a.body.data === opened[0]!.body.data)).toBe(true);
  });

  it('getSettlementUavInfo returns the policy drones with those codes', async () => {
    const other = await customer.client.get(`${API}/createClaimSettlement?orderId=${customer.orderId}`);
    const id = other.body.data;
    const drones = await customer.client.get(`${API}/getSettlementUavInfo?id=${id}&deviceNumber=1581F5FHD23B,UNKNOWN`);
    expect(drones.body.code).toBe(20000);
    expect(drones.body.data.map((d: any) => d.deviceNumber)).toEqual(['1581F5FHD23B']);
    expect(drones.body.data[0]).toMatchObject({ manufacturer: '大疆 DJI', model: 'Matrice 350 RTK' });
  });
});

describe('claims desk: assignment and queues (staff only)', () => {
  let customer: Awaited<ReturnType<typeof customerWithPolicy>>;
  let claimId: string;
  const page = (client: Client, body: Record<string, unknown>, init?: { headers: Record<string, string> }) =>
    client.post(`${API}/page`, { currentPage: 1, pageSize: 100, ...body }, init);
  const ids = (answer: { body: { data: { datas: { id: string }[] } } }) => answer.body.data.datas.map((r) => r.id);
  let assignedToAdmin: { headers: Record<string, string> } = { headers: {} };
  /** Overdue first, then the current stage's due time ascending (a row without one last). */
  const inQueueOrder = (rows: { overdue: string[]; stageDueAt: string | null }[]) =>
    rows.every((row, i) => {
      const prev = rows[i - 1];
      if (!prev) return true;
      const [a, b] = [prev.overdue.length > 0, row.overdue.length > 0];
      if (a !== b) return a;
      if (prev.stageDueAt === null) return row.stageDueAt === null;
      return row.stageDueAt === null || prev.stageDueAt <= row.stageDueAt;
    });

  beforeAll(async () => {
    customer = await customerWithPolicy(platform);
    claimId = (await customer.client.get(`${API}/createClaimSettlement?orderId=${customer.orderId}`)).body.data;
    const submitted = await customer.client.post(`${API}/submit`, report(claimId));
    expect(submitted.body.code).toBe(20000);
    // Staff read the customer's write: each read carries its consistency token.
    const token = { headers: { 'x-consistency-token': submitted.headers.get('x-consistency-token')! } };
    expect((await staff.get(`${API}/details?id=${claimId}`, token)).body.code).toBe(20000);
    await page(staff, {}, token);
  }, 60_000);

  it('staff assign a claim to a claims staff member; the details, rows and history show it', async () => {
    const assigned = await staff.post(`${API}/assign`, { id: claimId, assignee: staffPhone });
    expect(assigned.body).toMatchObject({ code: 20000, message: '分派成功' });
    expect((await details(staff, claimId)).data).toMatchObject({
      assignee: staffPhone,
      claimState: 3,
      acceptedAt: null,
    });
    expect((await details(staff, claimId)).data.submittedAt).toBeTruthy();
    // The same assignee again changes nothing: one 分派 row in the history.
    expect((await staff.post(`${API}/assign`, { id: claimId, assignee: staffPhone })).body.code).toBe(20000);
    const history = (await staff.get(`${API}/history?id=${claimId}`)).body.data as {
      operateType: string;
      details: string;
    }[];
    expect(history.filter((r) => r.operateType === '分派').map((r) => r.details)).toEqual([`分派给 ${staffPhone}`]);
    const row = (await page(staff, {})).body.data.datas.find((r: any) => r.id === claimId);
    expect(row).toMatchObject({
      assignee: staffPhone,
      evidenceRequested: false,
      actions: expect.arrayContaining(['assign']),
    });
    expect(typeof row.slaAgeDays).toBe('number');
    expect(row.stageDueAt).toBeTruthy();
  });

  it('refuses customers (40300) and assignees who are not active claims staff (40000)', async () => {
    expect((await customer.client.post(`${API}/assign`, { id: claimId, assignee: staffPhone })).body.code).toBe(40300);
    for (const assignee of [newPhone(), customer.phone, 'not-a-phone']) {
      const refused = await staff.post(`${API}/assign`, { id: claimId, assignee });
      expect(refused.body, assignee).toMatchObject({ code: 40000, message: '该用户不是理赔人员' });
    }
    expect((await staff.post(`${API}/assign`, { assignee: staffPhone })).body.code).toBe(40000);
    expect((await staff.post(`${API}/assign`, { id: 'nope', assignee: staffPhone })).body.code).toBe(40400);
    // An admin may hold claims too.
    const toAdmin = await staff.post(`${API}/assign`, { id: claimId, assignee: ADMIN.mobilePhone });
    expect(toAdmin.body.code).toBe(20000);
    assignedToAdmin = { headers: { 'x-consistency-token': toAdmin.headers.get('x-consistency-token')! } };
    expect((await details(staff, claimId)).data.assignee).toBe(ADMIN.mobilePhone);
  });

  it('refuses every claims-desk call to guests and to the rule-platform roles (40300), whatever the body', async () => {
    const guest = platform.client();
    guest.adopt(await guest.post('/api/v1/uav/user/guest'));
    const ruleRoles = await Promise.all(
      [['auditor'], ['test'], ['batchTest'], ['auditor', 'test', 'batchTest']].map((r) =>
        accountWithRoles(platform, admin, r),
      ),
    );
    const calls: [string, Record<string, unknown>][] = [
      ['accept', { id: claimId, reason: '受理' }],
      ['requestEvidence', { id: claimId, message: '请补充现场照片' }],
      ['assess', { id: claimId, exposures: [{ lineKey: 'x', kind: 'drone', lossAmount: 1 }] }],
      ['close', { id: claimId, reason: '结案' }],
      ['reopen', { id: claimId, reason: '重开' }],
      ['assign', { id: claimId, assignee: staffPhone }],
    ];
    for (const caller of [guest, ...ruleRoles]) {
      for (const [path, body] of calls) expect((await caller.post(`${API}/${path}`, body)).body.code, path).toBe(40300);
      expect((await caller.get(`${API}/staffMembers`)).body.code).toBe(40300);
      // Their claim list is their own (none), never the desk's queues.
      const listed = await caller.post(`${API}/page`, { currentPage: 1, pageSize: 100, queue: 'submitted' });
      expect(listed.body.data?.datas ?? []).toEqual([]);
    }
  });

  it('lists the staff a claim may be assigned to (claims staff and admins) to staff only', async () => {
    // The grant is the admin's write: wait for the user list to show it rather than pass its token around.
    await expect
      .poll(
        async () =>
          ((await staff.get(`${API}/staffMembers`)).body.data as { mobilePhone: string }[]).map((m) => m.mobilePhone),
        { timeout: 10_000 },
      )
      .toEqual(expect.arrayContaining([staffPhone, ADMIN.mobilePhone]));
    const members = (await staff.get(`${API}/staffMembers`)).body.data as { mobilePhone: string; name: string }[];
    expect(members.map((m) => m.mobilePhone)).not.toContain(customer.phone);
    expect(members.every((m) => typeof m.name === 'string')).toBe(true);
    expect((await customer.client.get(`${API}/staffMembers`)).body.code).toBe(40300);
    expect((await platform.client().get(`${API}/staffMembers`)).body.code).toBe(40100);
  });

  it("'me' lists the caller's claims; '' and null unassign", async () => {
    // The admin reads the staff member's write: the read carries its token.
    expect(ids(await page(admin, { assignee: 'me' }, assignedToAdmin))).toContain(claimId);
    expect(ids(await page(staff, { assignee: 'me' }))).not.toContain(claimId);
    expect((await staff.post(`${API}/assign`, { id: claimId, assignee: staffPhone })).body.code).toBe(20000);
    const mine = await page(staff, { assignee: 'me' });
    expect(ids(mine)).toContain(claimId);
    expect(mine.body.data.datas.every((r: any) => r.assignee === staffPhone)).toBe(true);
    expect(ids(await page(staff, { assignee: staffPhone }))).toContain(claimId);
    expect((await staff.post(`${API}/assign`, { id: claimId, assignee: '' })).body.code).toBe(20000);
    expect((await details(staff, claimId)).data.assignee).toBeNull();
    expect((await staff.post(`${API}/assign`, { id: claimId, assignee: null })).body.code).toBe(20000);
    expect(ids(await page(staff, { assignee: 'me' }))).not.toContain(claimId);
    expect((await staff.post(`${API}/assign`, { id: claimId, assignee: staffPhone })).body.code).toBe(20000);
  });

  it('queues by stage, overdue first then the nearest due time, with the SLA age per row', async () => {
    const submittedQueue = await page(staff, { queue: 'submitted' });
    expect(submittedQueue.body.code).toBe(20000);
    const rows = submittedQueue.body.data.datas;
    expect(rows.map((r: any) => r.id)).toContain(claimId);
    expect(rows.every((r: any) => r.claimState === 3 && typeof r.slaAgeDays === 'number' && r.stageDueAt)).toBe(true);
    expect(inQueueOrder(rows)).toBe(true);
    // A working day is 0.2 s here: by now the claim is a few working days into its stage.
    expect(rows.find((r: any) => r.id === claimId).slaAgeDays).toBeGreaterThan(0);

    expect((await staff.post(`${API}/requestEvidence`, { id: claimId, message: '请补充飞行日志' })).body.code).toBe(
      20000,
    );
    const evidence = (await page(staff, { queue: 'evidence' })).body.data.datas;
    expect(evidence.find((r: any) => r.id === claimId)).toMatchObject({
      claimState: 2,
      evidenceRequested: true,
      stageDueAt: null,
    });
    expect(evidence.every((r: any) => r.claimState === 2 && r.evidenceRequested)).toBe(true);
    expect(ids(await page(staff, { queue: 'submitted' }))).not.toContain(claimId);

    const resubmitted = await customer.client.post(`${API}/submit`, report(claimId));
    expect(resubmitted.body.code).toBe(20000);
    const token = { headers: { 'x-consistency-token': resubmitted.headers.get('x-consistency-token')! } };
    expect(ids(await page(staff, { queue: 'evidence' }, token))).not.toContain(claimId);
    expect((await staff.post(`${API}/accept`, { id: claimId })).body.code).toBe(20000);
    const processing = (await page(staff, { queue: 'processing' })).body.data.datas;
    expect(processing.find((r: any) => r.id === claimId)).toMatchObject({
      claimState: 4,
      assignee: staffPhone,
      evidenceRequested: false,
    });
    expect(processing.every((r: any) => r.claimState === 4)).toBe(true);
    expect(inQueueOrder(processing)).toBe(true);
    expect((await details(staff, claimId)).data.acceptedAt).toBeTruthy();

    const overdue = (await page(staff, { queue: 'overdue' })).body.data.datas;
    expect(overdue.every((r: any) => r.overdue.length > 0 && [2, 3, 4].includes(r.claimState))).toBe(true);
    expect((await page(staff, { queue: 'nope' })).body.code).toBe(40000);
  });

  it('ignores the desk filters for customers', async () => {
    const answer = await page(customer.client, { queue: 'evidence', assignee: 'me' });
    expect(answer.body.code).toBe(20000);
    expect(ids(answer)).toContain(claimId);
    expect(answer.body.data.datas.every((r: any) => !r.actions.includes('assign'))).toBe(true);
  });

  it('refuses to assign a closed claim', async () => {
    expect((await staff.post(`${API}/close`, { id: claimId, reason: '已赔付' })).body.code).toBe(20000);
    const refused = await staff.post(`${API}/assign`, { id: claimId, assignee: ADMIN.mobilePhone });
    expect(refused.body).toMatchObject({ code: 40900, message: '已结案或已撤回的理赔单不能分派' });
  });
});
