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

const typeLabels: Record<string, string> = { decisionTable: '决策表', switch: '分支', expression: '表达式' };

/** A table's rows are r0, r1, … in the model; staff count them from 1 as the editor shows them. */
export const matchedText = (step: Pick<TraceStep, 'type' | 'matched'>) => {
  if (step.matched === undefined || step.matched === '') return step.type === 'decisionTable' ? '未命中' : '—';
  const row = /^r(\d+)$/.exec(step.matched);
  return row && step.type === 'decisionTable' ? `第${Number(row[1]) + 1}行` : step.matched;
};

const valueText = (value: unknown): string => {
  if (value === null || value === undefined) return '空';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(6)));
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

/** "premium = 4336.33；deductible = 免赔10%" in the order the node gave them. */
export const outputText = (output: TraceStep['output']) => {
  const entries = Object.entries(output ?? {});
  return entries.length === 0 ? '—' : entries.map(([k, v]) => `${k} = ${valueText(v)}`).join('；');
};

export type TraceRow = { rule: string; ruleName: string; node: string; type: string; matched: string; output: string };
export const traceRows = (trace: readonly TraceStep[], names: ReadonlyMap<string, string> = new Map()): TraceRow[] =>
  trace.map((s) => ({
    rule: s.rule,
    ruleName: names.get(s.rule) ?? s.rule,
    node: s.node,
    type: typeLabels[s.type] ?? s.type,
    matched: matchedText(s),
    output: outputText(s.output),
  }));

/** A line answered by a person names no rules: the panel says so rather than showing an empty table. */
export const answeredByRules = (why: Pick<QuoteWhy, 'rules'>) => why.rules.length > 0;
