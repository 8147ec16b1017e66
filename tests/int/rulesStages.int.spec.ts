import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insurerById } from '@feibao/domain/ordering/catalogue';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { graph, str } from '@feibao/domain/rules/jdm';
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
 * Stages, scenes and limits (docs/api/rules-definitions.md): a rule defined for one insurer and
 * scene declines only there; 险种启用限制 declines a cover an insurer does not offer or an amount
 * above its bound; an insurer's stage plan without 核保转人工 prices what others refer; rules
 * move within a stage; all of it kept to rule staff.
 */

const RULES = '/api/v1/rules';
const DENIED = { code: 40300, message: '无权限访问' };
let platform: TestPlatform;
let admin: Client;
let auditor: Client;

beforeAll(async () => {
  // Answers come 0.2–0.6 s after an inquiry; a 5 s deadline (25 working days) keeps a loaded machine
  // from timing an insurer out first, which would leave the quote this test reads unanswered.
  platform = await startTestPlatform({
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '25', SMS_HOURLY_PER_ADDRESS: '100000' },
  });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  auditor = await accountWithRoles(platform, admin, ['auditor']);
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

type Quote = { kind: string; premium?: number; reason?: string };
type Options = { insurers: number[]; scene?: string; dronePrice?: number };

/** A customer's inquiry; resolves to each insurer's answer for the first drone's hull (1:0) and liability (2:0) lines. */
const quote = async ({ insurers, scene = '巡检/测绘', dronePrice }: Options) => {
  const client = platform.client();
  await registerUser(client);
  expect((await client.post('/api/v1/uav/user/update', companyProfile)).body.code).toBe(20000);
  const application = generalApplication() as {
    flyingInfo: Record<string, unknown>;
    uavInfoList: Record<string, unknown>[];
  } & Record<string, unknown>;
  application.insuranceCompanyList = insurers.map((id) => ({ id, name: insurerById(id)!.name }));
  application.flyingInfo = { ...application.flyingInfo, applicationField: scene };
  if (dronePrice !== undefined) application.uavInfoList[0] = { ...application.uavInfoList[0], price: dronePrice };
  const inquiry = await client.post('/api/v1/uav/order/inquiryPrice', application);
  expect(inquiry.body.code, inquiry.body.message).toBe(20000);
  const quoted = await waitForOrderState(client, inquiry.body.data.id, 2);
  const answers: Record<number, Record<string, Quote>> = {};
  for (const { insuranceCompanyId, requestId } of quoted.quoteProgress as {
    insuranceCompanyId: number;
    requestId: string;
  }[]) {
    answers[insuranceCompanyId] = {};
    for (const key of ['1:0', '2:0']) {
      const why = await admin.get(
        `/api/v1/uav/backoffice/quote/why?requestId=${encodeURIComponent(requestId)}&key=${key}`,
        {
          headers: { 'x-consistency-token': String(client.consistency) },
        },
      );
      expect(why.body.code, why.body.message).toBe(20000);
      // Every automatic answer keeps the day the rules rated it (for 价格说明's replay); the rest is the verdict.
      const { ratedOn, ...quote } = why.body.data.quote as Quote & { ratedOn?: string };
      expect(ratedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      answers[insuranceCompanyId]![key] = quote as Quote;
    }
  }
  return answers;
};

type Listed = {
  ruleId: string;
  enabledVersion: number | null;
  definition: { stage: string; rank: number; insurerId: number | null; scenes: string[]; createdBy: string } | null;
};
const list = async () => {
  const answer = await admin.get(`${RULES}/list`, { headers: { 'x-consistency-token': String(admin.consistency) } });
  expect(answer.body.code, answer.body.message).toBe(20000);
  return answer.body.data as Listed[];
};
const step = (client: Client, action: string, ruleId: string, version: number, extra: Record<string, unknown> = {}) =>
  client.post(`${RULES}/version/${action}`, { ruleId, version, reason: '测试', ...extra });

describe('rule stages, scenes and limits', () => {
  it('declines 农业/植保 for insurer 2 once an eligibility rule for it is enabled, leaving other insurers and scenes alone', async () => {
    await until(list, (rules) => rules.filter((r) => r.enabledVersion === 1).length >= 9);
    const defined = await admin.post(`${RULES}/define`, {
      ruleId: 'decline-spray-2',
      name: '平安暂不承保植保',
      stage: 'eligibility',
      insurerId: 2,
      scenes: ['农业/植保'],
      reason: '平安产险暂停植保业务',
    });
    expect(defined.body).toMatchObject({
      code: 20000,
      data: {
        ruleId: 'decline-spray-2',
        stage: 'eligibility',
        insurerId: 2,
        scenes: ['农业/植保'],
        updatedBy: ADMIN.mobilePhone,
      },
    });
    // 我的场景 finds the caller's rules by the creator the list keeps.
    expect((await list()).find((r) => r.ruleId === 'decline-spray-2')?.definition).toMatchObject({
      createdBy: ADMIN.mobilePhone,
      scenes: ['农业/植保'],
    });
    expect(
      (await admin.post(`${RULES}/define`, { ruleId: 'decline-spray-2', name: 'x', stage: 'eligibility', reason: 'x' }))
        .body,
    ).toMatchObject({ code: 40900, message: '规则编号已存在' });

    const g = graph();
    g.chain(g.input(), g.expression('拒保', [['decline.reason', str('暂不承保植保作业')]]), g.output());
    const drafted = await admin.post(`${RULES}/version/draft`, {
      ruleId: 'decline-spray-2',
      content: g.done(),
      reason: '拒保植保',
    });
    expect(drafted.body.code, drafted.body.message).toBe(20000);
    const version = drafted.body.data.version as number;
    expect(
      (await step(admin, 'submit', 'decline-spray-2', version, { overrideReason: '新规则，无批量测试' })).body.code,
    ).toBe(20000);
    expect((await step(auditor, 'approve', 'decline-spray-2', version)).body).toMatchObject({
      code: 20000,
      data: { status: 'approved' },
    });
    expect((await step(admin, 'enable', 'decline-spray-2', version)).body).toMatchObject({
      code: 20000,
      data: { status: 'enabled' },
    });

    const spray = await until(
      () => quote({ insurers: [1, 2], scene: '农业/植保' }),
      (a) => a[2]!['1:0']!.kind === 'declined',
    );
    expect(spray[2]!['1:0']).toEqual({ kind: 'declined', reason: '暂不承保植保作业' });
    expect(spray[2]!['2:0']).toEqual({ kind: 'declined', reason: '暂不承保植保作业' });
    expect(spray[1]!['1:0']!.kind).toBe('quoted');
    const survey = await quote({ insurers: [2], scene: '巡检/测绘' });
    expect(survey[2]!['1:0']!.kind).toBe('quoted');
  });

  it('declines a cover insurer 1 does not offer, and an amount above its maximum', async () => {
    const notOffered = await admin.post(`${RULES}/config/create`, {
      kind: 'insuranceLimit',
      code: '1-1',
      insurerId: 1,
      coverId: 1,
      offered: false,
      reason: '人保暂停机身险',
    });
    expect(notOffered.body).toMatchObject({ code: 20000, data: { code: '1-1', offered: false, enabled: true } });
    expect((await admin.get(`${RULES}/config?kind=insuranceLimit`)).body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: '1-1',
          insurerId: 1,
          coverId: 1,
          offered: false,
          minAmount: null,
          maxAmount: null,
        }),
      ]),
    );
    const declined = await until(
      () => quote({ insurers: [1, 2] }),
      (a) => a[1]!['1:0']!.kind === 'declined',
    );
    expect(declined[1]!['1:0']).toEqual({ kind: 'declined', reason: '该保险公司暂不承保此险种' });
    expect(declined[1]!['2:0']!.kind).toBe('quoted');
    expect(declined[2]!['1:0']!.kind).toBe('quoted');

    // The fixture's liability amount is 100 万元.
    const capped = await admin.post(`${RULES}/config/create`, {
      kind: 'insuranceLimit',
      code: '1-2',
      insurerId: 1,
      coverId: 2,
      offered: true,
      maxAmount: 50,
      reason: '最高保额50万元',
    });
    expect(capped.body.code, capped.body.message).toBe(20000);
    const above = await until(
      () => quote({ insurers: [1] }),
      (a) => a[1]!['2:0']!.kind === 'declined',
    );
    expect(above[1]!['2:0']).toEqual({ kind: 'declined', reason: '保险金额超过该保险公司的最高保额' });
    expect(
      (
        await admin.post(`${RULES}/config/create`, {
          kind: 'insuranceLimit',
          code: '1-3',
          insurerId: 1,
          coverId: 2,
          offered: true,
          reason: 'x',
        })
      ).body,
    ).toMatchObject({
      code: 40000,
      message: '编码应为1-2',
    });
  });

  it('prices an expensive drone automatically for an insurer whose stage plan leaves out 核保转人工', async () => {
    const before = await quote({ insurers: [2, 3], dronePrice: 600_000 });
    expect(before[3]!['1:0']!.kind).toBe('manual');
    expect(before[2]!['1:0']!.kind).toBe('manual');
    const plan = await admin.post(`${RULES}/config/create`, {
      kind: 'stagePlan',
      code: '3',
      insurerId: 3,
      stages: ['eligibility', 'rating', 'limits'],
      reason: '太平洋自动承保高价机',
    });
    expect(plan.body).toMatchObject({ code: 20000, data: { stages: ['eligibility', 'rating', 'limits'] } });
    expect(
      (
        await admin.post(`${RULES}/config/create`, {
          kind: 'stagePlan',
          code: '4',
          insurerId: 4,
          stages: ['eligibility'],
          reason: 'x',
        })
      ).body,
    ).toMatchObject({
      code: 40000,
      message: '必须包含费率阶段',
    });
    const after = await until(
      () => quote({ insurers: [2, 3], dronePrice: 600_000 }),
      (a) => a[3]!['1:0']!.kind === 'quoted',
    );
    expect(after[3]!['1:0']!.premium).toBeGreaterThan(0);
    // Insurer 1 no longer offers hull (previous test): insurer 2 stands for the others.
    expect(after[2]!['1:0']).toMatchObject({ kind: 'manual' });
  });

  it('moves a rule within its stage and keeps definitions, moves and engine config to rule staff', async () => {
    const ratingOrder = (rules: Listed[]) =>
      rules
        .filter((r) => r.definition?.stage === 'rating')
        .sort((a, b) => a.definition!.rank - b.definition!.rank)
        .map((r) => r.ruleId);
    const before = ratingOrder(await list());
    expect(before.slice(0, 2)).toEqual(['tariff-1', 'tariff-2']);
    const moved = await admin.post(`${RULES}/stage/move`, {
      ruleId: 'tariff-2',
      stage: 'rating',
      position: 0,
      reason: '先算平安',
    });
    expect(moved.body).toMatchObject({ code: 20000, data: { ruleId: 'tariff-2', stage: 'rating' } });
    const after = await until(list, (rules) => ratingOrder(rules)[0] === 'tariff-2');
    expect(ratingOrder(after)).toEqual(['tariff-2', 'tariff-1', ...before.slice(2)]);
    expect(
      (await admin.post(`${RULES}/stage/move`, { ruleId: 'tariff-2', stage: 'rating', position: 1 })).body,
    ).toMatchObject({ code: 40000, message: '请填写原因' });

    const scenes = await admin.post(`${RULES}/definition/update`, {
      ruleId: 'decline-spray-2',
      scenes: ['农业/植保', '物流'],
      reason: '物流也暂停',
    });
    expect(scenes.body).toMatchObject({
      code: 20000,
      data: { scenes: ['农业/植保', '物流'], updatedBy: ADMIN.mobilePhone },
    });
    expect((await list()).find((r) => r.ruleId === 'decline-spray-2')?.definition).toMatchObject({
      createdBy: ADMIN.mobilePhone,
      scenes: ['农业/植保', '物流'],
    });

    const tester = await accountWithRoles(platform, admin, ['test']);
    expect(
      (await tester.post(`${RULES}/define`, { ruleId: 'tester-rule', name: 'x', stage: 'eligibility', reason: 'x' }))
        .body,
    ).toMatchObject(DENIED);
    expect(
      (await tester.post(`${RULES}/stage/move`, { ruleId: 'tariff-1', stage: 'rating', position: 0, reason: 'x' }))
        .body,
    ).toMatchObject(DENIED);
    expect(
      (await tester.post(`${RULES}/definition/update`, { ruleId: 'tariff-1', scenes: [], reason: 'x' })).body,
    ).toMatchObject(DENIED);
    expect(
      (
        await tester.post(`${RULES}/config/create`, {
          kind: 'insuranceLimit',
          code: '2-1',
          insurerId: 2,
          coverId: 1,
          offered: false,
        })
      ).body,
    ).toMatchObject(DENIED);
    expect((await tester.get(`${RULES}/config?kind=insuranceLimit`)).body).toMatchObject(DENIED);
    expect(
      (await tester.post(`${RULES}/config/create`, { kind: 'stagePlan', code: '2', insurerId: 2, stages: ['rating'] }))
        .body,
    ).toMatchObject(DENIED);
  });
});
