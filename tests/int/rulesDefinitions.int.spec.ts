import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import {
  ADMIN,
  accountWithRoles,
  signIn,
  startTestPlatform,
  type Client,
  type TestPlatform,
  until,
} from '../support/platform.ts';

/**
 * Rule definitions (docs/api/rules-definitions.md): a rule is defined with its stage, insurer and scenes before it has
 * versions; it can be renamed, re-scoped and moved with a reason; batch testers see rule names;
 * and a version goes to review only with a finished batch test of that version, or an explicit
 * reason, and with a reason when that test has failures.
 */

const RULES = '/api/v1/rules';
let platform: TestPlatform;
let admin: Client;
let auditor: Client;
let tester: Client;
let viewerOnly: Client;

beforeAll(async () => {
  platform = await startTestPlatform({ env: { QUOTE_DAY_SECONDS: '0.2', SMS_HOURLY_PER_ADDRESS: '100000' } });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  auditor = await accountWithRoles(platform, admin, ['auditor']);
  tester = await accountWithRoles(platform, admin, ['batchTest', 'test']);
  viewerOnly = await accountWithRoles(platform, admin, ['test']);
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

type Listed = {
  ruleId: string;
  definition: { stage: string; rank: number; name: string; scenes: string[]; insurerId: number | null } | null;
  versions: { version: number }[];
};
const listed = async (ruleId: string) => {
  const list = await admin.get(`${RULES}/list`);
  return (list.body.data as Listed[]).find((r) => r.ruleId === ruleId);
};
const stageOrder = async (stage: string) =>
  ((await admin.get(`${RULES}/list`)).body.data as Listed[])
    .filter((r) => r.definition?.stage === stage)
    .sort((a, b) => a.definition!.rank - b.definition!.rank)
    .map((r) => r.ruleId);

describe('rule definitions', () => {
  it('seeds every rule with its stage and insurer, and lists it for staff and its name for testers', async () => {
    await until(
      () => listed('limits'),
      (r) => r?.definition?.stage === 'limits',
    );
    expect((await listed('tariff-3'))?.definition).toMatchObject({
      stage: 'rating',
      insurerId: 3,
      name: '太平洋产险费率规则',
    });
    expect((await listed('price-range'))?.definition).toMatchObject({ stage: 'indication' });
    const names = await tester.get(`${RULES}/names`);
    expect(names.body.code).toBe(20000);
    expect(names.body.data).toContainEqual(
      expect.objectContaining({
        ruleId: 'referral',
        name: '人工核保规则',
        versions: expect.arrayContaining([{ version: 1, status: 'enabled' }]),
      }),
    );
    expect((await tester.get(`${RULES}/list`)).body.code).toBe(40300);
  });

  it('defines, changes and moves a rule with a reason, refusing bad input and roles outside rule staff', async () => {
    const body = {
      ruleId: 'crop-eligibility',
      name: '植保准入',
      stage: 'eligibility',
      insurerId: 2,
      scenes: ['农业/植保'],
      type: 'referral',
      reason: '植保作业单独准入',
    };
    expect((await viewerOnly.post(`${RULES}/define`, body)).body.code).toBe(40300);
    const defined = await auditor.post(`${RULES}/define`, body);
    expect(defined.body).toMatchObject({
      code: 20000,
      data: {
        ruleId: 'crop-eligibility',
        stage: 'eligibility',
        insurerId: 2,
        scenes: ['农业/植保'],
        createdBy: expect.any(String),
        updatedBy: expect.any(String),
      },
    });
    expect((await auditor.post(`${RULES}/define`, body)).body).toMatchObject({
      code: 40900,
      message: '规则编号已存在',
    });
    for (const [bad, message] of [
      [{ ...body, ruleId: 'Bad Id' }, '规则编号须以小写字母开头，只能包含小写字母、数字和横线（2-64位）'],
      [{ ...body, ruleId: 'x-scene', scenes: ['月球'] }, '适用场景不正确'],
      [{ ...body, ruleId: 'x-insurer', insurerId: 42 }, '保险公司不存在'],
      [{ ...body, ruleId: 'x-range', stage: 'indication' }, '价格区间规则只有一条，不能新建'],
      [{ ...body, ruleId: 'x-reason', reason: ' ' }, '请填写原因'],
    ] as const) {
      const answer = await auditor.post(`${RULES}/define`, bad);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body).toMatchObject({ code: 40000, message });
    }
    // No version yet: it is listed, and a draft for an undefined rule is refused.
    await until(
      () => listed('crop-eligibility'),
      (r) => r !== undefined,
    );
    expect((await listed('crop-eligibility'))?.versions).toEqual([]);
    const v1 = (await admin.get(`${RULES}/version?ruleId=referral&version=1`)).body.data.content;
    expect(
      (await auditor.post(`${RULES}/version/draft`, { ruleId: 'never-defined', content: v1, reason: 'x' })).body,
    ).toMatchObject({ code: 40400, message: '规则不存在' });

    const changed = await admin.post(`${RULES}/definition/update`, {
      ruleId: 'crop-eligibility',
      name: '植保作业准入',
      scenes: ['农业/植保', '环境监测'],
      reason: '扩大范围',
    });
    expect(changed.body).toMatchObject({
      code: 20000,
      data: { name: '植保作业准入', scenes: ['农业/植保', '环境监测'], updatedBy: expect.any(String) },
    });
    expect(
      (
        await admin.post(`${RULES}/definition/update`, {
          ruleId: 'crop-eligibility',
          name: '植保作业准入',
          reason: 'x',
        })
      ).body,
    ).toMatchObject({ code: 40000, message: '没有需要保存的修改' });

    // Moved to the first place of the referral stage, then back to eligibility.
    const moved = await admin.post(`${RULES}/stage/move`, {
      ruleId: 'crop-eligibility',
      stage: 'referral',
      position: 0,
      reason: '先于人工核保',
    });
    expect(moved.body).toMatchObject({ code: 20000, data: { stage: 'referral' } });
    await until(
      () => stageOrder('referral'),
      (order) => order[0] === 'crop-eligibility',
    );
    expect(await stageOrder('referral')).toEqual(['crop-eligibility', 'referral']);
    expect(
      (await admin.post(`${RULES}/stage/move`, { ruleId: 'price-range', stage: 'rating', position: 0, reason: 'x' }))
        .body.code,
    ).toBe(40900);
    expect(
      (await admin.post(`${RULES}/stage/move`, { ruleId: 'crop-eligibility', stage: 'pool', position: 0, reason: 'x' }))
        .body.code,
    ).toBe(40000);
  });

  it('sends a version to review with a finished batch test of it, and a reason for its failures', async () => {
    const v1 = (await admin.get(`${RULES}/version?ruleId=tariff-2&version=1`)).body.data.content;
    const draft = await auditor.post(`${RULES}/version/draft`, { ruleId: 'tariff-2', content: v1, reason: '复核费率' });
    expect(draft.body.code, draft.body.message).toBe(20000);
    const version = draft.body.data.version as number;
    const cases = [];
    for (const referral of [false, true]) {
      const created = await auditor.post(`${RULES}/cases/create`, {
        name: `提交测试${referral}`,
        form: generalApplication(),
        expected: { referral, premiums: {}, tolerance: 1 },
      });
      expect(created.body.code, created.body.message).toBe(20000);
      cases.push(created.body.data.caseId as string);
    }
    const started = await tester.post(`${RULES}/batchTests/start`, { ruleId: 'tariff-2', version, caseIds: cases });
    expect(started.body.code, started.body.message).toBe(20000);
    const runId = started.body.data.runId as string;
    const run = await until(
      () => tester.get(`${RULES}/batchTests/detail?runId=${runId}`),
      (r) => r.body.data?.status === 'done',
    );
    expect(run.body.data).toMatchObject({ passed: 1, failed: 1 });

    const submit = (extra: object) =>
      auditor.post(`${RULES}/version/submit`, { ruleId: 'tariff-2', version, reason: '请审核', ...extra });
    expect((await submit({})).body).toMatchObject({
      code: 40000,
      message: '请关联该版本的批量测试，或填写未测试的原因',
    });
    expect((await submit({ batchTestRunId: runId })).body).toMatchObject({
      code: 40000,
      message: '该版本最近的批量测试有未通过的案例，请填写忽略原因',
    });
    expect((await submit({ batchTestRunId: 'nope' })).body).toMatchObject({ code: 40000, message: '批量测试不存在' });
    const ok = await submit({ batchTestRunId: runId, overrideReason: '未通过的案例预期已过时' });
    expect(ok.body).toMatchObject({ code: 20000, data: { status: 'inReview' } });
    const events = await platform.pool.query(
      `SELECT message_data AS data FROM emt_messages WHERE stream_id = 'rule-tariff-2' AND message_type = 'RuleVersionSubmitted' ORDER BY global_position`,
    );
    expect(events.rows.at(-1)?.data).toMatchObject({ batchTestRunId: runId, overrideReason: '未通过的案例预期已过时' });
  });
});
