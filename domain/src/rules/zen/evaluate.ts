import { ZenEngine } from '@gorules/zen-engine';
import type { Jdm } from '../jdm.ts';
import { engineMillis, RULE_TIMEOUT_MS } from './zen.ts';

/**
 * One enabled rule version evaluated on one input, without a trace: the command side's use of a rule it
 * read from the rule streams (the 退保规则, ordering/cancellation.ts). Null when the engine cannot.
 */
const zen = new ZenEngine();

export const evaluateRuleContent = async (content: Jdm, input: Record<string, unknown>): Promise<unknown> => {
  try {
    const response = await zen.createDecision(content).evaluate(input);
    return engineMillis(response.performance) > RULE_TIMEOUT_MS ? null : (response.result as unknown);
  } catch {
    return null;
  }
};
