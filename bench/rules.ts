/**
 * The rule engine part of the benchmark (called from ./run.ts; `BENCH_RULES_ONLY=1 npm run bench`
 * runs it alone): in process, on the seeded rule versions, no database.
 *
 *   (g) a whole quote as the quoting worker asks for it: one insurer, every line of the form, with
 *       the compact trace the quote keeps (three rules a line, joined into one engine call a line,
 *       docs/adr/0014); all seven insurers × the general and the training fixture
 *   (g) the same seven quotes of one inquiry at once, and the education package's price range
 *
 * Every figure is read against baselines taken in the same run, on the same (shared) machine:
 * one trivial ZEN evaluation (input node → output node) and the former way of rating (each
 * line's two rules one after the other, the trace built as objects by the native binding).
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { ZenEngine, type ZenDecision } from '@gorules/zen-engine';
import { buildPlanLines } from '@feibao/domain/ordering/plan';
import {
  compactTrace,
  REFERRAL_RULE_ID,
  referralInput,
  tariffInput,
  PRICE_RANGE_RULE_ID,
  ratingMessages,
  tariffRuleId,
  type EngineTraceEntry,
} from '@feibao/domain/rules/rating';
import { seededRules, seededRuleSet } from '@feibao/domain/rules/seed/seededRules';
import { visibleInsurers } from '@feibao/domain/ordering/catalogue';
import type { Jdm } from '@feibao/domain/rules/jdm';
import type { OrderForm } from '@feibao/domain/ordering/form';
import { generalApplication, prepared, trainingApplication } from '@feibao/domain/ordering/fixtures';
import { newHistogram, recordMs, round, summary, type Latency } from './lib.ts';
import { createRulesEngine } from '@feibao/read-models/rules/engine/engine';

/** `errors`: lines the engine failed to rate (an evaluation over RULE_TIMEOUT_MS on a busy machine sends its line to manual). */
export type RuleMeasurement = Latency & {
  evaluationsPerSecond: number;
  perSecond: number;
  seconds: number;
  timesTrivial: number;
  cpuMs: number;
  errors: number;
};
export type RuleResults = {
  /** When and under what load (1 min average, this machine is shared) the rule engine was measured. */
  measuredAt: string;
  loadAverage: number[];
  /** Share of all cores idle in the second before measuring, and how long the bench waited for it (see `quiet`). */
  idleBefore?: number;
  waitedSeconds?: number;
  rounds: number;
  /** Rule evaluations in one quote of each fixture (three per line: referral, tariff and limits). */
  evaluationsPerQuote: { general: number; training: number };
  trivial: Latency & { perSecond: number; cpuMs: number };
  before: RuleMeasurement;
  quote: RuleMeasurement;
  inquiry: RuleMeasurement;
  priceRangeBefore: RuleMeasurement;
  priceRange: RuleMeasurement;
};

const context = { today: '2026-11-23' };

/** The machine's idle share over `ms` (Linux /proc/stat: the idle and iowait columns of all cores). */
const idleShare = async (ms: number) => {
  const sample = () => {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { idle: cpu[3]! + (cpu[4] ?? 0), total: cpu.reduce((a, b) => a + b, 0) };
  };
  const a = sample();
  await sleep(ms);
  const b = sample();
  return b.total > a.total ? (b.idle - a.idle) / (b.total - a.total) : 1;
};

/**
 * The rule loops measure CPU work in this process, so they wait (at most 90 s) until 90 % of the
 * machine is idle: after the loops and Lighthouse before them, PostgreSQL's autovacuum and
 * checkpoints and Chromium's exit otherwise run during the measurement (the rows say how idle it was).
 */
const quiet = async (log: (line: string) => void) => {
  const started = performance.now();
  let idle = await idleShare(1000);
  while (idle < 0.9 && performance.now() - started < 90_000) idle = await idleShare(1000);
  const waitedSeconds = round((performance.now() - started) / 1000, 1);
  log(`(g) machine ${round(idle * 100, 0)} % idle after ${waitedSeconds} s`);
  return { idleBefore: round(idle, 2), waitedSeconds };
};

/**
 * A full collection before each measured loop, so the garbage one loop leaves (the former way of
 * rating builds its traces as objects) is not collected during the next one's measurement.
 */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/**
 * Calls `call` `count` times one after the other, timing each, after as many calls again as a
 * warm-up (as the service loops do, bench/orders.ts `measured`): the quoting worker is long-lived,
 * and V8 is still compiling the quote's path on the second core well after its first few hundred
 * quotes. With a tenth as warm-up the slowest quotes came two to three times as often in the first
 * tenth of the loop as later, and the p99 of 2,800 quotes was 0.96–1.08 ms against 0.63–0.86 ms
 * warm, at the same p50 (bench/notes.md "Rule engine speed, stop 25").
 */
const serially = async (count: number, call: (i: number) => Promise<unknown>) => {
  collectGarbage();
  for (let i = 0; i < count; i++) await call(i);
  const h = newHistogram();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await call(i);
    recordMs(h, performance.now() - t0);
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  // Of every thread of the process, the native pool's included: less sensitive to other load than the wall clock.
  const cpuMs = (used.user + used.system) / 1000 / count;
  return { ...summary(h), seconds, perSecond: count / seconds, cpuMs };
};

/** The engine as it was before (services/platform/src/rules/engine.ts at commit 8b5cf82): per line tariff then referral, awaited in turn, `trace: true`. */
const formerQuote =
  (decisions: Map<string, { decision: ZenDecision; content: Jdm }>) => async (form: OrderForm, insurerId: number) => {
    let evaluations = 0;
    for (const line of buildPlanLines(form)) {
      for (const [ruleId, input] of [
        [tariffRuleId(insurerId), tariffInput(line, form, context)],
        [REFERRAL_RULE_ID, referralInput(line, form)],
      ] as const) {
        const rule = decisions.get(ruleId);
        if (!rule) continue;
        const response = await rule.decision.evaluate(input, { trace: true });
        compactTrace(ruleId, rule.content, response.trace as Record<string, EngineTraceEntry> | undefined);
        evaluations++;
      }
    }
    return evaluations;
  };

export const measureRules = async ({
  rounds,
  log,
}: {
  rounds: number;
  log: (line: string) => void;
}): Promise<RuleResults> => {
  const seeded = seededRules();
  const engine = createRulesEngine(async () => seededRuleSet());
  const zen = new ZenEngine();
  try {
    const quietness = process.platform === 'linux' ? await quiet(log) : {};
    const decisions = new Map(
      seeded.map((r) => [r.ruleId, { decision: zen.createDecision(r.content), content: r.content }]),
    );
    const trivialDecision = zen.createDecision({
      nodes: [
        { id: 'in', type: 'inputNode', name: '请求', position: { x: 0, y: 0 } },
        { id: 'out', type: 'outputNode', name: '结果', position: { x: 200, y: 0 } },
      ],
      edges: [{ id: 'e', type: 'edge', sourceId: 'in', targetId: 'out' }],
    });
    const forms = { general: prepared(generalApplication()), training: prepared(trainingApplication()) };
    const cases = [forms.general, forms.training].flatMap((form) =>
      visibleInsurers.map((insurer) => ({ form, insurerId: insurer.id })),
    );
    // Three per line: the referral, the insurer's tariff and the limits rule (bench/notes.md "Rule engine speed").
    const evaluationsPerQuote = {
      general: 3 * buildPlanLines(forms.general).length,
      training: 3 * buildPlanLines(forms.training).length,
    };
    const evaluationsOf = (form: OrderForm) =>
      form === forms.general ? evaluationsPerQuote.general : evaluationsPerQuote.training;

    // Each quote must be a real one: every line rated by the referral rule, the insurer's tariff and the limits rule.
    for (const { form, insurerId } of cases) {
      const answers = await engine.quoteLines(buildPlanLines(form), form, insurerId, context);
      if (answers.some((a) => a.rules?.length !== 3 || a.trace?.length === 0))
        throw new Error(`insurer ${insurerId}: a line was not rated by all three rules`);
    }

    log(`(g) rule engine: ${rounds} rounds of ${cases.length} quotes (7 insurers × general and training fixture)`);
    const trivialRun = await serially(rounds * cases.length, () => trivialDecision.evaluate({ quantity: 1 }));
    const trivial = {
      ...pickLatency(trivialRun),
      perSecond: round(trivialRun.perSecond, 0),
      cpuMs: round(trivialRun.cpuMs, 3),
    };
    const measured = async (
      count: number,
      evaluationsPerCall: (i: number) => number,
      call: (i: number) => Promise<unknown>,
    ): Promise<RuleMeasurement> => {
      let errors = 0;
      const failedLines = (answer: unknown): number =>
        Array.isArray(answer)
          ? answer.reduce<number>((n, a) => n + failedLines(a), 0)
          : (answer as { reason?: string } | undefined)?.reason === ratingMessages.engineFailed
            ? 1
            : 0;
      const run = await serially(count, async (i) => {
        errors += failedLines(await call(i));
      });
      let evaluations = 0;
      for (let i = 0; i < count; i++) evaluations += evaluationsPerCall(i);
      return {
        ...pickLatency(run),
        seconds: round(run.seconds, 2),
        perSecond: round(run.perSecond, 0),
        evaluationsPerSecond: round(evaluations / run.seconds, 0),
        timesTrivial: round(run.p50 / trivial.p50, 1),
        cpuMs: round(run.cpuMs, 3),
        errors,
      };
    };
    const caseOf = (i: number) => cases[i % cases.length]!;
    const former = formerQuote(decisions);
    const before = await measured(
      rounds * cases.length,
      (i) => evaluationsOf(caseOf(i).form),
      (i) => former(caseOf(i).form, caseOf(i).insurerId),
    );
    const quote = await measured(
      rounds * cases.length,
      (i) => evaluationsOf(caseOf(i).form),
      (i) => {
        const { form, insurerId } = caseOf(i);
        return engine.quoteLines(buildPlanLines(form), form, insurerId, context);
      },
    );
    const formOf = (i: number) => (i % 2 === 0 ? forms.general : forms.training);
    const inquiry = await measured(
      rounds * 2,
      (i) => visibleInsurers.length * evaluationsOf(formOf(i)),
      (i) =>
        Promise.all(
          visibleInsurers.map((insurer) =>
            engine.quoteLines(buildPlanLines(formOf(i)), formOf(i), insurer.id, context),
          ),
        ),
    );
    // The price range is asked of training forms only (the education package); one more evaluation for the range rule.
    const rangeEvaluations = visibleInsurers.length * evaluationsPerQuote.training + 1;
    const rangeRule = decisions.get(PRICE_RANGE_RULE_ID)!;
    const rangeInput = {
      insurers: visibleInsurers.map((insurer) => ({ insurerId: insurer.id, premiums: [1000, 2000] })),
    };
    const priceRangeBefore = await measured(
      rounds,
      () => rangeEvaluations,
      async () => {
        for (const insurer of visibleInsurers) await former(forms.training, insurer.id);
        await rangeRule.decision.evaluate(rangeInput, { trace: true });
      },
    );
    const priceRange = await measured(
      rounds,
      () => rangeEvaluations,
      () => engine.priceRange(forms.training, context),
    );
    const measuredAt = new Date().toISOString();
    const loadAverage = os.loadavg().map((l) => round(l, 2));
    const results = {
      measuredAt,
      loadAverage,
      ...quietness,
      rounds,
      evaluationsPerQuote,
      trivial,
      before,
      quote,
      inquiry,
      priceRangeBefore,
      priceRange,
    };
    log(
      `    one quote p50 ${quote.p50} / p99 ${quote.p99} ms (before: ${before.p50} / ${before.p99} ms); trivial evaluation p50 ${trivial.p50} ms`,
    );
    log(
      `    seven quotes at once p50 ${inquiry.p50} / p99 ${inquiry.p99} ms; price range p50 ${priceRange.p50} / p99 ${priceRange.p99} ms (before: ${priceRangeBefore.p50} / ${priceRangeBefore.p99} ms)`,
    );
    return results;
  } finally {
    zen.dispose();
    engine.dispose();
  }
};

const pickLatency = (l: Latency): Latency => ({
  count: l.count,
  p50: l.p50,
  p95: l.p95,
  p99: l.p99,
  max: l.max,
  mean: l.mean,
});

export const rulesTableRows = (r: RuleResults | undefined): string[] => {
  if (!r) return [];
  const row = (label: string, m: RuleMeasurement, extra = '') =>
    `| ${label} | ${m.perSecond.toLocaleString('en')} /s, ${m.evaluationsPerSecond.toLocaleString('en')} rule evaluations/s, ${m.cpuMs} ms CPU each${extra} | ${m.p50} ms | ${m.p95} ms | ${m.p99} ms | ${m.max} ms | ${m.count} (${m.errors}) |`;
  const e = r.evaluationsPerQuote;
  return [
    `| (g) baseline: one trivial ZEN evaluation (input → output); measured ${r.measuredAt.slice(0, 19)}Z, load average ${r.loadAverage.join(' / ')}${r.idleBefore === undefined ? '' : `, ${Math.round(r.idleBefore * 100)} % idle before (waited ${r.waitedSeconds} s)`} | ${r.trivial.perSecond.toLocaleString('en')} /s | ${r.trivial.p50} ms | ${r.trivial.p95} ms | ${r.trivial.p99} ms | ${r.trivial.max} ms | ${r.trivial.count} (0) |`,
    row(
      `(g) whole quote, one insurer × all lines (${e.general} / ${e.training} evaluations), traced — before (serial, trace objects)`,
      r.before,
      `; p50 = ${r.before.timesTrivial} trivial`,
    ),
    row(
      '(g) whole quote, one insurer × all lines, traced — now (one engine call per line, the trace from marks)',
      r.quote,
      `; p50 = ${r.quote.timesTrivial} trivial, ${round(r.before.p50 / r.quote.p50, 1)}× faster than before`,
    ),
    row('(g) the seven quotes of one inquiry at once, traced', r.inquiry, `; p50 = ${r.inquiry.timesTrivial} trivial`),
    row(
      '(g) education package price range (7 insurers × 6 lines + range rule) — before (serial, traced)',
      r.priceRangeBefore,
      `; p50 = ${r.priceRangeBefore.timesTrivial} trivial`,
    ),
    row(
      '(g) education package price range — now (one engine call per insurer and line, side by side, no trace)',
      r.priceRange,
      `; p50 = ${r.priceRange.timesTrivial} trivial, ${round(r.priceRangeBefore.p50 / r.priceRange.p50, 1)}× faster than before`,
    ),
  ];
};

/** The rule engine's goal: a whole quote evaluated in ≤ 1 ms at p99. */
export const rulesGoal = (r: RuleResults) => ({
  goal: 'whole quote (one insurer × all lines, traced) ≤ 1 ms at p99',
  value: `${r.quote.p99} ms (p50 ${r.quote.p50} ms = ${r.quote.timesTrivial} trivial evaluations; before ${r.before.p99} / ${r.before.p50} ms)`,
  met: r.quote.p99 <= 1,
});
