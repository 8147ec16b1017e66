import { ZenDecisionContent, ZenEngine } from '@gorules/zen-engine';
import { afterAll, describe, expect, it } from 'vitest';
import { compactTrace, type EngineTraceEntry, type TraceStep } from '@feibao/domain/rules/rating';
import { graph, str, type Jdm } from '@feibao/domain/rules/jdm';
import { joinable, joinRules, VERDICT_FIELDS } from '@feibao/domain/rules/joined';

/**
 * A joined model (domain rules/joined.ts) must answer, rule by rule, what each rule answers on its
 * own: the fields the platform reads and the compact trace of the engine's own trace. Checked here
 * against ZEN itself on models shaped unlike the seeded ones (those are checked line by line in
 * engine.unit.spec.ts).
 */

const zen = new ZenEngine();
afterAll(() => zen.dispose());

type Node = Jdm['nodes'][number];
const withContent = (
  model: Jdm,
  name: string,
  change: (content: Record<string, unknown>) => Record<string, unknown>,
): Jdm => ({
  ...model,
  nodes: model.nodes.map((n: Node) =>
    n.name === name ? { ...n, content: change(n.content as Record<string, unknown>) } : n,
  ),
});

/** The rule on its own: what the platform reads of its output, and its compact trace (in a canonical order where the model has parallel branches). */
const alone = async (ruleId: string, model: Jdm, input: unknown) => {
  const response = await zen.createDecision(model).evaluate(input, { trace: true });
  const result = (response.result ?? {}) as Record<string, unknown>;
  return {
    output: Object.fromEntries(VERDICT_FIELDS.map((f) => [f, result[f] ?? null])),
    trace: compactTrace(ruleId, model, response.trace as Record<string, EngineTraceEntry>),
  };
};
const joined = async (rules: { ruleId: string; model: Jdm }[], input: unknown) => {
  const plan = joinRules(rules, true);
  const decision = zen.createDecision(new ZenDecisionContent(plan.model as never));
  return plan.read((await decision.evaluate(input)).result).map(({ output, trace }) => ({
    output: Object.fromEntries(VERDICT_FIELDS.map((f) => [f, output[f] ?? null])),
    trace,
  }));
};
const canonical = (trace: TraceStep[]) => [...trace].sort((a, b) => `${a.node}`.localeCompare(`${b.node}`));

// A first-hit switch without a default: an amount over 100 takes no branch at all.
const noDefault = (() => {
  const g = graph();
  const input = g.input();
  const out = g.output();
  const check = g.table(
    '额度',
    [['amount', '保额']],
    [['band', '档位']],
    [
      { when: ['$ < 10'], give: [str('small')] },
      { when: ['$ < 100'], give: [str('large')] },
    ],
  );
  const route = g.switch('分流', ['band == "small"', 'band == "large"']);
  const small = g.expression('小额', [
    ['kind', str('quoted')],
    ['premium', '20'],
    ['deductible', str('无')],
  ]);
  g.chain(input, check, route.id);
  g.link(route.id, small, route.handles[0]);
  g.link(route.id, out, route.handles[1]);
  g.link(small, out);
  return withContent(g.done(), '额度', (c) => ({ ...c, passThrough: false }));
})();

// A collect switch that can take two branches, a branch straight to the output, an expression that passes its input through.
const collect = (() => {
  const g = graph();
  const input = g.input();
  const out = g.output();
  const route = { ...g.switch('多路', ['quantity > 1', 'amount > 5', '']) };
  const a = g.expression('数量', [['many', 'true']], true);
  const b = g.expression('金额', [
    ['', 'ignored'],
    ['reason', str('金额较高')],
    ['referral.reason', str('金额较高，需核保')],
  ]);
  g.link(input, route.id);
  g.link(route.id, a, route.handles[0]);
  g.link(route.id, b, route.handles[1]);
  g.link(route.id, out, route.handles[2]);
  g.link(a, out);
  g.link(b, out);
  return withContent(g.done(), '多路', (c) => ({ ...c, hitPolicy: 'collect' }));
})();

// A table no row of which may match, with an empty output cell, passing its input through.
const partial = (() => {
  const g = graph();
  const input = g.input();
  const out = g.output();
  const table = g.table(
    '系数',
    [['field', '行业']],
    [
      ['factor', '系数'],
      ['amount', '保额'],
    ],
    [{ when: [str('植保')], give: ['1.2', ''] }],
  );
  const price = g.expression('保费', [
    ['kind', str('quoted')],
    ['premium', '(factor ?? 1) * amount'],
    ['deductible', str('无')],
  ]);
  g.chain(input, table, price, out);
  return g.done();
})();

describe('a joined model answers each rule as the rule alone', () => {
  const inputs = [
    { amount: 5, quantity: 1, field: '植保' },
    { amount: 50, quantity: 2, field: '教育培训' },
    { amount: 500, quantity: 3, field: null },
  ];
  const rules = [
    { ruleId: 'no-default', model: noDefault },
    { ruleId: 'collect', model: collect },
    { ruleId: 'partial', model: partial },
  ];

  it('the shapes are joinable', () => {
    for (const { model } of rules) expect(joinable(model)).toBe(true);
  });

  it.each(inputs.map((input) => [JSON.stringify(input), input] as const))('%s', async (_name, input) => {
    const together = await joined(rules, input);
    for (const [k, { ruleId, model }] of rules.entries()) {
      const want = await alone(ruleId, model, input);
      expect(together[k]!.output, ruleId).toEqual(want.output);
      expect(canonical(together[k]!.trace), ruleId).toEqual(canonical(want.trace));
    }
  });

  it('lists a chain in the order the engine ran it', async () => {
    const [got] = await joined([{ ruleId: 'partial', model: partial }], inputs[0]);
    expect(got!.trace).toEqual((await alone('partial', partial, inputs[0])).trace);
  });

  it('a switch that took no branch is still in the trace, and so is what ran before it', async () => {
    const [got] = await joined([{ ruleId: 'no-default', model: noDefault }], { amount: 500 });
    expect(got!.trace.map((s) => [s.node, s.matched ?? null])).toEqual([
      ['额度', null],
      ['分流', ''],
    ]);
  });
});

describe('what cannot be joined is rated on its own', () => {
  const base = partial;
  it.each([
    [
      '$nodes',
      withContent(base, '保费', (c) => ({
        ...c,
        expressions: [{ id: 'x', key: 'premium', value: '$nodes.系数.factor' }],
      })),
    ],
    [
      '$root',
      withContent(base, '保费', (c) => ({ ...c, expressions: [{ id: 'x', key: 'premium', value: 'len($root)' }] })),
    ],
    ['a loop', withContent(base, '系数', (c) => ({ ...c, executionMode: 'loop', inputField: 'items' }))],
    ['an output path', withContent(base, '保费', (c) => ({ ...c, outputPath: 'price' }))],
    ['a collect table', withContent(base, '系数', (c) => ({ ...c, hitPolicy: 'collect' }))],
    [
      'a key the mark cannot read back',
      withContent(base, '保费', (c) => ({ ...c, expressions: [{ id: 'x', key: '保费', value: '1' }] })),
    ],
    [
      'a node that leads nowhere',
      { ...base, edges: base.edges.filter((e) => e.targetId !== base.nodes.find((n) => n.type === 'outputNode')!.id) },
    ],
    [
      'two outputs',
      {
        ...base,
        nodes: [...base.nodes, { id: 'o2', type: 'outputNode' as const, name: '结果2', position: { x: 0, y: 0 } }],
      },
    ],
  ])('%s', (_name, model) => {
    expect(joinable(model as Jdm)).toBe(false);
  });
});
