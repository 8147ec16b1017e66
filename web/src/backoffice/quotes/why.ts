/**
 * 为何是这个价格: the answer of GET /api/v1/uav/backoffice/quote/why in the words staff read, the
 * rule versions that rated a quote line and the engine's compact trace, one row per evaluated node.
 */
import type { RuleRef, TraceStep } from '@feibao/domain/rules/rating';

export const whyPath = '/api/v1/uav/backoffice/quote/why';

export type QuoteWhy = {
  orderId: string;
  requestId: string;
  insurerId: number;
  insurerName: string;
  key: string;
  coverName: string;
  droneName: string | null;
  quote: { kind: string; premium?: number; deductible?: string; reason?: string };
  /** name: the rule's name on the rule platform today (null for a rule no longer defined). */
  rules: (RuleRef & { name?: string | null })[];
  trace: TraceStep[];
};

/** The names the answer carries (the rule platform's, today's), by rule id; a rule no longer defined shows its id. */
export const namesOf = (why: Pick<QuoteWhy, 'rules'>) =>
  new Map(why.rules.flatMap((r) => (r.name ? [[r.ruleId, r.name] as const] : [])));

export const ruleRefText = (ref: RuleRef) => `${ref.ruleId}@${ref.version}`;

// The trace's words are shared with the rule platform's trace tables (web/src/shared/trace).
export { matchedText, outputText, type TraceRow, traceRows } from '../../shared/trace/trace.ts';

/** A line answered by a person names no rules: the panel says so rather than showing an empty table. */
export const answeredByRules = (why: Pick<QuoteWhy, 'rules'>) => why.rules.length > 0;
