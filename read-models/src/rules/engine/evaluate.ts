import { ZenDecisionContent, type ZenDecision, type ZenEngine } from '@gorules/zen-engine';
import { LRUCache } from 'lru-cache';
import { compactTrace, type EngineTraceEntry, type RuleRef, type TraceStep } from '@feibao/domain/rules/rating';
import { joinRules, type JoinedRules } from '@feibao/domain/rules/joined';
import { logger } from '@feibao/platform/logger';
import type { EnabledRuleVersion } from './ruleSet.ts';
import { engineMillis, RULE_TIMEOUT_MS } from '@feibao/domain/rules/zen/zen';
import { EVALUATION_SLOTS, limiter } from './slots.ts';

/** An enabled version as the engine runs it: pool pieces inlined, compiled, and whether it can join a line's model. */
/** `versions`: the version and the pool piece versions it inlined (`ruleId@version+…`), which fix what it does. */
export type Compiled = EnabledRuleVersion & {
  decision: ZenDecision;
  pool: RuleRef[];
  joinable: boolean;
  versions: string;
};
export type Evaluation = { ref: RuleRef; pool: RuleRef[]; output: unknown; trace: TraceStep[] };
/** null: no rule to evaluate; 'failed': the engine could not (the line then goes to an underwriter). */
export type Outcome = Evaluation | null | 'failed';
/** Evaluations of one request by rule version and input (rules are pure: jdm.ts allows no functions). */
export type Evaluations = Map<string, Promise<Outcome>>;
type JoinedModel = { plan: JoinedRules; decision: ZenDecision };
/** Evaluates every rule of a line's pipeline on the line's facts: an outcome per rule, in pipeline order. */
export type LineEvaluator = (facts: unknown, traced: boolean, memo: Evaluations) => Promise<Outcome[]>;

const refOf = (rule: Compiled): RuleRef => ({ ruleId: rule.ruleId, version: rule.version });

export const createEvaluator = (zen: ZenEngine) => {
  const slot = limiter(EVALUATION_SLOTS);

  const run = async (decision: ZenDecision, input: unknown, traced: boolean) => {
    const response = await slot(() => decision.evaluate(input, traced ? { trace: 'string' } : undefined));
    if (engineMillis(response.performance) > RULE_TIMEOUT_MS)
      throw new Error(`rule evaluation took ${response.performance}`);
    return response;
  };

  /**
   * One rule on its own. `traced`: with the compact trace a recorded quote keeps; ZEN hands a
   * 'string' trace over as one JSON text, about half the cost of the same trace as objects.
   */
  const evaluate = async (rule: Compiled | undefined, input: unknown, traced: boolean): Promise<Outcome> => {
    if (!rule) return null;
    try {
      const response = await run(rule.decision, input, traced);
      const raw = response.trace as unknown;
      const engineTrace = typeof raw === 'string' ? (JSON.parse(raw) as Record<string, EngineTraceEntry>) : undefined;
      return {
        ref: refOf(rule),
        pool: rule.pool,
        output: response.result,
        trace: traced ? compactTrace(rule.ruleId, rule.content, engineTrace) : [],
      };
    } catch (err) {
      logger.error({ err, ruleId: rule.ruleId, version: rule.version }, 'rule evaluation failed');
      return 'failed';
    }
  };

  const evaluateOnce = (
    memo: Evaluations,
    rule: Compiled | undefined,
    input: unknown,
    traced: boolean,
  ): Promise<Outcome> => {
    if (!rule) return Promise.resolve(null);
    const key = `${rule.ruleId}@${rule.version}\n${JSON.stringify(input)}`;
    let found = memo.get(key);
    if (!found) {
      found = evaluate(rule, input, traced);
      memo.set(key, found);
    }
    return found;
  };

  /**
   * Joined models by the exact versions they are made of (a version and the pool pieces it inlined
   * never change), so the loader's reload of the enabled set (on every change, and once a minute)
   * does not make them again on the next quote of every pipeline (2–4 ms each).
   */
  const joinedModels = new LRUCache<string, { model: JoinedModel | null }>({ max: 256 });
  const join = (rules: Compiled[], traced: boolean): JoinedModel | null => {
    const key = `${traced ? 'traced' : 'bare'}|${rules.map((r) => r.versions).join(',')}`;
    const found = joinedModels.get(key);
    if (found) return found.model;
    let model: JoinedModel | null = null;
    try {
      const plan = joinRules(
        rules.map((r) => ({ ruleId: r.ruleId, model: r.content })),
        traced,
      );
      model = { plan, decision: zen.createDecision(new ZenDecisionContent(plan.model as never)) };
    } catch (err) {
      logger.error(
        { err, rules: rules.map(refOf) },
        'rules of a line could not be joined; they are evaluated one by one',
      );
    }
    joinedModels.set(key, { model });
    return model;
  };

  /**
   * How a line is evaluated by `rules` (one insurer's pipeline for one scene): every rule on the
   * same facts, in one engine call for those that can be joined (docs/adr/0014-one-engine-call-per-line.md);
   * the others, or all of them when the joined call fails, one by one as before, so a failing rule
   * fails alone. The joined models are made at first use and kept by the versions they are made of.
   */
  const lineEvaluator = (rules: Compiled[]): LineEvaluator => {
    const joining = rules.filter((r) => r.joinable);
    const models: { traced?: JoinedModel | null; bare?: JoinedModel | null } = {};
    const refs = joining.map(refOf);
    return async (facts, traced, memo) => {
      const kind = traced ? 'traced' : 'bare';
      if (models[kind] === undefined) models[kind] = joining.length > 0 ? join(joining, traced) : null;
      const line = models[kind];
      let joined: Outcome[] | null = null;
      if (line) {
        try {
          const results = line.plan.read((await run(line.decision, facts, false)).result);
          joined = joining.map(
            (rule, i): Outcome => ({
              ref: refs[i]!,
              pool: rule.pool,
              output: results[i]!.output,
              trace: results[i]!.trace,
            }),
          );
        } catch (err) {
          logger.warn({ err, rules: refs }, 'joined evaluation failed; the rules are evaluated one by one');
        }
      }
      if (joined && joining.length === rules.length) return joined;
      const found = new Map<Compiled, Outcome>(joined ? joining.map((rule, i) => [rule, joined[i]!]) : []);
      return Promise.all(rules.map((rule) => found.get(rule) ?? evaluateOnce(memo, rule, facts, traced)));
    };
  };

  return { evaluate, lineEvaluator };
};
