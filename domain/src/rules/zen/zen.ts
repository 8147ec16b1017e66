import { ZenEngine } from '@gorules/zen-engine';
import type { Jdm } from '../jdm.ts';

/** The engine-level guards and helpers every use of ZEN shares: quoting (read-models rules/engine), 试算 (tryout.ts), drafts. */

/**
 * A rule whose evaluation takes the engine longer than this counts as failed and its line goes to
 * an underwriter. ZEN cannot abort a decision (only JavaScript function nodes, which rating rules
 * may not use), so this is checked on the time the engine reports, which leaves out the wait for
 * a thread of the native pool. It guards against a runaway model, not a busy host: a seeded rule
 * takes well under a millisecond, yet on a loaded 2-core machine the engine's clock has reported
 * 60–460 ms, and a 50 ms bound then sent healthy quotes to underwriters at random.
 */
export const RULE_TIMEOUT_MS = 1000;

/** ZEN reports its time as text ("163.1µs", "1.2ms", "2s"). */
export const engineMillis = (performance: string): number => {
  const match = /^([\d.]+)\s*(ns|µs|us|ms|s)$/.exec(performance.trim());
  if (!match) return 0;
  const value = Number(match[1]);
  const unit = match[2];
  return unit === 's' ? value * 1000 : unit === 'ms' ? value : unit === 'ns' ? value / 1e6 : value / 1000;
};

const checker = new ZenEngine();
/** Why the engine cannot load this model (its own message), or null. */
export const ruleContentError = (content: Jdm): string | null => {
  try {
    checker.createDecision(content).validate();
    return null;
  } catch (error) {
    return String((error as Error).message ?? error)
      .split('\n')[0]!
      .slice(0, 300);
  }
};
