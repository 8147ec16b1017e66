import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoverId, visibleInsurers } from '@feibao/domain/ordering/catalogue';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import type { OrderForm } from '@feibao/domain/ordering/form';
import { buildPlanLines } from '@feibao/domain/ordering/plan';
import type { PriceExplanation, PriceExplanationLine } from '@feibao/domain/ordering/priceExplanation.wire';
import type { Jdm } from '@feibao/domain/rules/jdm';
import { tariffRuleId } from '@feibao/domain/rules/rating';
import { seededRules } from '@feibao/domain/rules/seed/seededRules';
import { tariffFixture } from '@feibao/domain/rules/seed/tariffFixture';
import { tariffTables } from '@feibao/domain/rules/seed/tariffTables';
import { priceExplainer } from '@feibao/query-service/ordering/priceExplanation';
import { createRulesEngine } from '@feibao/read-models/rules/engine/engine';
import { ruleSetReader } from '@feibao/read-models/rules/ruleDefinitions';
import { ruleVersionReader } from '@feibao/read-models/rules/ruleVersions';
import {
  ADMIN,
  accountWithRoles,
  registerUser,
  signIn,
  startTestPlatform,
  until,
  type Client,
  type TestPlatform,
} from '../support/platform.ts';
import { companyProfile } from '../support/policies.ts';

/**
 * 价格说明 (docs/api/price-explanation.md): re-rating a stored application on the stored rule version gives
 * the stored premium for every seeded tariff and every cover it prices, also once the version is retired;
 * over HTTP the owner and staff read it, anyone else reads the order as missing.
 */

let platform: TestPlatform;
let admin: Client;
beforeAll(async () => {
  platform = await startTestPlatform({
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '25', SMS_HOURLY_PER_ADDRESS: '100000' },
  });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  await until(
    () => ruleVersionReader(platform.pool).enabled(),
    (enabled) => enabled.length >= seededRules().length,
  );
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

const tariffIds = new Set(visibleInsurers.map((i) => tariffRuleId(i.id)));
const nodeNames = (ruleId: string) =>
  seededRules()
    .find((r) => r.ruleId === ruleId)!
    .content.nodes.map((n) => n.name);

describe('replay over every seeded tariff', () => {
  it('re-rates each fixture line on the stored version to the stored premium, explained without node names', async () => {
    const engine = createRulesEngine(ruleSetReader(platform.pool));
    const versions = ruleVersionReader(platform.pool);
    const contents = new Map<string, Promise<Jdm | null>>();
    const explain = priceExplainer(engine, (ref) => {
      const key = `${ref.ruleId}@${ref.version}`;
      if (!contents.has(key))
        contents.set(
          key,
          versions.version(ref.ruleId, ref.version).then((v) => v?.content ?? null),
        );
      return contents.get(key)!;
    });
    const today = tariffFixture.today;
    const priced = new Map<number, Set<number>>();
    const seen = new Map<string, number>();
    try {
      for (const c of tariffFixture.cases) {
        const form = c.form as unknown as OrderForm;
        const lines = buildPlanLines(form);
        for (const { id: insurerId } of visibleInsurers) {
          const answers = await engine.quoteLines(lines, form, insurerId, { today });
          for (const [i, line] of lines.entries()) {
            const answer = answers[i]!;
            // Two lines of each cover per insurer are enough to cover the tariff, and keep the suite quick.
            const pair = `${insurerId}/${line.insuranceTypeInfoId}/${answer.kind}`;
            seen.set(pair, (seen.get(pair) ?? 0) + 1);
            if (seen.get(pair)! > 2) continue;
            const got = await explain({ insurerId, line, form, answer, ratedOn: [today] }, tariffIds);
            const where = `${c.name} / ${insurerId} / ${line.key}`;
            if (answer.kind !== 'quoted') {
              expect(got, where).toMatchObject({ kind: answer.kind, replayed: null, factors: [] });
              continue;
            }
            expect(got, where).toMatchObject({
              kind: 'quoted',
              premium: answer.premium,
              replayed: true,
              replayPremium: answer.premium,
              ruleVersion: '费率规则 第1版',
              byRules: true,
            });
            expect(got.factors.length, where).toBeGreaterThan(0);
            expect(got.formula, where).not.toBe('保费按费率规则计算');
            const shown = JSON.stringify({ f: got.factors, x: got.formula, v: got.ruleVersion, h: got.hints });
            for (const name of nodeNames(tariffRuleId(insurerId)))
              expect(shown, `${where}: ${name}`).not.toContain(name);
            expect(shown).not.toContain('tariff-');
            for (const hint of got.hints) expect(hint.saving, `${where} ${hint.id}`).toBeGreaterThan(0);
            priced.set(insurerId, (priced.get(insurerId) ?? new Set()).add(line.insuranceTypeInfoId));
          }
        }
      }
    } finally {
      engine.dispose();
    }
    // Every cover each tariff prices was replayed at least once.
    for (const t of tariffTables) {
      const covers = Object.values(CoverId).filter((id) => id !== CoverId.siteLiability || !('declined' in t.site));
      expect(
        [...(priced.get(t.insurerId) ?? [])].sort((a, b) => a - b),
        `insurer ${t.insurerId}`,
      ).toEqual([...covers].sort((a, b) => a - b));
    }
  }, 240_000);
});

const customer = async () => {
  const client = platform.client();
  await registerUser(client);
  expect((await client.post('/api/v1/uav/user/update', companyProfile)).body.code).toBe(20000);
  return client;
};
const explanationOf = (client: Client, id: string, insurerId: number | string) =>
  client.get(`/api/v1/uav/order/priceExplanation?id=${encodeURIComponent(id)}&insuranceCompanyId=${insurerId}`);
/** Until the insurer has answered every line. */
const answered = async (client: Client, id: string, insurerId: number) =>
  (
    await until(
      () => explanationOf(client, id, insurerId),
      (a) => a.body.code === 20000 && (a.body.data as PriceExplanation).lines.every((l) => l.kind !== 'pending'),
      45_000,
    )
  ).body.data as PriceExplanation;

describe('GET /order/priceExplanation', () => {
  let owner: Client;
  let orderId: string;
  beforeAll(async () => {
    owner = await customer();
    const application = generalApplication();
    // The second drone costs more than 50万: its hull line goes to an underwriter.
    (application.uavInfoList as Record<string, unknown>[])[1]!.price = 600_000;
    const inquiry = await owner.post('/api/v1/uav/order/inquiryPrice', application);
    expect(inquiry.body.code, inquiry.body.message).toBe(20000);
    orderId = inquiry.body.data.id;
  });

  it('answers each line: factors, version, replay, hints; a referred line says why as the plan does', {
    timeout: 60_000,
  }, async () => {
    const got = await answered(owner, orderId, 1);
    expect(got).toMatchObject({ orderId, insuranceCompanyId: 1, insuranceCompanyName: '人保财险' });
    const plan = (await owner.get(`/api/v1/uav/order/listInsurancePlan?id=${orderId}`)).body.data as {
      key: string;
      insuranceCompanyList: { insuranceCompanyId: number; insurancePremium: number | null; remark: string | null }[];
    }[];
    const cell = (key: string) =>
      plan.find((r) => r.key === key)!.insuranceCompanyList.find((c) => c.insuranceCompanyId === 1)!;
    const line = (key: string) => got.lines.find((l) => l.key === key) as PriceExplanationLine;

    const hull = line('1:0');
    expect(hull).toMatchObject({
      kind: 'quoted',
      premium: cell('1:0').insurancePremium,
      replayed: true,
      byRules: true,
    });
    expect(hull.replayPremium).toBe(hull.premium);
    expect(hull.ruleVersion).toBe('费率规则 第1版');
    expect(hull.factors.map((f) => f.label)).toEqual(
      expect.arrayContaining(['基础费率', '机型系数', '机龄系数', '抗风系数']),
    );
    expect(hull.formula).toMatch(/^年保费 = 数量 × 购价 × 基础费率 × 机型系数/);
    // The first drone has no parachute: fitting one saves, and the saving is a re-rating of the same version.
    const parachute = hull.hints.find((h) => h.id === 'parachute');
    expect(parachute?.text).toMatch(/^加装降落伞 → 每年省 ¥[\d,]+\.\d{2}$/);
    expect(parachute!.premium).toBeLessThan(hull.premium!);

    const liability = line('2:0');
    expect(liability.factors.map((f) => f.label)).toEqual(expect.arrayContaining(['每架年保费', '重量系数']));
    expect(liability.hints.map((h) => h.label)).toContain('责任限额降至50万元');

    const referred = line('1:1');
    expect(referred).toMatchObject({ kind: 'manual', premium: null, factors: [], replayed: null });
    expect(referred.reason).toBe(cell('1:1').remark);
  });

  it('reads for staff; anyone else reads the order as missing; bad input answers in Chinese', {
    timeout: 60_000,
  }, async () => {
    expect((await explanationOf(admin, orderId, 2)).body.code).toBe(20000);
    const stranger = await customer();
    expect((await explanationOf(stranger, orderId, 1)).body).toMatchObject({ code: 40400, message: '订单不存在' });
    expect((await explanationOf(owner, orderId, 3)).body).toMatchObject({
      code: 40400,
      message: '该保险公司不在本订单的询价范围内',
    });
    const bad = await explanationOf(owner, orderId, 'abc');
    expect(bad.status).toBeLessThan(500);
    expect(bad.body).toMatchObject({ code: 40000, message: '请选择保险公司' });
    const noId = await owner.get('/api/v1/uav/order/priceExplanation?insuranceCompanyId=1');
    expect(noId.body.code).toBe(40000);
    expect(noId.body.message).toMatch(/[\u4e00-\u9fa5]/);
    expect(
      (await platform.client().get(`/api/v1/uav/order/priceExplanation?id=${orderId}&insuranceCompanyId=1`)).body.code,
    ).toBe(40100);
  });

  it('replays on the stored version once a newer one is enabled', { timeout: 90_000 }, async () => {
    const before = (await answered(owner, orderId, 1)).lines.find((l) => l.key === '1:0')!;
    const auditor = await accountWithRoles(platform, admin, ['auditor']);
    const RULES = '/api/v1/rules';
    const v1 = (await admin.get(`${RULES}/version?ruleId=tariff-1&version=1`)).body.data.content;
    const doubled = JSON.parse(
      JSON.stringify(v1).replace('quantity * drone.price * 0.032 *', 'quantity * drone.price * 0.064 *'),
    );
    const drafted = await auditor.post(`${RULES}/version/draft`, {
      ruleId: 'tariff-1',
      content: doubled,
      reason: '上调',
    });
    const version = drafted.body.data.version as number;
    const step = (client: Client, action: string) =>
      client.post(`${RULES}/version/${action}`, {
        ruleId: 'tariff-1',
        version,
        reason: '测试',
        ...(action === 'submit' ? { overrideReason: '费率直接调整，未做批量测试' } : {}),
      });
    expect((await step(auditor, 'submit')).body.code).toBe(20000);
    expect((await step(admin, 'approve')).body.code).toBe(20000);
    expect((await step(admin, 'enable')).body.code).toBe(20000);
    await until(
      () => ruleVersionReader(platform.pool).version('tariff-1', 1),
      (v) => v?.status === 'retired',
    );
    const after = (await answered(owner, orderId, 1)).lines.find((l) => l.key === '1:0')!;
    expect(after).toMatchObject({
      premium: before.premium,
      replayed: true,
      replayPremium: before.premium,
      ruleVersion: '费率规则 第1版',
    });
    expect(after.factors).toEqual(before.factors);
  });
});
