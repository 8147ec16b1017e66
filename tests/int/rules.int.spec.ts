import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { seededRules } from '@feibao/domain/rules/seed/seededRules';
import {
  ADMIN,
  registerUser,
  startTestPlatform,
  type Client,
  type TestPlatform,
  accountWithRoles,
  signIn,
  until,
} from '../support/platform.ts';
import { companyProfile, waitForOrderState } from '../support/policies.ts';

/**
 * The rule platform's core (docs/api/rules-versions.md): the seeded rules rate quotes, a new tariff version goes
 * draft → review → enable and rates the next quote (recorded on the quote line with its trace),
 * while a rejected or unapproved version never rates and nobody approves their own version.
 */

const RULES = '/api/v1/rules';
let platform: TestPlatform;
let admin: Client;
let auditor: Client;

const staffWith = (roles: string[]) => accountWithRoles(platform, admin, roles);

beforeAll(async () => {
  // Answers come 0.2–0.6 s after an inquiry; a 5 s deadline (25 working days) keeps a loaded machine
  // from timing an insurer out first, which would leave the quote this test reads unanswered.
  platform = await startTestPlatform({
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '25', SMS_HOURLY_PER_ADDRESS: '100000' },
  });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  auditor = await staffWith(['auditor']);
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

const enabledVersion = async (ruleId: string) => {
  const list = await admin.get(`${RULES}/list`);
  expect(list.body.code, list.body.message).toBe(20000);
  return (
    (list.body.data as { ruleId: string; enabledVersion: number | null }[]).find((r) => r.ruleId === ruleId)
      ?.enabledVersion ?? null
  );
};

/** A customer's inquiry with 人保 and 平安; resolves to 人保's answer to the first drone's hull line, and why. */
const quoteHull = async () => {
  const client = platform.client();
  await registerUser(client);
  expect((await client.post('/api/v1/uav/user/update', companyProfile)).body.code).toBe(20000);
  const inquiry = await client.post('/api/v1/uav/order/inquiryPrice', generalApplication());
  expect(inquiry.body.code, inquiry.body.message).toBe(20000);
  const quoted = await waitForOrderState(client, inquiry.body.data.id, 2);
  const requestId = (quoted.quoteProgress as { insuranceCompanyId: number; requestId: string }[]).find(
    (p) => p.insuranceCompanyId === 1,
  )!.requestId;
  // The order reads as quoted once one insurer has answered every line: 人保's answer may come a moment later.
  const why = await until(
    () =>
      admin.get(`/api/v1/uav/backoffice/quote/why?requestId=${encodeURIComponent(requestId)}&key=1:0`, {
        headers: { 'x-consistency-token': String(client.consistency) },
      }),
    (answer) => answer.body.code !== 40400,
  );
  expect(why.body.code, why.body.message).toBe(20000);
  return why.body.data as {
    quote: { kind: string; premium: number };
    rules: { ruleId: string; version: number }[];
    trace: { rule: string; node: string; type: string }[];
  };
};

const step = (client: Client, action: string, version: number, reason = '测试') =>
  client.post(`${RULES}/version/${action}`, {
    ruleId: 'tariff-1',
    version,
    reason,
    ...(action === 'submit' ? { overrideReason: '费率直接调整，未做批量测试' } : {}),
  });

describe('rule platform', () => {
  it('seeds version 1 of every rule, enabled, and rates quotes by it with a trace', async () => {
    await until(
      () => admin.get(`${RULES}/list`),
      (a) =>
        a.body.code === 20000 &&
        (a.body.data as { enabledVersion: number | null }[]).filter((r) => r.enabledVersion === 1).length ===
          seededRules().length,
    );
    const seeded = await admin.get(`${RULES}/version?ruleId=tariff-1&version=1`);
    expect(seeded.body.data).toMatchObject({ ruleId: 'tariff-1', version: 1, status: 'enabled', draftedBy: 'system' });
    expect(seeded.body.data.history.map((h: { action: string }) => h.action)).toEqual([
      'RuleVersionDrafted',
      'RuleVersionSubmitted',
      'RuleVersionApproved',
      'RuleVersionEnabled',
    ]);

    const why = await quoteHull();
    expect(why.quote).toEqual({
      kind: 'quoted',
      premium: 4336.33,
      deductible: '免赔10%或1000元，以高者为准',
      // The day rated, so 价格说明 replays the answer on it (a drone's age band is counted to it).
      ratedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(why.rules).toEqual([
      { ruleId: 'referral', version: 1, name: '人工核保规则' },
      { ruleId: 'tariff-1', version: 1, name: '人保财险费率规则' },
      { ruleId: 'limits', version: 1, name: '保险公司承保限制' },
    ]);
    expect(why.trace.map((t) => `${t.rule}/${t.node}`)).toContain('tariff-1/机身险保费');
  });

  it('refuses callers outside rule staff, bad input and models the engine would not run', async () => {
    const customer = platform.client();
    await registerUser(customer);
    const tester = await staffWith(['test']);
    for (const client of [customer, tester]) {
      expect(
        (await client.post(`${RULES}/version/draft`, { ruleId: 'referral', content: {}, reason: 'x' })).body,
      ).toMatchObject({ code: 40300, message: '无权限访问' });
      expect((await client.get(`${RULES}/list`)).body.code).toBe(40300);
    }
    expect((await customer.get('/api/v1/uav/backoffice/quote/why?requestId=x.1.1&key=1:0')).body.code).toBe(40300);
    expect((await platform.client().post(`${RULES}/version/draft`, {})).status).toBeLessThan(500);
    const bad = [
      [{ ruleId: 'referral', content: { nodes: [], edges: [] } }, '请填写原因'],
      [
        { ruleId: 'referral', content: { nodes: [{ id: 'a', type: 'functionNode' }], edges: [] }, reason: 'x' },
        '规则无法加载：规则中不允许使用functionNode节点（仅支持决策表、表达式、分支和规则池节点）',
      ],
      [
        {
          ruleId: 'tariff-42',
          content: {
            nodes: [
              { id: 'a', type: 'inputNode' },
              { id: 'b', type: 'outputNode' },
            ],
            edges: [],
          },
          reason: 'x',
        },
        '规则不存在',
      ],
    ] as const;
    for (const [body, message] of bad) {
      const answer = await auditor.post(`${RULES}/version/draft`, body);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.message).toBe(message);
    }
    expect((await admin.get(`${RULES}/version?ruleId=tariff-1&version=99`)).body).toMatchObject({
      code: 40400,
      message: '规则版本不存在',
    });
  });

  it('a new version rates only once approved by someone else and enabled; rejected or unapproved versions never rate', async () => {
    const v1 = (await admin.get(`${RULES}/version?ruleId=tariff-1&version=1`)).body.data.content;
    // The hull rate doubled: 0.032 → 0.064.
    const doubled = JSON.parse(
      JSON.stringify(v1).replace('quantity * drone.price * 0.032 *', 'quantity * drone.price * 0.064 *'),
    );
    expect(JSON.stringify(doubled)).not.toEqual(JSON.stringify(v1));

    // Rejected: cannot be enabled.
    const rejectedVersion = (
      await auditor.post(`${RULES}/version/draft`, { ruleId: 'tariff-1', content: doubled, reason: '机身险费率上调' })
    ).body.data.version as number;
    expect((await step(auditor, 'submit', rejectedVersion)).body.code).toBe(20000);
    expect((await step(admin, 'reject', rejectedVersion, '依据不足')).body).toMatchObject({
      code: 20000,
      data: { status: 'rejected' },
    });
    expect((await step(admin, 'enable', rejectedVersion)).body).toMatchObject({
      code: 40900,
      message: '仅已审批的版本可以启用',
    });

    // In review, then self-approval refused: still version 1 rates.
    const version = (
      await auditor.post(`${RULES}/version/draft`, {
        ruleId: 'tariff-1',
        content: doubled,
        reason: '机身险费率上调（补充依据）',
      })
    ).body.data.version as number;
    expect((await step(auditor, 'submit', version)).body.code).toBe(20000);
    expect((await step(auditor, 'approve', version)).body).toMatchObject({
      code: 40300,
      message: '不能审批自己提交的规则版本',
    });
    expect((await step(admin, 'enable', version)).body.code).toBe(40900);
    const before = await quoteHull();
    expect(before.quote.premium).toBe(4336.33);
    expect(before.rules).toContainEqual(expect.objectContaining({ ruleId: 'tariff-1', version: 1 }));

    // Approved by another, enabled: the next quote is rated by it.
    expect((await step(admin, 'approve', version, '复核通过')).body).toMatchObject({
      code: 20000,
      data: { status: 'approved' },
    });
    expect((await step(admin, 'enable', version, '上线')).body).toMatchObject({
      code: 20000,
      data: { status: 'enabled', enabledVersion: version },
    });
    await until(
      () => enabledVersion('tariff-1'),
      (v) => v === version,
    );
    const listed = await admin.get(`${RULES}/version?ruleId=tariff-1&version=1`);
    expect(listed.body.data.status).toBe('retired');
    const after = await until(
      quoteHull,
      (w) => w.rules.some((r) => r.ruleId === 'tariff-1' && r.version === version),
      30_000,
    );
    expect(after.quote.premium).toBeCloseTo(4336.33 * 2, 1);

    // Retired: the insurer has no tariff, its lines wait for manual verification.
    expect((await step(admin, 'retire', version, '暂停自动报价')).body.code).toBe(20000);
    await until(
      () => enabledVersion('tariff-1'),
      (v) => v === null,
    );
    const retired = await until(quoteHull, (w) => !w.rules.some((r) => r.ruleId === 'tariff-1'), 30_000);
    expect(retired.quote).toEqual({
      kind: 'manual',
      reason: '该保险公司暂无自动报价，需保险公司核保',
      ratedOn: expect.any(String),
    });
  });
});
