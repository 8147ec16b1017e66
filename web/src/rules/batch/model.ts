import { visibleInsurers } from '@feibao/domain/ordering/catalogue';
import type {
  BatchTestRunDetail,
  BatchTestRunSummary,
  BatchTestStatus,
  CaseOutcome,
  ComparedCase,
} from '@feibao/domain/rules/batchTests';
import type { CaseExpectation } from '@feibao/domain/rules/cases';

/** Wire shapes of docs/api/rules-batch-tests.md. */
export type RuleCaseRow = {
  caseId: string;
  name: string;
  form: unknown;
  expected: CaseExpectation;
  orderId: string | null;
  updatedBy: string;
  updatedAt: string;
};
export type RunSummary = BatchTestRunSummary;
export type RunDetail = BatchTestRunDetail;
export type Comparison = { left: RunSummary; right: RunSummary; cases: ComparedCase[] };

export const runStatusLabels: Record<BatchTestStatus, string> = {
  queued: '排队中',
  running: '运行中',
  done: '已完成',
  failed: '失败',
};
export const runStatusIntents: Record<BatchTestStatus, 'none' | 'primary' | 'success' | 'danger'> = {
  queued: 'none',
  running: 'primary',
  done: 'success',
  failed: 'danger',
};

export const insurerName = (id: string) => visibleInsurers.find((i) => String(i.id) === id)?.name ?? `保险公司${id}`;

export const formatRate = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);
export const formatMoney = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? '未报价' : amount.toFixed(2);
export const formatDelta = (delta: number | null | undefined) =>
  delta === null || delta === undefined ? '—' : delta > 0 ? `+${delta.toFixed(2)}` : delta.toFixed(2);

/**
 * A compared case differs when only one run has it, its pass or referral changed, or an insurer's
 * premium moved; an insurer unpriced in both runs (delta null) is no change.
 */
export const caseChanged = (c: ComparedCase) =>
  !c.left ||
  !c.right ||
  c.passChanged ||
  c.referralChanged ||
  Object.entries(c.premiumDeltas).some(([id, d]) =>
    d === null ? (c.left!.actual.premiums[id] ?? null) !== (c.right!.actual.premiums[id] ?? null) : d !== 0,
  );

/** A run still moving: its list refreshes until it ends. */
export const isActive = (run: Pick<RunSummary, 'status'>) => run.status === 'queued' || run.status === 'running';

export const progressOf = (run: Pick<RunSummary, 'progress' | 'total'>) =>
  run.total === 0 ? 1 : Math.min(1, run.progress / run.total);

/** One line per insurer: "人保财险 4336.33". */
export const premiumsText = (premiums: CaseOutcome['premiums'] | CaseExpectation['premiums']) =>
  Object.entries(premiums)
    .map(([id, amount]) => `${insurerName(id)} ${formatMoney(amount)}`)
    .join('；') || '—';

/**
 * The case form's premium fields (text per insurer) → expected premiums; a blank field expects
 * nothing of that insurer.
 */
export const expectedPremiums = (
  fields: Record<string, string>,
): { ok: true; premiums: Record<string, number> } | { ok: false; message: string } => {
  const premiums: Record<string, number> = {};
  for (const [id, raw] of Object.entries(fields)) {
    const text = raw.trim();
    if (!text) continue;
    const amount = Number(text);
    if (!Number.isFinite(amount) || amount < 0) return { ok: false, message: `${insurerName(id)}的预期保费不正确` };
    premiums[id] = amount;
  }
  return { ok: true, premiums };
};
