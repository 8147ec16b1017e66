import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import {
  ADMIN,
  accountWithRoles,
  type Client,
  registerUser,
  signIn,
  startTestPlatform,
  type TestPlatform,
  until,
} from '../support/platform.ts';
import { type OpenApiChecker, openApiChecker } from '../support/openapi.ts';
import { companyProfile, waitForOrderState } from '../support/policies.ts';

/**
 * The rule platform's and the operations console's commands against the OpenAPI document
 * (docs/api/openapi.md): their real answers, success and refusal, match the documented schemas.
 * Apart from tests/int/openapi.int.spec.ts because enabling a version changes quoting (it is retired again at once).
 */
const RULES = '/api/v1/rules';
const OPS = '/api/v1/uav/backoffice/ops';

let platform: TestPlatform;
let admin: Client;
let auditor: Client;
let tester: Client;
let api: OpenApiChecker;

/** A small model the engine loads: one expression between input and output. */
const piece = {
  nodes: [
    { id: 'i', type: 'inputNode', name: '请求', position: { x: 0, y: 0 } },
    {
      id: 'x',
      type: 'expressionNode',
      name: '文档测试',
      position: { x: 200, y: 0 },
      content: {
        expressions: [{ id: 'e', key: 'decline.reason', value: '"文档测试"' }],
        passThrough: false,
        inputField: null,
        outputPath: null,
        executionMode: 'single',
      },
    },
    { id: 'o', type: 'outputNode', name: '结果', position: { x: 400, y: 0 } },
  ],
  edges: [
    { id: 'e1', type: 'edge', sourceId: 'i', targetId: 'x' },
    { id: 'e2', type: 'edge', sourceId: 'x', targetId: 'o' },
  ],
};

type Answer = { body: { code: number; message: string } };
/**
 * The call must succeed. A read answered 50300 (a store or the service out of reach for a moment,
 * docs/glossary.md "Result codes") is sent again, as that code asks; on a loaded machine it happens. Each
 * answer is checked against the document all the same.
 */
const succeeds = async (call: Promise<Answer> | (() => Promise<Answer>)) => {
  let { body } = await (typeof call === 'function' ? call() : call);
  for (let i = 0; typeof call === 'function' && body.code === 50300 && i < 10; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    ({ body } = await call());
  }
  expect(body.code, body.message).toBe(20000);
  return body as { code: number; message: string; data: any };
};

beforeAll(async () => {
  platform = await startTestPlatform({ env: { QUOTE_DAY_SECONDS: '0.2', SMS_HOURLY_PER_ADDRESS: '100000' } });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  auditor = await accountWithRoles(platform, admin, ['auditor']);
  tester = await accountWithRoles(platform, admin, ['batchTest', 'test']);
  api = await openApiChecker(platform.baseUrl);
}, 120_000);
afterAll(async () => {
  await platform?.stop();
});

// Each test makes many calls and waits for the workers: generous time on a shared machine.
describe('rule platform and operations commands match their documented schemas', () => {
  it('definitions and the version lifecycle, tryout included', async () => {
    const ruleId = `oa-${Date.now().toString(36)}`;
    await succeeds(api.post(auditor, `${RULES}/define`, { ruleId, name: '文档测试', stage: 'limits', reason: '测试' }));
    await api.post(auditor, `${RULES}/define`, { ruleId, name: '文档测试', stage: 'limits', reason: '测试' });
    await succeeds(api.post(admin, `${RULES}/definition/update`, { ruleId, name: '文档测试二', reason: '改名' }));
    await succeeds(api.post(admin, `${RULES}/stage/move`, { ruleId, stage: 'referral', position: 0, reason: '移动' }));
    const step = (who: Client, action: string, version: number, extra = {}) =>
      api.post(who, `${RULES}/version/${action}`, { ruleId, version, reason: '测试', ...extra });
    for (const version of [1, 2]) {
      const draft = await succeeds(
        api.post(auditor, `${RULES}/version/draft`, { ruleId, content: piece, reason: 'v' }),
      );
      expect(draft.data.version).toBe(version);
      await succeeds(step(auditor, 'submit', version, { overrideReason: '无案例' }));
    }
    await succeeds(step(admin, 'reject', 1));
    await step(admin, 'enable', 1);
    await succeeds(step(admin, 'approve', 2));
    await succeeds(step(admin, 'enable', 2));
    await succeeds(step(admin, 'retire', 2));
    await api.get(admin, `${RULES}/version?ruleId=${ruleId}&version=2`);
    await api.get(admin, `${RULES}/list`);
    await succeeds(api.post(admin, `${RULES}/version/try`, { content: piece, input: {} }));
    await api.post(admin, `${RULES}/version/try`, { content: { nodes: [] }, input: {} });
  }, 120_000);

  it('the rule dictionaries, each kind listed', async () => {
    const code = `oa${Date.now().toString(36)}`;
    await succeeds(api.post(admin, `${RULES}/config/create`, { kind: 'keyword', code, name: '续航', category: '机' }));
    await succeeds(api.post(admin, `${RULES}/config/update`, { kind: 'keyword', code, name: '续航时间' }));
    await succeeds(api.post(admin, `${RULES}/config/disable`, { kind: 'keyword', code, reason: '不再使用' }));
    await succeeds(api.post(admin, `${RULES}/config/enable`, { kind: 'keyword', code }));
    await api.post(admin, `${RULES}/config/enable`, { kind: 'keyword', code: 'nothing' });
    for (const kind of ['keyword', 'ruleType', 'ruleSource', 'ruleMessage', 'ruleRisk', 'insuranceLimit', 'stagePlan'])
      await succeeds(() => api.get(admin, `${RULES}/config?kind=${kind}`));
  }, 120_000);

  it('cases, batch tests with their detail and comparison, transposition', async () => {
    const expected = { referral: false, premiums: {}, tolerance: 1 };
    const created = await succeeds(
      api.post(auditor, `${RULES}/cases/create`, { name: '文档案例', form: generalApplication(), expected }),
    );
    const caseId = created.data.caseId as string;
    await api.post(auditor, `${RULES}/cases/fromOrder`, { orderId: 'nobody' });
    const customer = platform.client();
    await registerUser(customer);
    await customer.post('/api/v1/uav/user/update', companyProfile);
    const inquiry = await customer.post('/api/v1/uav/order/inquiryPrice', generalApplication());
    await waitForOrderState(customer, inquiry.body.data.id, 2);
    const copied = await succeeds(api.post(auditor, `${RULES}/cases/fromOrder`, { orderId: inquiry.body.data.id }));
    await succeeds(api.post(auditor, `${RULES}/cases/delete`, { caseId: copied.data.caseId }));
    const runs: string[] = [];
    for (let i = 0; i < 2; i++) {
      const started = await succeeds(
        api.post(tester, `${RULES}/batchTests/start`, { ruleId: 'tariff-1', version: 1, caseIds: [caseId] }),
      );
      runs.push(started.data.runId);
    }
    for (const runId of runs)
      await until(
        () => tester.get(`${RULES}/batchTests/detail?runId=${runId}`),
        (r) => r.body.data?.status === 'done' || r.body.data?.status === 'failed',
        90_000,
      );
    await succeeds(() => api.get(tester, `${RULES}/batchTests/detail?runId=${runs[0]}`));
    await api.get(tester, `${RULES}/batchTests/detail?runId=nothing`);
    await succeeds(() => api.get(tester, `${RULES}/batchTests/compare?left=${runs[0]}&right=${runs[1]}`));
    await succeeds(() => api.get(tester, `${RULES}/batchTests/mine`));
    await succeeds(() => api.get(admin, `${RULES}/version/batchTests?ruleId=tariff-1&version=1`));
    await succeeds(
      api.post(auditor, `${RULES}/cases/update`, { caseId, name: '文档案例二', form: generalApplication(), expected }),
    );
    const cases = await succeeds(() => api.get(auditor, `${RULES}/cases`));
    expect(cases.data.list.length).toBeGreaterThan(0);
    await succeeds(api.post(auditor, `${RULES}/cases/delete`, { caseId }));

    await succeeds(
      api.post(admin, `${RULES}/transposition/copy`, { fromInsurerId: 1, toInsurerId: 2, reason: '沿用' }),
    );
    const form = new FormData();
    form.append('reason', '测试');
    const file = JSON.stringify({ rules: [{ ruleId: 'ghost-rule', content: { nodes: [], edges: [] } }] });
    form.append('file', new Blob([file]), 'ghost.json');
    const imported = await fetch(`${platform.baseUrl}${RULES}/transposition/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.state.accessToken}` },
      body: form,
    });
    api.conforms('POST', `${RULES}/transposition/import`, { status: imported.status, body: await imported.json() });
  }, 120_000);

  it('the operations commands', async () => {
    await api.post(admin, `${OPS}/projections/retry`, { name: 'uploads', reason: '测试' });
    await api.post(admin, `${OPS}/projections/retry`, { name: 'no-such', reason: '测试' });
    await api.post(admin, `${OPS}/projections/skip`, { name: 'uploads', position: 1, reason: '测试' });
    await api.post(admin, `${OPS}/queues/retry`, { queue: 'insurer', jobId: 'none', reason: '测试' });
    await api.post(admin, `${OPS}/queues/remove`, { queue: 'insurer', jobId: 'none', reason: '测试' });
    await api.post(auditor, `${OPS}/queues/remove`, { queue: 'insurer', jobId: 'none', reason: '测试' });
    await api.get(admin, `${OPS}/audit`);
    await api.get(admin, `${OPS}/queues/failed?queue=insurer`);
    await api.get(admin, `${OPS}/projections`);
  }, 120_000);

  it('called every rule-platform command and read, and every operations command', () => {
    const routes = Object.entries(api.document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = routes.filter(
      (route) =>
        (route.startsWith('POST /api/v1/rules/') || route.startsWith(`POST ${OPS}/`)) &&
        route !== `POST ${OPS}/boardSession`,
    );
    expect(expected.length).toBeGreaterThan(20);
    expect(expected.filter((route) => !api.checked.has(route))).toEqual([]);
  });
});
