import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlanLines } from '@feibao/domain/ordering/plan';
import { CoverId } from '@feibao/domain/ordering/catalogue';
import { seededRules } from '@feibao/domain/rules/seed/seededRules';
import { tariffInput } from '@feibao/domain/rules/rating';
import type { Jdm } from '@feibao/domain/rules/jdm';
import { generalApplication, prepared } from '@feibao/domain/ordering/fixtures';
import {
  ADMIN,
  accountWithRoles,
  registerUser,
  signIn,
  startTestPlatform,
  type Client,
  type TestPlatform,
} from '../support/platform.ts';

/**
 * 试算 (rule editor): an unsaved model evaluated on one input with its compact trace; models the
 * draft endpoint would refuse are refused here with the same messages; staff only.
 */

const TRY = '/api/v1/rules/version/try';
let platform: TestPlatform;
let admin: Client;

const tariff1 = (): Jdm => seededRules().find((r) => r.ruleId === 'tariff-1')!.content;
const liabilityInput = () => {
  const form = prepared(generalApplication());
  const line = buildPlanLines(form).find((l) => l.insuranceTypeInfoId === CoverId.liability)!;
  return tariffInput(line, form, { today: '2026-11-21' });
};

beforeAll(async () => {
  platform = await startTestPlatform({ env: { SMS_HOURLY_PER_ADDRESS: '100000' } });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

describe('rule tryout', () => {
  it('inlines a pool piece the model refers to, once the piece is enabled', async () => {
    const auditor = await accountWithRoles(platform, admin, ['auditor']);
    const piece: Jdm = {
      nodes: [
        { id: 'i', type: 'inputNode', name: '请求', position: { x: 0, y: 0 } },
        {
          id: 'x',
          type: 'expressionNode',
          name: '共用拒保',
          position: { x: 200, y: 0 },
          content: {
            expressions: [{ id: 'e', key: 'decline.reason', value: '"共用规则拒保"' }],
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
    const referring: Jdm = {
      nodes: [
        piece.nodes[0]!,
        {
          id: 'd',
          type: 'decisionNode',
          name: '引用共用拒保',
          position: { x: 200, y: 0 },
          content: { key: 'pool-try' },
        },
        piece.nodes[2]!,
      ],
      edges: [
        { id: 'e1', type: 'edge', sourceId: 'i', targetId: 'd' },
        { id: 'e2', type: 'edge', sourceId: 'd', targetId: 'o' },
      ],
    };
    expect((await admin.post(TRY, { content: referring, input: {} })).body).toMatchObject({
      code: 40000,
      message: '规则池中没有已启用的规则：pool-try',
    });
    expect(
      (
        await auditor.post('/api/v1/rules/define', {
          ruleId: 'pool-try',
          name: '共用拒保',
          stage: 'pool',
          reason: '共用',
        })
      ).body.code,
    ).toBe(20000);
    expect(
      (await auditor.post('/api/v1/rules/version/draft', { ruleId: 'pool-try', content: piece, reason: 'v1' })).body
        .code,
    ).toBe(20000);
    const step = (who: Client, action: string, extra = {}) =>
      who.post(`/api/v1/rules/version/${action}`, { ruleId: 'pool-try', version: 1, reason: '共用', ...extra });
    expect((await step(auditor, 'submit', { overrideReason: '无案例' })).body.code).toBe(20000);
    expect((await step(admin, 'approve')).body.code).toBe(20000);
    expect((await step(admin, 'enable')).body.code).toBe(20000);
    const tried = async () => (await admin.post(TRY, { content: referring, input: {} })).body;
    for (let i = 0; i < 50 && (await tried()).code !== 20000; i++) await new Promise((r) => setTimeout(r, 200));
    expect(await tried()).toMatchObject({ code: 20000, data: { output: { decline: { reason: '共用规则拒保' } } } });
  });

  it('evaluates a model on an input and answers the output, the compact trace and the time', async () => {
    const model = tariff1();
    const before = await admin.post(TRY, { content: model, input: liabilityInput() });
    expect(before.body.code, before.body.message).toBe(20000);
    expect(before.body.data.output).toMatchObject({ kind: 'quoted' });
    expect(typeof before.body.data.performance).toBe('string');
    const steps = before.body.data.trace as { node: string; type: string; matched?: string }[];
    expect(steps.map((s) => s.node)).toContain('三者险责任限额');

    // Doubling the yearly premium per drone of every liability limit doubles the line's price.
    const table = model.nodes.find((n) => n.name === '三者险责任限额')!;
    const content = table.content as { rules: Record<string, string>[] };
    for (const row of content.rules) row.o0 = String(Number(row.o0) * 2);
    const after = await admin.post(TRY, { content: model, input: liabilityInput() });
    expect(after.body.code, after.body.message).toBe(20000);
    const premium = (b: typeof before) => (b.body.data.output as { premium: number }).premium;
    expect(premium(after)).toBeGreaterThan(premium(before));
  });

  it('refuses models the engine cannot load and inputs that are not objects or too large', async () => {
    const noOutput = { nodes: [{ id: 'a', type: 'inputNode', name: '请求', position: { x: 0, y: 0 } }], edges: [] };
    expect((await admin.post(TRY, { content: noOutput, input: {} })).body).toMatchObject({
      code: 40000,
      message: '规则无法加载：规则必须有一个输入节点和输出节点',
    });
    const broken = tariff1();
    const expression = broken.nodes.find((n) => n.name === '三者险保费')!;
    (expression.content as { expressions: { value: string }[] }).expressions[0]!.value = 'quantity * (';
    const answer = await admin.post(TRY, { content: broken, input: liabilityInput() });
    expect(answer.body.code).toBe(40000);
    expect(answer.body.message).toMatch(/^规则(无法加载|试算失败)：/);
    expect((await admin.post(TRY, { content: tariff1(), input: [1, 2] })).body).toMatchObject({
      code: 40000,
      message: '试算输入必须是JSON对象',
    });
    expect((await admin.post(TRY, { content: tariff1(), input: { text: 'x'.repeat(70_000) } })).body).toMatchObject({
      code: 40000,
      message: '试算输入不能超过64KB',
    });
  });

  it('refuses test and batchTest roles with 40300 and callers without a session with 50008', async () => {
    for (const roles of [['test'], ['batchTest'], []]) {
      const client = roles.length ? await accountWithRoles(platform, admin, roles) : platform.client();
      if (!roles.length) await registerUser(client);
      expect((await client.post(TRY, { content: tariff1(), input: {} })).body, roles.join()).toMatchObject({
        code: 40300,
      });
    }
    expect((await platform.client().post(TRY, { content: tariff1(), input: {} })).body).toMatchObject({ code: 50008 });
  });
});
