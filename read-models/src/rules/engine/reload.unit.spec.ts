import { setImmediate as tick } from 'node:timers/promises';
import { ZenEngine } from '@gorules/zen-engine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPlanLines } from '@feibao/domain/ordering/plan';
import { graph, str, type Jdm } from '@feibao/domain/rules/jdm';
import { seededRuleSet } from '@feibao/domain/rules/seed/seededRules';
import type { InsurerLimit } from '@feibao/domain/rules/rating';
import { generalApplication, prepared } from '@feibao/domain/ordering/fixtures';
import { createRulesEngine, type RulesEngine } from './engine.ts';
import type { EnabledRuleVersion, RuleSet } from './ruleSet.ts';

/**
 * Reloading the enabled set (engine.ts, loader.ts): a known change is seen by the next quote, the
 * periodic reload happens behind the quotes, and a version is compiled once, however often the set
 * is loaded again.
 */

const context = { today: '2026-11-24' };
const application = prepared(generalApplication());
const lines = buildPlanLines(application);
const seeded = (): RuleSet => seededRuleSet() as RuleSet;
/** Insurer 1 no longer offers any cover of the form: every line is declined by the limits rule. */
const closed = (): RuleSet => ({
  ...seeded(),
  limits: [...new Set(lines.map((l) => l.insuranceTypeInfoId))].map(
    (coverId): InsurerLimit => ({
      insurerId: 1,
      coverId,
      enabled: false,
      minAmount: null,
      maxAmount: null,
      maxDronePrice: null,
      maxTakeoffKg: null,
    }),
  ),
});
const kinds = async (engine: RulesEngine) => [
  ...new Set((await engine.quoteLines(lines, application, 1, context)).map((a) => a.kind)),
];

/** A source whose answers the test hands out one call at a time. */
const scripted = () => {
  const calls: { resolve: (set: RuleSet) => void }[] = [];
  const source = () => new Promise<RuleSet>((resolve) => calls.push({ resolve }));
  return { source, calls };
};

let engine: RulesEngine | undefined;
afterEach(() => {
  engine?.dispose();
  engine = undefined;
  vi.restoreAllMocks();
});

describe('the enabled set, reloaded', () => {
  it('a periodic refresh swaps the new set in behind the quotes, which never wait for it', async () => {
    const { source, calls } = scripted();
    engine = createRulesEngine(source);
    const first = kinds(engine);
    calls[0]!.resolve(seeded());
    expect(await first).toEqual(['quoted']);

    engine.refresh();
    expect(calls).toHaveLength(2);
    // The reload is still pending: the quote is rated by the set already loaded.
    expect(await kinds(engine)).toEqual(['quoted']);
    calls[1]!.resolve(closed());
    await tick();
    expect(await kinds(engine)).toEqual(['declined']);
    expect(calls).toHaveLength(2);
  });

  it('a known change is seen by the next quote, and a refresh begun before it does not put the old set back', async () => {
    const { source, calls } = scripted();
    engine = createRulesEngine(source);
    const first = kinds(engine);
    calls[0]!.resolve(seeded());
    await first;

    engine.refresh();
    engine.invalidate();
    const next = kinds(engine);
    expect(calls).toHaveLength(3);
    calls[2]!.resolve(closed());
    expect(await next).toEqual(['declined']);
    // The refresh that started before the change answers last, with what was enabled before it.
    calls[1]!.resolve(seeded());
    await tick();
    expect(await kinds(engine)).toEqual(['declined']);
  });

  it('a failed refresh leaves the loaded set in place', async () => {
    let call = 0;
    engine = createRulesEngine(async () => {
      call++;
      if (call === 2) throw new Error('read model unavailable');
      return seeded();
    });
    expect(await kinds(engine)).toEqual(['quoted']);
    engine.refresh();
    await tick();
    expect(await kinds(engine)).toEqual(['quoted']);
    expect(call).toBe(2);
  });

  it('compiles a version once across reloads, and again when a pool piece it inlines has a new version', async () => {
    const declineModel = (reason: string): Jdm => {
      const g = graph();
      g.chain(g.input(), g.expression('拒保', [['decline.reason', str(reason)]]), g.output());
      return g.done();
    };
    const g = graph();
    const input = g.input();
    const reference = g.expression('引用', []);
    g.chain(input, reference, g.output());
    const referring = g.done();
    Object.assign(referring.nodes.find((n) => n.id === reference)!, {
      type: 'decisionNode',
      name: '共用拒保',
      content: { key: 'pool-decline' },
    });
    const rule = (
      ruleId: string,
      version: number,
      content: Jdm,
      stage: EnabledRuleVersion['stage'],
    ): EnabledRuleVersion => ({
      ruleId,
      version,
      content,
      stage,
      rank: 1,
      insurerId: 1,
      scenes: [],
    });
    const withPiece = (version: number, reason: string): RuleSet => ({
      ...seeded(),
      rules: [
        ...seeded().rules,
        rule('pool-decline', version, declineModel(reason), 'pool'),
        rule('uses-pool', 1, referring, 'eligibility'),
      ],
    });
    let set = withPiece(3, '旧版共用规则拒保');
    engine = createRulesEngine(async () => set);
    const reasons = async () => [
      ...new Set(
        (await engine!.quoteLines(lines, application, 1, context)).map((a) => (a.kind === 'quoted' ? null : a.reason)),
      ),
    ];

    const compiled = vi.spyOn(ZenEngine.prototype, 'createDecision');
    expect(await reasons()).toEqual(['旧版共用规则拒保']);
    const firstLoad = compiled.mock.calls.length;
    expect(firstLoad).toBeGreaterThan(0);

    engine.invalidate();
    expect(await reasons()).toEqual(['旧版共用规则拒保']);
    expect(compiled.mock.calls.length).toBe(firstLoad);

    set = withPiece(4, '新版共用规则拒保');
    engine.invalidate();
    expect(await reasons()).toEqual(['新版共用规则拒保']);
    expect(compiled.mock.calls.length).toBeGreaterThan(firstLoad);
  });
});
