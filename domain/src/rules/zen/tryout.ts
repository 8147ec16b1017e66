import { ZenEngine } from '@gorules/zen-engine';
import { invalid } from '../../shared/errors.ts';
import type { Jdm } from '../jdm.ts';
import { compactTrace, type EngineTraceEntry, type TraceStep } from '../rating.ts';
import { engineMillis, RULE_TIMEOUT_MS } from './zen.ts';

/**
 * 试算 in the rule editor: one unsaved model evaluated on one input, with its trace. A separate
 * engine instance, so a model nobody has reviewed never shares compiled state with quoting.
 */
const zen = new ZenEngine();

export type Tryout = { output: unknown; trace: TraceStep[]; performance: string };

/** The label a tryout's trace steps carry in place of a rule id. */
export const TRYOUT_RULE = '试算';

const firstLine = (error: unknown) =>
  String((error as Error)?.message ?? error)
    .split('\n')[0]!
    .slice(0, 300);

/** Evaluates `content` (already checked by jdmProblem and ruleContentError) on `input`; failures are 40000s. */
export const tryRuleContent = async (content: Jdm, input: Record<string, unknown>): Promise<Tryout> => {
  let response: Awaited<ReturnType<ReturnType<ZenEngine['createDecision']>['evaluate']>>;
  try {
    response = await zen.createDecision(content).evaluate(input, { trace: true });
  } catch (error) {
    throw invalid(`规则试算失败：${firstLine(error)}`);
  }
  // Like quoting (engine.ts): ZEN cannot abort, so the reported time is checked afterwards.
  if (engineMillis(response.performance) > RULE_TIMEOUT_MS)
    throw invalid(`规则试算失败：执行超过${RULE_TIMEOUT_MS}毫秒`);
  const trace = compactTrace(TRYOUT_RULE, content, response.trace as Record<string, EngineTraceEntry> | undefined);
  return { output: response.result as unknown, trace, performance: response.performance };
};
