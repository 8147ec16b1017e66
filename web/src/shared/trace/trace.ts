/**
 * An engine trace (one row per evaluated node) in the words its readers use. The rule platform's
 * authors read it as the engine wrote it; the back office's staff read table rows counted from 1
 * and outputs as "premium = 4336.33".
 */
import type { TraceStep } from '@feibao/domain/rules/rating';

export const traceTypeLabels: Record<string, string> = {
  decisionTable: '决策表',
  switch: '分支',
  expression: '表达式',
};

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

/** Staff's words: rule names where known, types in Chinese, rows counted from 1, outputs spelt out. */
export const traceRows = (trace: readonly TraceStep[], names: ReadonlyMap<string, string> = new Map()): TraceRow[] =>
  trace.map((s) => ({
    rule: s.rule,
    ruleName: names.get(s.rule) ?? s.rule,
    node: s.node,
    type: traceTypeLabels[s.type] ?? s.type,
    matched: matchedText(s),
    output: outputText(s.output),
  }));

/** The authors' words: ids and row keys as the engine wrote them, the output as JSON. */
export const engineRows = (trace: readonly TraceStep[]): TraceRow[] =>
  trace.map((s) => ({
    rule: s.rule,
    ruleName: s.rule,
    node: s.node,
    type: traceTypeLabels[s.type] ?? s.type,
    matched: s.matched ?? '—',
    output: s.output ? JSON.stringify(s.output) : '—',
  }));
