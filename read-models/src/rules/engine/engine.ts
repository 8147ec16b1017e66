import { ZenDecisionContent, ZenEngine } from '@gorules/zen-engine';
import { LRUCache } from 'lru-cache';
import { buildPlanLines, type PlanLine } from '@feibao/domain/ordering/plan';
import {
  byRank,
  isPipelineStage,
  PipelineStages,
  ruleApplies,
  type PipelineStage,
} from '@feibao/domain/rules/definition';
import {
  combineVerdicts,
  limitFacts,
  lineFacts,
  PRICE_RANGE_RULE_ID,
  ENDORSEMENT_RULE_ID,
  verdictOf,
  type InsurerLimit,
  type RuleHit,
  type RuleRef,
} from '@feibao/domain/rules/rating';
import { joinable } from '@feibao/domain/rules/joined';
import { inlinePool, poolReferences, type Jdm } from '@feibao/domain/rules/jdm';
import { visibleInsurers } from '@feibao/domain/ordering/catalogue';
import type { LineAnswer } from '@feibao/domain/ordering/order.events';
import { defaultEndorsementTerms, type EndorsementTerms } from '@feibao/domain/ordering/endorsementPricing';
import type { OrderForm } from '@feibao/domain/ordering/form';
import type { RiskEffect } from '@feibao/domain/rules/config';
import type { RatingContext } from '@feibao/domain/rating/types';
import { logger } from '@feibao/platform/logger';
import {
  createEvaluator,
  type Compiled,
  type Evaluation,
  type Evaluations,
  type LineEvaluator,
  type Outcome,
} from './evaluate.ts';
import type { EnabledRuleVersion, RuleMessage, RuleSet, RuleSource } from './ruleSet.ts';

/**
 * Quoting on GoRules ZEN (docs/adr/0007-rules-on-zen.md). The rule set (enabled versions with their
 * stages, limits, stage orders, messages and risk levels) comes from the read models through
 * `source` and is cached, compiled, until `invalidate` (the loader calls it on the projections'
 * notification, loader.ts). A line runs through its insurer's stages (docs/api/
 * rules-definitions.md).
 */

/** The enabled set as a quote uses it. */
type Loaded = {
  byId: Map<string, Compiled>;
  /** Per pipeline stage, its rules in rank order. */
  stages: Map<PipelineStage, Compiled[]>;
  limits: Map<string, InsurerLimit>;
  stagePlans: Map<number, PipelineStage[]>;
  messages: Map<string, RuleMessage>;
  risks: Map<string, RiskEffect>;
  /** The scenes some rule is limited to: any other scene is rated as no scene. */
  scenes: Set<string>;
  /** Per insurer and scene, the rules a line runs through and how they are evaluated (evaluate.ts). */
  pipelines: Map<string, Pipeline>;
  pool: Pool;
};
/** The enabled pool pieces (stage `pool`), which rules refer to by rule id and the engine inlines. */
type Pool = { models: Map<string, Jdm>; versions: Map<string, RuleRef> };
/** `hit`: what the rule's `hit: true` does, from its risk level and message (fixed for the loaded set). */
type Pipeline = { steps: { stage: PipelineStage; rule: Compiled; hit: RuleHit }[]; evaluate: LineEvaluator };
const limitKey = (insurerId: number, coverId: number) => `${insurerId}-${coverId}`;

export const createRulesEngine = (source: RuleSource) => {
  const zen = new ZenEngine();
  const { evaluate, lineEvaluator } = createEvaluator(zen);
  let enabled: Promise<Loaded> | null = null;

  /**
   * A version never changes, nor does a pool piece version it inlines, so a compiled version is kept
   * (up to 512) by those versions across loads of the enabled set: a reload (on every change, and
   * once a minute) compiles only versions it has not seen, instead of every enabled one again.
   */
  const builds = new LRUCache<string, Pick<Compiled, 'content' | 'decision' | 'pool' | 'joinable' | 'versions'>>({
    max: 512,
  });
  /** The pool piece versions a model refers to, nested ones included (`inlinePool` refuses cycles; this only stops at them). */
  const poolRefs = (content: Jdm, pool: Pool, trail: readonly string[] = []): RuleRef[] =>
    poolReferences(content).flatMap((key) => {
      const ref = pool.versions.get(key);
      const model = pool.models.get(key);
      return ref && model && !trail.includes(key) ? [ref, ...poolRefs(model, pool, [...trail, key])] : [];
    });
  const compile = (rule: EnabledRuleVersion, pool: Pool): Compiled => {
    const refs = poolRefs(rule.content, pool);
    const versions = [rule, ...refs].map((r) => `${r.ruleId}@${r.version}`).join('+');
    let build = builds.get(versions);
    if (!build) {
      const content = inlinePool(rule.content, (k) => pool.models.get(k) ?? null);
      build = {
        content,
        decision: zen.createDecision(new ZenDecisionContent(content as never)),
        pool: refs,
        joinable: joinable(content),
        versions,
      };
      builds.set(versions, build);
    }
    return { ...rule, ...build };
  };

  const build = (set: RuleSet): Loaded => {
    const pieces = set.rules.filter((r) => r.stage === 'pool');
    const pool: Pool = {
      models: new Map(pieces.map((r) => [r.ruleId, r.content])),
      versions: new Map(pieces.map((r) => [r.ruleId, { ruleId: r.ruleId, version: r.version }])),
    };
    const byId = new Map<string, Compiled>();
    for (const rule of set.rules) {
      if (rule.stage === 'pool') continue;
      try {
        byId.set(rule.ruleId, compile(rule, pool));
      } catch (err) {
        // A version the engine cannot load rates nothing; its lines go to an underwriter.
        logger.error({ err, ruleId: rule.ruleId, version: rule.version }, 'enabled rule version does not compile');
      }
    }
    const stages = new Map<PipelineStage, Compiled[]>(
      PipelineStages.map((stage) => [stage, [...byId.values()].filter((r) => r.stage === stage).sort(byRank)]),
    );
    return {
      byId,
      stages,
      pool,
      limits: new Map(set.limits.map((l) => [limitKey(l.insurerId, l.coverId), l])),
      stagePlans: new Map(set.stagePlans.map((p) => [p.insurerId, p.stages.filter(isPipelineStage)])),
      messages: new Map((set.messages ?? []).map((m) => [m.code, m])),
      risks: new Map((set.risks ?? []).map((r) => [r.code, r.effect])),
      scenes: new Set([...byId.values()].flatMap((r) => r.scenes)),
      pipelines: new Map(),
    };
  };

  /** Counts invalidations, so a background refresh that started before one does not put back what it replaced. */
  let generation = 0;
  const load = () => {
    if (!enabled) {
      const loading = source().then(build);
      enabled = loading;
      // A failed load is tried again by the next quote (the failure itself reaches the callers).
      loading.catch(() => {
        if (enabled === loading) enabled = null;
      });
    }
    return enabled;
  };

  /**
   * The 规则提示语 the customer reads for a referral or decline: the message the deciding rule's
   * output names (`referral.message`, `decline.message`), else its definition's; none when the
   * dictionary has no enabled entry for it (the rule's own reason is shown then).
   */
  const customerText = (
    loaded: Loaded,
    quote: { kind: string; reason?: string },
    steps: { rule: Compiled }[],
    verdicts: { verdict: unknown }[],
    evaluations: Outcome[],
  ): string | undefined => {
    const i = verdicts.findIndex((v) => {
      const verdict = v.verdict as { kind?: string; reason?: string } | null;
      return (
        verdict !== null &&
        typeof verdict === 'object' &&
        verdict.kind === quote.kind &&
        verdict.reason === quote.reason
      );
    });
    if (i < 0) return undefined;
    const output = ((evaluations[i] as Evaluation).output ?? {}) as {
      referral?: { message?: unknown };
      decline?: { message?: unknown };
    };
    const named = quote.kind === 'declined' ? output.decline?.message : output.referral?.message;
    const code = typeof named === 'string' ? named : (steps[i]!.rule.message ?? null);
    return code ? loaded.messages.get(code)?.customerText : undefined;
  };

  /** A rule's risk level's effect, for outputs that only say `hit: true` (domain rules/rating.ts). */
  const hitOf = (loaded: Loaded, rule: Compiled) => ({
    effect: rule.risk ? (loaded.risks.get(rule.risk) ?? null) : null,
    fallback: (rule.message ? loaded.messages.get(rule.message)?.staffText : undefined) ?? `命中规则${rule.ruleId}`,
  });

  type Rating = { loaded: Loaded; form: OrderForm; context: RatingContext; traced: boolean; memo: Evaluations };

  /** The insurer's stages in its order, in each the rules that apply to the insurer and the scene. */
  const pipelineOf = (loaded: Loaded, insurerId: number, field: string | null): Pipeline => {
    // The application field is free text: keyed by it as typed, the cache would grow with every new spelling.
    const scene = field !== null && loaded.scenes.has(field) ? field : null;
    const key = `${insurerId}|${scene ?? ''}`;
    let found = loaded.pipelines.get(key);
    if (!found) {
      const order = loaded.stagePlans.get(insurerId) ?? PipelineStages;
      const steps = order.flatMap((stage) =>
        (loaded.stages.get(stage) ?? [])
          .filter((rule) => ruleApplies(rule, insurerId, scene))
          .map((rule) => ({ stage, rule, hit: hitOf(loaded, rule) })),
      );
      found = { steps, evaluate: lineEvaluator(steps.map((s) => s.rule)) };
      loaded.pipelines.set(key, found);
    }
    return found;
  };

  /** One line for one insurer: its pipeline's rules evaluated on the line's facts, read in pipeline order. */
  const rateLine = async (
    { loaded, form, context, traced, memo }: Rating,
    insurerId: number,
    line: PlanLine,
  ): Promise<LineAnswer> => {
    const { steps, evaluate: evaluateLine } = pipelineOf(loaded, insurerId, form.flyingInfo.applicationField ?? null);
    // Every stage sees the insurer's limit for the cover, so one set of facts serves the whole line.
    const facts = limitFacts(
      lineFacts(line, form, context),
      loaded.limits.get(limitKey(insurerId, line.insuranceTypeInfoId)) ?? null,
    );
    const evaluations = await evaluateLine(facts, traced, memo);
    const ran = evaluations.filter((e): e is Evaluation => e !== null && e !== 'failed');
    const verdicts = steps.map((s, i) => ({
      stage: s.stage,
      verdict:
        evaluations[i] === 'failed'
          ? ('failed' as const)
          : evaluations[i]
            ? verdictOf(s.stage, (evaluations[i] as Evaluation).output, s.hit)
            : null,
    }));
    const quote = combineVerdicts(verdicts);
    const customerReason =
      quote.kind === 'quoted' ? undefined : customerText(loaded, quote, steps, verdicts, evaluations);
    return {
      key: line.key,
      ...quote,
      ...(customerReason ? { customerReason } : {}),
      rules: ran.flatMap((e) => [e.ref, ...e.pool]),
      trace: ran.flatMap((e) => e.trace),
      ...(traced ? { ratedOn: context.today } : {}),
    };
  };

  /**
   * All lines of a request are started at once, one engine call each: most of a call's time is the
   * hop to the native pool and back, which overlaps (bench/notes.md, "Rule engine speed").
   */
  const rateLines = (rating: Rating, lines: readonly PlanLine[], insurerId: number): Promise<LineAnswer[]> =>
    Promise.all(lines.map((line) => rateLine(rating, insurerId, line)));

  return {
    /** One insurer's answer for each stored plan line, with the versions that rated it and their trace. */
    async quoteLines(
      lines: readonly PlanLine[],
      form: OrderForm,
      insurerId: number,
      context: RatingContext,
    ): Promise<LineAnswer[]> {
      return rateLines({ loaded: await load(), form, context, traced: true, memo: new Map() }, lines, insurerId);
    },

    /**
     * The education package's price range over the visible insurers, by the same rules as the
     * real quotes; the range itself is the price-range rule's. Expects a normalised form.
     */
    async priceRange(
      form: OrderForm,
      context: RatingContext,
    ): Promise<{ minPrice: number; maxPrice: number; rules: RuleRef[] }> {
      const lines = buildPlanLines(form);
      if (lines.length === 0) return { minPrice: 0, maxPrice: 0, rules: [] };
      // Nothing of a price range is recorded, so no trace; the insurers are rated side by side.
      const rating: Rating = { loaded: await load(), form, context, traced: false, memo: new Map() };
      const insurers = await Promise.all(
        visibleInsurers.map(async (insurer) => {
          const answers = await rateLines(rating, lines, insurer.id);
          return {
            insurerId: insurer.id,
            premiums: answers.flatMap((a) => (a.kind === 'quoted' ? [a.premium] : [])),
            rules: answers.flatMap((a) => a.rules ?? []),
          };
        }),
      );
      const range = await evaluate(
        rating.loaded.byId.get(PRICE_RANGE_RULE_ID),
        { insurers: insurers.map(({ insurerId, premiums }) => ({ insurerId, premiums })) },
        false,
      );
      if (range === null || range === 'failed') throw new Error('price-range rule is not enabled or failed');
      const output = range.output as { minPrice?: unknown; maxPrice?: unknown };
      const used = new Map<string, RuleRef>();
      for (const ref of [...insurers.flatMap((i) => i.rules), range.ref]) used.set(`${ref.ruleId}@${ref.version}`, ref);
      return {
        minPrice: Number(output.minPrice ?? 0),
        maxPrice: Number(output.maxPrice ?? 0),
        rules: [...used.values()],
      };
    },

    /** One enabled rule on its own (a non-pipeline stage such as 退保规则): its version and answer, or null/'failed'. */
    async evaluateEnabled(
      ruleId: string,
      input: unknown,
    ): Promise<{ ref: RuleRef; output: unknown } | null | 'failed'> {
      const outcome = await evaluate((await load()).byId.get(ruleId), input, false);
      return outcome === null || outcome === 'failed' ? outcome : { ref: outcome.ref, output: outcome.output };
    },

    /**
     * The insurer's 批改规则 (stage endorsement): minimum extra and return premium, the amount referred to an
     * underwriter. Without an enabled version (or when it fails) none: no minimum, nothing referred for its size.
     */
    async endorsementTerms(insurerId: number): Promise<EndorsementTerms & { rules: RuleRef[] }> {
      const loaded = await load();
      const outcome = await evaluate(loaded.byId.get(ENDORSEMENT_RULE_ID), { insurerId }, false);
      if (outcome === null || outcome === 'failed') return { ...defaultEndorsementTerms, rules: [] };
      const out = (outcome.output ?? {}) as Record<string, unknown>;
      const amount = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);
      return {
        minimumExtra: amount(out.minimumExtra) ?? 0,
        minimumReturn: amount(out.minimumReturn) ?? 0,
        referAbove: amount(out.referAbove),
        rules: [outcome.ref],
      };
    },

    /** Re-evaluates one rule version on given input with the full trace, for "why this premium". */
    async explain(rule: RuleRef & { content: Jdm }, input: unknown) {
      const { pool } = await load();
      const response = await compile(
        { stage: 'rating', rank: 0, insurerId: null, scenes: [], ...rule },
        pool,
      ).decision.evaluate(input, { trace: true });
      return { output: response.result as unknown, trace: response.trace };
    },

    /** The enabled versions changed: the next quote loads them again (and waits for them). */
    invalidate() {
      generation++;
      enabled = null;
    },
    /**
     * Loads the enabled set again in the background and swaps it in when it is ready, while quotes go
     * on with the set they have: for the periodic reload that catches a missed notification, where no
     * change is known, so no quote need wait for the read model and the compiler.
     */
    refresh() {
      if (!enabled) return;
      const started = generation;
      source()
        .then(build)
        .then(
          (loaded) => {
            if (generation === started) enabled = Promise.resolve(loaded);
          },
          (err: unknown) =>
            logger.warn({ err }, 'reloading the enabled rules failed; quotes go on with the set loaded before'),
        );
    },
    async enabledVersions(): Promise<RuleRef[]> {
      return [...(await load()).byId.values()].map(({ ruleId, version }) => ({ ruleId, version }));
    },
    dispose() {
      zen.dispose();
    },
  };
};
export type RulesEngine = ReturnType<typeof createRulesEngine>;
