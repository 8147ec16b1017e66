import { describe, expect, it } from 'vitest';
import { buildPlanLines } from '@feibao/domain/ordering/plan';
import { graph, str, type Jdm } from '@feibao/domain/rules/jdm';
import { seededRuleSet } from '@feibao/domain/rules/seed/seededRules';
import type { InsurerLimit } from '@feibao/domain/rules/rating';
import type { LineAnswer } from '@feibao/domain/ordering/order.events';
import type { OrderForm } from '@feibao/domain/ordering/form';
import { generalApplication, prepared } from '@feibao/domain/ordering/fixtures';
import { createRulesEngine } from './engine.ts';
import type { EnabledRuleVersion, RuleSet } from './ruleSet.ts';

/**
 * The pipeline around the seeded rules: insurer limits, each insurer's stage order, rules limited
 * to a scene or an insurer, and pool pieces inlined where a rule refers to them.
 */

const context = { today: '2026-11-21' };
const form = (field = '巡检/测绘', price = 65_000): OrderForm => {
  const body = generalApplication() as { uavInfoList: { price: number }[]; flyingInfo: { applicationField: string } };
  body.uavInfoList[0]!.price = price;
  body.flyingInfo.applicationField = field;
  return prepared(body);
};
const quote = async (set: RuleSet, insurerId: number, application = form()) => {
  const engine = createRulesEngine(async () => set);
  try {
    const answers = await engine.quoteLines(buildPlanLines(application), application, insurerId, context);
    return new Map(answers.map((a) => [a.key, a]));
  } finally {
    engine.dispose();
  }
};
const seeded = (): RuleSet => seededRuleSet() as RuleSet;
const kinds = (answers: Map<string, LineAnswer>) => [...answers.values()].map((a) => a.kind);

const declineModel = (reason: string): Jdm => {
  const g = graph();
  g.chain(g.input(), g.expression('拒保', [['decline.reason', str(reason)]]), g.output());
  return g.done();
};
const rule = (ruleId: string, content: Jdm, extra: Partial<EnabledRuleVersion> = {}): EnabledRuleVersion => ({
  ruleId,
  version: 1,
  content,
  stage: 'eligibility',
  rank: 1,
  insurerId: null,
  scenes: [],
  ...extra,
});

describe('the rating pipeline', () => {
  it('declines a cover an insurer does not offer, and amounts outside its bounds', async () => {
    const base = await quote(seeded(), 1);
    const hullKey = [...base.keys()].find((k) => k.startsWith('1:'));
    const liabilityKey = [...base.keys()].find((k) => k.startsWith('2:'));
    expect(base.get(hullKey!)!.kind).toBe('quoted');
    const limit = (coverId: number, fields: Partial<InsurerLimit>): InsurerLimit => ({
      insurerId: 1,
      coverId,
      enabled: true,
      minAmount: null,
      maxAmount: null,
      maxDronePrice: null,
      maxTakeoffKg: null,
      ...fields,
    });
    const limited = await quote(
      { ...seeded(), limits: [limit(1, { enabled: false }), limit(2, { maxAmount: 50 })] },
      1,
    );
    expect(limited.get(hullKey!)).toMatchObject({ kind: 'declined', reason: '该保险公司暂不承保此险种' });
    expect(limited.get(liabilityKey!)).toMatchObject({ kind: 'declined', reason: '保险金额超过该保险公司的最高保额' });
    expect(limited.get(hullKey!)!.rules).toContainEqual({ ruleId: 'limits', version: 1 });
    // Another insurer's limits change nothing here.
    expect(kinds(await quote({ ...seeded(), limits: [{ ...limit(1, { enabled: false }), insurerId: 2 }] }, 1))).toEqual(
      kinds(base),
    );
  });

  it('runs only the stages an insurer keeps, in its order', async () => {
    const dear = form('巡检/测绘', 600_000);
    expect(kinds(await quote(seeded(), 3, dear))).toContain('manual');
    const withoutReferral = await quote(
      { ...seeded(), stagePlans: [{ insurerId: 3, stages: ['eligibility', 'rating', 'limits'] }] },
      3,
      dear,
    );
    expect(kinds(withoutReferral).every((k) => k === 'quoted')).toBe(true);
    expect([...withoutReferral.values()][0]!.rules!.map((r) => r.ruleId)).not.toContain('referral');
  });

  it('gives the customer the 规则提示语 a referral names, and staff the rule reason', async () => {
    const dear = form('巡检/测绘', 600_000);
    const messages = [{ code: 'referral.dronePrice', customerText: '您的无人机单价较高，需保险公司人工核保' }];
    const referred = [...(await quote({ ...seeded(), messages }, 1, dear)).values()].find((a) => a.kind === 'manual')!;
    expect(referred).toMatchObject({
      reason: '无人机单价超过50万元，需保险公司核保',
      customerReason: '您的无人机单价较高，需保险公司人工核保',
    });
    // Without an enabled entry for the code the customer reads the reason itself.
    const plain = [...(await quote(seeded(), 1, dear)).values()].find((a) => a.kind === 'manual')!;
    expect(plain).not.toHaveProperty('customerReason');
  });

  it('leaves what a hit does to the rule risk level: refer, decline or nothing', async () => {
    const g = graph();
    g.chain(g.input(), g.expression('多架命中', [['hit', 'quantity > 0']]), g.output());
    const hitting = g.done();
    const risks = [
      { code: 'low', effect: 'auto' as const },
      { code: 'medium', effect: 'refer' as const },
      { code: 'high', effect: 'decline' as const },
    ];
    const messages = [{ code: 'fleet', customerText: '机队需人工核保', staffText: '机队规模需核保' }];
    const withRisk = (risk: string) => ({
      ...seeded(),
      risks,
      messages,
      rules: [...seeded().rules, rule('fleet', hitting, { risk, message: 'fleet' })],
    });
    expect(kinds(await quote(withRisk('low'), 5))).not.toContain('declined');
    const referred = [...(await quote(withRisk('medium'), 5)).values()];
    expect(
      referred.every(
        (a) => a.kind === 'manual' && a.reason === '机队规模需核保' && a.customerReason === '机队需人工核保',
      ),
    ).toBe(true);
    expect([...(await quote(withRisk('high'), 5)).values()].every((a) => a.kind === 'declined')).toBe(true);
    // A risk level that is not configured does nothing.
    expect(kinds(await quote(withRisk('unknown'), 5))).not.toContain('declined');
  });

  it('applies a rule to its scenes and insurer only, and a decline stops the line', async () => {
    const set = {
      ...seeded(),
      rules: [
        ...seeded().rules,
        rule('no-crop-2', declineModel('暂不承保植保作业'), { insurerId: 2, scenes: ['农业/植保'] }),
      ],
    };
    expect(kinds(await quote(set, 2, form('农业/植保'))).every((k) => k === 'declined')).toBe(true);
    expect([...(await quote(set, 2, form('农业/植保'))).values()][0]).toMatchObject({ reason: '暂不承保植保作业' });
    expect(kinds(await quote(set, 2, form('巡检/测绘')))).not.toContain('declined');
    expect(kinds(await quote(set, 1, form('农业/植保')))).not.toContain('declined');
  });

  it('inlines a pool piece where a rule refers to it, and records the piece it used', async () => {
    const g = graph();
    const input = g.input();
    const node = g.expression('引用', []);
    g.chain(input, node, g.output());
    const referring = g.done();
    const piece = referring.nodes.find((n) => n.id === node)!;
    Object.assign(piece, { type: 'decisionNode', name: '共用拒保', content: { key: 'pool-decline' } });
    const set = {
      ...seeded(),
      rules: [
        ...seeded().rules,
        rule('pool-decline', declineModel('共用规则拒保'), { stage: 'pool', version: 3 }),
        rule('uses-pool', referring, { insurerId: 4 }),
      ],
    };
    const answers = await quote(set, 4);
    expect([...answers.values()].every((a) => a.kind === 'declined' && a.reason === '共用规则拒保')).toBe(true);
    expect([...answers.values()][0]!.rules).toEqual(
      expect.arrayContaining([
        { ruleId: 'uses-pool', version: 1 },
        { ruleId: 'pool-decline', version: 3 },
      ]),
    );
    // Without an enabled piece the referring rule cannot compile and rates nothing: nothing is declined by it.
    const orphan = { ...seeded(), rules: [...seeded().rules, rule('uses-pool', referring, { insurerId: 4 })] };
    expect(kinds(await quote(orphan, 4))).not.toContain('declined');
  });

  it('a rule that fails fails alone, and a rule that cannot be joined with the others is still evaluated', async () => {
    // Fails at evaluation (a function of a string that is not a date): the joined call fails, then each rule runs alone.
    const g = graph();
    g.chain(g.input(), g.expression('坏表达式', [['hit', 'date("不是日期") > 0']]), g.output());
    const failing = rule('fails', g.done(), { insurerId: 6 });
    // `$nodes` keeps a rule out of the joined model; it still declines.
    const h = graph();
    h.chain(
      h.input(),
      h.expression('拒保', [['decline.reason', '$nodes != null ? "单独执行的规则拒保" : null']]),
      h.output(),
    );
    const alone = rule('alone', h.done(), { insurerId: 7 });
    const set = { ...seeded(), rules: [...seeded().rules, failing, alone] };
    const failed = [...(await quote(set, 6)).values()];
    expect(failed.every((a) => a.kind === 'manual' && a.reason === '费率规则执行失败，需保险公司核保')).toBe(true);
    // The other rules of the line were still evaluated (and recorded): the referral, the tariff, the limits.
    expect(failed[0]!.rules?.map((r) => r.ruleId)).toEqual(['referral', 'tariff-6', 'limits']);
    const declined = [...(await quote(set, 7)).values()];
    expect(declined.every((a) => a.kind === 'declined' && a.reason === '单独执行的规则拒保')).toBe(true);
    expect(declined[0]!.trace?.some((step) => step.rule === 'alone')).toBe(true);
  });
});
