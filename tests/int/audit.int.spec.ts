import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import {
  ADMIN,
  registerUser,
  startTestPlatform,
  type ApiAnswer,
  type Client,
  type TestPlatform,
  accountWithRoles,
  signIn,
} from '../support/platform.ts';
import { claimReport } from '../support/claims.ts';
import { companyProfile, customerWithPolicy } from '../support/policies.ts';

const API = '/api/v1/uav/backoffice/audit';
const CLAIMS = '/api/v1/uav/claim/settlement';
const DENIED = { code: 40300, message: '无权限访问', data: null };

let platform: TestPlatform;
let admin: Client;
let customer: Awaited<ReturnType<typeof customerWithPolicy>>;
let claimId: string;
let edited: { client: Client; phone: string; orderId: string; orderNo: string };

const staffWith = (roles: string[]) => accountWithRoles(platform, admin, roles);

/** Reads as the admin once the writer's events are projected (the writer's consistency token). */
const asAdmin = (path: string, writer: Client) =>
  admin.get(path, { headers: { 'x-consistency-token': String(writer.consistency) } });

beforeAll(async () => {
  platform = await startTestPlatform({
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '300', SMS_HOURLY_PER_ADDRESS: '100000' },
  });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);

  // An order bought through the whole flow, and a claim on its policy that an admin amended.
  customer = await customerWithPolicy(platform);
  const created = await customer.client.get(`${CLAIMS}/createClaimSettlement?orderId=${customer.orderId}`);
  expect(created.body.code, created.body.message).toBe(20000);
  claimId = created.body.data;
  expect((await customer.client.post(`${CLAIMS}/submit`, claimReport(claimId))).body.code).toBe(20000);
  const amended = claimReport(claimId, { accidentAddress: '深圳市福田区' });
  const contrast = await admin.post(`${CLAIMS}/contrast`, amended, {
    headers: { 'x-consistency-token': String(customer.client.consistency) },
  });
  expect(contrast.body.code, contrast.body.message).toBe(20000);
  const list = contrast.body.data.rows.map((r: { path: string }) => ({ path: r.path, remark: '客户来电更正地址' }));
  const saved = await admin.post(`${CLAIMS}/saveLog`, {
    id: claimId,
    version: contrast.body.data.version,
    form: amended,
    list,
  });
  expect(saved.body.code, saved.body.message).toBe(20000);

  // An order saved twice with changes, sent for quotes and withdrawn with a reason.
  const client = platform.client();
  const { phone } = await registerUser(client);
  expect(
    (await client.post('/api/v1/uav/user/update', { ...companyProfile, enterpriseName: '云翼巡检服务有限公司' })).body
      .code,
  ).toBe(20000);
  const first = await client.post('/api/v1/uav/order/save', generalApplication());
  expect(first.body.code, first.body.message).toBe(20000);
  const orderId: string = first.body.data.id;
  const changed = generalApplication() as { uavInfoList: Record<string, unknown>[]; uavDriverInfoList: unknown[] };
  changed.uavInfoList[1] = { ...changed.uavInfoList[1], price: 190000 };
  changed.uavDriverInfoList = [
    ...changed.uavDriverInfoList,
    { name: '李航', licenseNumber: 'CAAC-2024-0002', technicalLevel: '中级', operatingHours: 120 },
  ];
  expect((await client.post('/api/v1/uav/order/save', { ...changed, id: orderId })).body.code).toBe(20000);
  expect((await client.post('/api/v1/uav/order/inquiryPrice', { ...changed, id: orderId })).body.code).toBe(20000);
  const revoked = await client.get(
    `/api/v1/uav/order/revoke?id=${orderId}&revokeReason=${encodeURIComponent('其他')}&revokeReasonTxt=${encodeURIComponent('预算调整')}`,
  );
  expect(revoked.body.code, revoked.body.message).toBe(20000);
  const details = await client.get(`/api/v1/uav/order/orderDetails?id=${orderId}`);
  edited = { client, phone, orderId, orderNo: details.body.data.orderNo };
}, 120_000);
afterAll(async () => {
  await platform?.stop();
});

describe('who may audit', () => {
  it('refuses every audit call to the unauthenticated, guests, customers, claims staff and the rule-platform roles; admins pass', async () => {
    const calls = [
      (c: Client) => c.get(`${API}/search?q=FB`),
      (c: Client) => c.get(`${API}/history?kind=order&id=${customer.orderId}`),
      (c: Client) => c.get(`${API}/history?kind=claim&id=${claimId}`),
      (c: Client) => c.get(`${API}/history.csv?kind=order&id=${customer.orderId}`),
      // Refused before the input is read: a bad query tells a refused caller nothing either.
      (c: Client) => c.get(`${API}/history?kind=nope`),
    ];
    const anonymous = platform.client();
    for (const call of calls) {
      const answer = await call(anonymous);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 40100, message: '请先登录' });
    }
    const guest = platform.client();
    guest.adopt(await guest.post('/api/v1/uav/user/guest'));
    const callers = [
      guest,
      customer.client,
      ...(await Promise.all(
        [['claims'], ['auditor'], ['test'], ['batchTest'], ['auditor', 'test', 'batchTest']].map(staffWith),
      )),
    ];
    for (const client of callers)
      for (const call of calls) {
        const answer = await call(client);
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual(DENIED);
      }
    for (const call of calls.slice(0, 3)) expect((await call(admin)).body.code).toBe(20000);
    const csv = await fetch(`${platform.baseUrl}${API}/history.csv?kind=order&id=${customer.orderId}`, {
      headers: { authorization: `Bearer ${admin.state.accessToken}` },
    });
    expect(csv.status).toBe(200);
  }, 120_000);
});

describe('search', () => {
  const search = async (q: string, writer: Client, extra = ''): Promise<ApiAnswer> => {
    const answer = await asAdmin(`${API}/search?q=${encodeURIComponent(q)}${extra}`, writer);
    expect(answer.body.code, answer.body.message).toBe(20000);
    return answer;
  };
  const kindsAndIds = (answer: ApiAnswer) =>
    answer.body.data.datas.map((r: { kind: string; id: string }) => `${r.kind}:${r.id}`);

  it('finds an order and its claim by policy number, and each by its own number (any case, by prefix)', async () => {
    const byPolicy = await search(customer.policy.policyNo, customer.client);
    expect(kindsAndIds(byPolicy).sort()).toEqual([`claim:${claimId}`, `order:${customer.orderId}`].sort());
    const claimRow = byPolicy.body.data.datas.find((r: { kind: string }) => r.kind === 'claim');
    expect(claimRow).toMatchObject({
      policyNo: customer.policy.policyNo,
      phone: customer.phone,
      companyName: companyProfile.enterpriseName,
      state: 3,
      stateName: '已提交',
    });
    expect(claimRow.number).toMatch(/^LP\d{14}$/);

    const byClaimNo = await search(claimRow.number.toLowerCase(), customer.client);
    expect(kindsAndIds(byClaimNo)).toEqual([`claim:${claimId}`]);
    const byOrderPrefix = await search(edited.orderNo.slice(0, -1), edited.client);
    expect(kindsAndIds(byOrderPrefix)).toContain(`order:${edited.orderId}`);
    const orderRow = (await search(edited.orderNo, edited.client)).body.data.datas[0];
    expect(orderRow).toEqual({
      kind: 'order',
      id: edited.orderId,
      number: edited.orderNo,
      policyNo: null,
      phone: edited.phone,
      companyName: '云翼巡检服务有限公司',
      state: 0,
      stateName: '待询价',
      updatedAt: expect.any(String),
    });
  });

  it('finds by phone (prefix) and by company name (contained), newest change first, in pages', async () => {
    const byPhone = await search(customer.phone, customer.client);
    expect(kindsAndIds(byPhone).sort()).toEqual([`claim:${claimId}`, `order:${customer.orderId}`].sort());
    const times = byPhone.body.data.datas.map((r: { updatedAt: string }) => r.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);

    const byCompany = await search('测绘科技', customer.client);
    expect(kindsAndIds(byCompany)).toEqual(expect.arrayContaining([`claim:${claimId}`, `order:${customer.orderId}`]));
    const firstPage = await search('测绘科技', customer.client, '&pageSize=1&currentPage=1');
    expect(firstPage.body.data).toMatchObject({
      currentPage: 1,
      pageSize: 1,
      totalCount: byCompany.body.data.totalCount,
    });
    expect(firstPage.body.data.datas).toHaveLength(1);
    const secondPage = await search('测绘科技', customer.client, '&pageSize=1&currentPage=2');
    expect(secondPage.body.data.datas[0].id).not.toBe(firstPage.body.data.datas[0].id);

    // LIKE's wildcards are text: '%' finds nothing rather than everything.
    expect((await search('%', customer.client)).body.data).toMatchObject({ totalCount: 0, datas: [] });
    expect((await search('无此公司名称', customer.client)).body.data.totalCount).toBe(0);
  });

  it('refuses bad input with a Chinese message, never a 5xx', async () => {
    const cases: [string, string][] = [
      [`${API}/search`, '请输入订单号、理赔单号、保单号、手机号或公司名称'],
      [`${API}/search?q=%20%20`, '请输入订单号、理赔单号、保单号、手机号或公司名称'],
      [`${API}/search?q=${'9'.repeat(65)}`, '搜索内容不能超过64个字符'],
      [`${API}/search?q=FB&currentPage=0`, '页码不正确'],
      [`${API}/search?q=FB&pageSize=abc`, '每页条数不正确'],
      [`${API}/history?kind=policy&id=x`, '审计对象类型不正确'],
      [`${API}/history?kind=order`, '编号不能为空'],
      [`${API}/history?kind=order&id=${customer.orderId}&change=nope`, '变更类型不正确'],
      [`${API}/history.csv?kind=claim&id=`, '编号不能为空'],
    ];
    for (const [path, message] of cases) {
      const answer = await admin.get(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toMatchObject({ code: 40000, message });
    }
    expect((await admin.get(`${API}/history?kind=order&id=missing`)).body).toMatchObject({
      code: 40400,
      message: '订单不存在',
    });
    expect((await admin.get(`${API}/history?kind=claim&id=${customer.orderId}`)).body).toMatchObject({
      code: 40400,
      message: '理赔单不存在',
    });
    expect((await admin.get(`${API}/history.csv?kind=claim&id=missing`)).body).toMatchObject({
      code: 40400,
      message: '理赔单不存在',
    });
  });
});

describe('history', () => {
  type Entry = {
    position: number;
    userName: string;
    operateType: string;
    moduleName: string;
    fieldName: string;
    details: string;
    remark: string;
    change: string;
  };

  it("shows an order's whole life: who, when, field-by-field changes, quotes, insurance and policy, with its claims", async () => {
    const answer = await asAdmin(`${API}/history?kind=order&id=${customer.orderId}`, customer.client);
    expect(answer.body.code, answer.body.message).toBe(20000);
    const { subject, changes, entries, related } = answer.body.data as {
      subject: any;
      changes: any[];
      entries: Entry[];
      related: any[];
    };
    expect(subject).toMatchObject({
      kind: 'order',
      id: customer.orderId,
      policyNo: customer.policy.policyNo,
      phone: customer.phone,
      companyName: companyProfile.enterpriseName,
      state: 5,
      stateName: '保单生效中',
    });
    expect(subject.insurerName).toEqual(expect.any(String));
    expect(subject.amount).toBeGreaterThan(0);
    const heads = entries.filter((e) => e.fieldName === '');
    expect(heads.map((e) => e.operateType)).toEqual(
      expect.arrayContaining(['创建', '询价', '报价', '报价完成', '投保', '承保', '生效']),
    );
    const created = heads[0]!;
    expect(created).toMatchObject({ operateType: '创建', userName: customer.phone, change: 'fill' });
    expect(created.details).toMatch(/^创建订单FB\d{14}（\d+项修改）$/);
    // The first save lists what was filled in, one row per drone and per field.
    const createdRows = entries.filter((e) => e.position === created.position && e.fieldName !== '');
    expect(createdRows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ moduleName: '无人机信息', fieldName: '无人机1(测绘一号)', operateType: '新增' }),
      ]),
    );
    const underwritten = heads.find((e) => e.operateType === '承保')!;
    expect(underwritten).toMatchObject({ userName: '系统', change: 'policy' });
    expect(underwritten.details).toContain(customer.policy.policyNo);
    expect(heads.find((e) => e.operateType === '报价')!.details).toMatch(/保费[\d.]+元/);
    // 投保前阅读确认: each text with its version, and where from (the address masked).
    const confirmed = heads.find((e) => e.operateType === '阅读并确认条款')!;
    expect(confirmed).toMatchObject({ userName: customer.phone, change: 'insure' });
    expect(confirmed.details).toMatch(/客户告知书 第\d+版/);
    expect(confirmed.remark).toMatch(/^IP .+ · 设备 /);
    expect(changes.map((c) => c.change)).toEqual(['fill', 'inquiry', 'quote', 'insure', 'policy']);
    expect(changes.find((c) => c.change === 'policy')).toEqual({ change: 'policy', name: '保单', count: 2 });
    expect(related).toEqual([
      expect.objectContaining({ kind: 'claim', id: claimId, policyNo: customer.policy.policyNo }),
    ]);

    const onlyPolicy = await admin.get(`${API}/history?kind=order&id=${customer.orderId}&change=policy`);
    expect(onlyPolicy.body.data.entries.map((e: Entry) => e.operateType)).toEqual(['承保', '生效']);
    expect(onlyPolicy.body.data.changes).toEqual(changes);
  });

  it('lists the fields a later save changed, and the reason of a withdrawn inquiry', async () => {
    const answer = await asAdmin(`${API}/history?kind=order&id=${edited.orderId}`, edited.client);
    const entries = answer.body.data.entries as Entry[];
    const resaved = entries.find((e) => e.operateType === '暂存')!;
    expect(resaved).toMatchObject({ userName: edited.phone, change: 'fill' });
    const rows = entries.filter((e) => e.position === resaved.position && e.fieldName !== '');
    expect(resaved.details).toBe(`保存投保信息（${rows.length}项修改）`);
    // The price, the pilot, and the hull cover's amount the server derives from the drones' prices.
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          moduleName: '无人机信息',
          fieldName: '无人机2(巡检固定翼)·购价',
          operateType: '修改',
          details: '180000 → 190000',
        }),
        expect.objectContaining({
          moduleName: '飞手信息',
          fieldName: '飞手2(李航)',
          operateType: '新增',
          details: '新增：飞手2(李航)',
        }),
        expect.objectContaining({ moduleName: '险种信息', operateType: '修改' }),
      ]),
    );
    expect(rows).toHaveLength(3);
    const revoked = entries.find((e) => e.operateType === '撤销询价')!;
    expect(revoked).toMatchObject({ change: 'revoke', userName: edited.phone, remark: '其他：预算调整' });
    expect(answer.body.data.subject).toMatchObject({ state: 0, stateName: '待询价' });
  });

  it("shows a claim's history with the admin amendment and its explanation, filterable", async () => {
    const answer = await asAdmin(`${API}/history?kind=claim&id=${claimId}`, admin);
    expect(answer.body.code, answer.body.message).toBe(20000);
    const { subject, changes, entries, related } = answer.body.data as {
      subject: any;
      changes: any[];
      entries: Entry[];
      related: unknown[];
    };
    expect(subject).toMatchObject({
      kind: 'claim',
      id: claimId,
      orderId: customer.orderId,
      policyNo: customer.policy.policyNo,
      phone: customer.phone,
      state: 3,
      stateName: '已提交',
    });
    expect(related).toEqual([]);
    // Filling in and the amendment; a short test working day may also have made the claim overdue (理赔处理).
    expect(changes.map((c) => c.change)).toEqual(expect.arrayContaining(['fill', 'admin']));
    expect(changes.every((c) => ['fill', 'handle', 'admin'].includes(c.change))).toBe(true);
    const amendment = entries.find((e) => e.change === 'admin' && e.fieldName === '详细地址');
    expect(amendment).toMatchObject({
      userName: ADMIN.mobilePhone,
      remark: '客户来电更正地址',
      details: '深圳市南山区科技园 → 深圳市福田区',
    });

    const onlyAdmin = await admin.get(`${API}/history?kind=claim&id=${claimId}&change=admin`);
    const adminEntries = onlyAdmin.body.data.entries as Entry[];
    expect(adminEntries.length).toBeGreaterThan(1);
    expect(adminEntries.every((e) => e.change === 'admin')).toBe(true);
    expect(adminEntries[0]).toMatchObject({ operateType: '管理员修改', fieldName: '' });
  });

  it('exports the history, or the filtered part of it, as CSV for Excel', async () => {
    const response = await fetch(`${platform.baseUrl}${API}/history.csv?kind=claim&id=${claimId}&change=admin`, {
      headers: { authorization: `Bearer ${admin.state.accessToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="claim-LP\d{14}-audit\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('操作时间,操作人,变更类型,模块,字段,操作类型,详情,说明');
    expect(lines.at(-1)).toBe('');
    const body = lines.slice(1, -1);
    expect(body.length).toBeGreaterThan(1);
    expect(body.every((l) => l.split(',')[2] === '管理员修改')).toBe(true);
    expect(body.some((l) => l.includes('详细地址') && l.includes('客户来电更正地址'))).toBe(true);

    const whole = await fetch(`${platform.baseUrl}${API}/history.csv?kind=order&id=${customer.orderId}`, {
      headers: { authorization: `Bearer ${admin.state.accessToken}` },
    });
    const text = await whole.text();
    expect(text).toContain('承保');
    expect(text).toContain(customer.policy.policyNo);
  });
});
