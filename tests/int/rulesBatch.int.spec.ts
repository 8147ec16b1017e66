import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import {
  ADMIN,
  accountWithRoles,
  registerUser,
  signIn,
  startTestPlatform,
  type Client,
  type TestPlatform,
  until,
} from '../support/platform.ts';
import { companyProfile, waitForOrderState } from '../support/policies.ts';

/**
 * Rule cases and batch tests (规则测试, docs/api/rules-batch-tests.md): cases are kept by rule staff, a batch test of
 * 1,000 cases runs on the workers and reports pass/fail per case, and each call is refused to
 * roles outside its menu route.
 */

const RULES = '/api/v1/rules';
let platform: TestPlatform;
let admin: Client;
let auditor: Client;
let tester: Client;

beforeAll(async () => {
  platform = await startTestPlatform({ env: { QUOTE_DAY_SECONDS: '0.2', SMS_HOURLY_PER_ADDRESS: '100000' } });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  auditor = await accountWithRoles(platform, admin, ['auditor']);
  tester = await accountWithRoles(platform, admin, ['batchTest', 'test']);
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

type Outcome = { referral: boolean; premiums: Record<string, number | null> };
type Run = {
  status: string;
  total: number;
  progress: number;
  passed: number;
  failed: number;
  passRate: number | null;
  results: { key: string; pass: boolean | null; actual: Outcome; deltas: Record<string, number | null> }[];
};

const createCase = async (
  name: string,
  expected: { referral: boolean; premiums: Record<string, number>; tolerance: number },
) => {
  const created = await auditor.post(`${RULES}/cases/create`, { name, form: generalApplication(), expected });
  expect(created.body.code, created.body.message).toBe(20000);
  return created.body.data.caseId as string;
};
const runToEnd = async (caseIds: string[], timeoutMs = 20_000) => {
  const started = await tester.post(`${RULES}/batchTests/start`, { ruleId: 'tariff-1', version: 1, caseIds });
  expect(started.body.code, started.body.message).toBe(20000);
  const runId = started.body.data.runId as string;
  const run = await until(
    () => tester.get(`${RULES}/batchTests/detail?runId=${runId}`),
    (r) => r.body.code === 20000 && (r.body.data.status === 'done' || r.body.data.status === 'failed'),
    timeoutMs,
  );
  return { runId, run: run.body.data as Run };
};

describe('rule cases and batch tests', () => {
  it('refuses roles outside each route and bad input, in the envelope', async () => {
    const customer = platform.client();
    await registerUser(customer);
    expect((await customer.get(`${RULES}/cases`)).body.code).toBe(40300);
    // A batch tester may not keep cases; an auditor may not start batch tests.
    const byTester = await tester.post(`${RULES}/cases/create`, {
      name: 'x',
      form: generalApplication(),
      expected: { referral: false, premiums: {}, tolerance: 0 },
    });
    expect(byTester.body).toMatchObject({ code: 40300, message: '无权限访问' });
    expect(
      (await auditor.post(`${RULES}/batchTests/start`, { ruleId: 'tariff-1', version: 1, lastN: 5 })).body.code,
    ).toBe(40300);
    expect(
      (await admin.post(`${RULES}/batchTests/start`, { ruleId: 'tariff-1', version: 1, lastN: 5 })).body.code,
    ).toBe(40300);
    const noSubjects = await tester.post(`${RULES}/batchTests/start`, { ruleId: 'tariff-1', version: 1 });
    expect(noSubjects.body).toMatchObject({ code: 40000, message: '请选择测试案例或最近申请数量' });
    const missingCase = await tester.post(`${RULES}/batchTests/start`, {
      ruleId: 'tariff-1',
      version: 1,
      caseIds: ['nope'],
    });
    expect(missingCase.body).toMatchObject({ code: 40400, message: '案例不存在' });
    const missingVersion = await tester.post(`${RULES}/batchTests/start`, {
      ruleId: 'tariff-1',
      version: 999,
      lastN: 1,
    });
    expect(missingVersion.body.code).toBe(40400);
    const badForm = await auditor.post(`${RULES}/cases/create`, {
      name: 'x',
      form: { insuranceCompanyList: 'x' },
      expected: { referral: false, premiums: {}, tolerance: 0 },
    });
    expect(badForm.body.code).toBe(40000);
    expect((await auditor.post(`${RULES}/cases/delete`, { caseId: 'nope' })).body.code).toBe(40400);
    expect((await tester.get(`${RULES}/batchTests/detail?runId=nope`)).body).toMatchObject({
      code: 40400,
      message: '批量测试不存在',
    });
  });

  it('runs 1,000 cases on the workers and reports pass and fail per case', { timeout: 240_000 }, async () => {
    // What the seeded rules make of the application, learnt from a one-case run.
    const probeId = await createCase('探测', { referral: false, premiums: {}, tolerance: 0 });
    const probe = await runToEnd([probeId]);
    expect(probe.run.status).toBe('done');
    const actual = probe.run.results[0]!.actual;
    const priced = Object.fromEntries(
      Object.entries(actual.premiums).filter((e): e is [string, number] => e[1] !== null),
    );
    expect(Object.keys(priced).length).toBeGreaterThan(0);

    // Even cases expect exactly that; odd ones expect 100 yuan more than any tolerance allows.
    const caseIds: string[] = [];
    for (let i = 0; i < 1000; i += 25) {
      const chunk = await Promise.all(
        Array.from({ length: 25 }, (_, j) => {
          const n = i + j;
          const premiums = Object.fromEntries(Object.entries(priced).map(([id, p]) => [id, n % 2 === 0 ? p : p + 100]));
          return createCase(`案例${n}`, { referral: actual.referral, premiums, tolerance: 1 });
        }),
      );
      caseIds.push(...chunk);
    }
    const listed = await until(
      () => auditor.get(`${RULES}/cases?pageSize=100`),
      (r) => r.body.code === 20000 && r.body.data.total >= 1001,
    );
    expect(listed.body.data.total).toBe(1001);
    expect(listed.body.data.list).toHaveLength(100);

    const { runId, run } = await runToEnd(caseIds, 180_000);
    expect(run).toMatchObject({ status: 'done', total: 1000, progress: 1000, passed: 500, failed: 500, passRate: 0.5 });
    const odd = run.results.find((r) => r.key === `case:${caseIds[1]}`)!;
    expect(odd.pass).toBe(false);
    expect(Object.values(odd.deltas).every((d) => d === -100)).toBe(true);

    const mine = await tester.get(`${RULES}/batchTests/mine`);
    expect(mine.body.code).toBe(20000);
    expect(mine.body.data.datas.map((r: { runId: string }) => r.runId)).toContain(runId);
    expect(mine.body.data.datas[0]).not.toHaveProperty('results');

    const compared = await tester.get(`${RULES}/batchTests/compare?left=${probe.runId}&right=${runId}`);
    expect(compared.body.code, compared.body.message).toBe(20000);
    expect(compared.body.data.cases).toHaveLength(1001);
  });

  it('updates and deletes a case', async () => {
    const id = await createCase('修改前', { referral: false, premiums: { '1': 10 }, tolerance: 0 });
    const updated = await auditor.post(`${RULES}/cases/update`, {
      caseId: id,
      name: '修改后',
      form: generalApplication(),
      expected: { referral: true, premiums: {}, tolerance: 0 },
    });
    expect(updated.body.code, updated.body.message).toBe(20000);
    await until(
      () => auditor.get(`${RULES}/cases?keyword=修改后`),
      (r) => r.body.data.list.some((c: { caseId: string; name: string }) => c.caseId === id && c.name === '修改后'),
    );
    expect((await auditor.post(`${RULES}/cases/delete`, { caseId: id })).body.code).toBe(20000);
    expect((await auditor.post(`${RULES}/cases/delete`, { caseId: id })).body.code).toBe(40400);
    const after = await until(
      () => auditor.get(`${RULES}/cases?keyword=修改后`),
      (r) => !r.body.data.list.some((c: { caseId: string }) => c.caseId === id),
    );
    expect(after.body.code).toBe(20000);
  });

  it('copies a real application into a case expecting its quotes, and tests the last N applications', async () => {
    const customer = platform.client();
    await registerUser(customer);
    expect((await customer.post('/api/v1/uav/user/update', companyProfile)).body.code).toBe(20000);
    const inquiry = await customer.post('/api/v1/uav/order/inquiryPrice', generalApplication());
    expect(inquiry.body.code, inquiry.body.message).toBe(20000);
    const orderId = inquiry.body.data.id as string;
    await waitForOrderState(customer, orderId, 2);

    const copied = await auditor.post(`${RULES}/cases/fromOrder`, { orderId });
    expect(copied.body.code, copied.body.message).toBe(20000);
    expect(copied.body.data).toMatchObject({ orderId, expected: { tolerance: 0.01 } });
    expect(Object.keys(copied.body.data.expected.premiums).length).toBeGreaterThan(0);
    expect((await auditor.post(`${RULES}/cases/fromOrder`, { orderId: 'nope' })).body).toMatchObject({
      code: 40400,
      message: '订单不存在',
    });
    const { run } = await runToEnd([copied.body.data.caseId]);
    expect(run).toMatchObject({ status: 'done', passed: 1, failed: 0 });

    const started = await tester.post(`${RULES}/batchTests/start`, { ruleId: 'tariff-1', version: 1, lastN: 1 });
    expect(started.body.code, started.body.message).toBe(20000);
    const last = await until(
      () =>
        tester.get(`${RULES}/batchTests/detail?runId=${started.body.data.runId}`, {
          headers: { 'x-consistency-token': String(customer.consistency) },
        }),
      (r) => r.body.code === 20000 && r.body.data.status === 'done',
    );
    expect(last.body.data).toMatchObject({
      total: 1,
      progress: 1,
      unchecked: 1,
      passed: 0,
      failed: 0,
      passRate: null,
      lastN: 1,
    });
    expect(last.body.data.results[0]).toMatchObject({ key: `order:${orderId}`, pass: null });
  });
});
