import { availableParallelism } from 'node:os';
import { ZenEngine } from '@gorules/zen-engine';
import type { Jdm } from '@feibao/domain';

/** The engine-level guards and helpers every use of ZEN shares: quoting (engine.ts), 试算 (tryout.ts), drafts. */

/**
 * A rule whose evaluation takes the engine longer than this counts as failed and its line goes to
 * an underwriter. ZEN cannot abort a decision (only JavaScript function nodes, which rating rules
 * may not use), so this is checked on the time the engine reports, which leaves out the wait for
 * a thread of the native pool. It guards against a runaway model, not a busy host: a seeded rule
 * takes well under a millisecond, yet on a loaded 2-core machine the engine's clock has reported
 * 60–460 ms, and a 50 ms bound then sent healthy quotes to underwriters at random.
 */
export const RULE_TIMEOUT_MS = 1000;

/**
 * Evaluations the process hands to the native pool at once. The pool runs one per thread (one
 * thread per core) and queues the rest, so a few per thread keep every thread busy between the
 * main thread's conversions: a 6-line quote (6 calls) took p99 1.2 ms with one per core and
 * 0.95 ms with four (bench/notes.md "Rule engine speed: one engine call per line"). Far more only queue
 * there instead of here, and a queue in the pool is not ours to order or bound.
 */
export const EVALUATION_SLOTS = 4 * Math.max(2, availableParallelism());

/** At most `slots` calls of `run` at once, the others in arrival order. */
export const limiter = (slots: number) => {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(run: () => Promise<T>): Promise<T> => {
    if (active < slots) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await run();
    } finally {
      // The slot passes straight to the next waiting call, so `active` stays as it is.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
};

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
