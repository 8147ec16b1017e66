import type { LineAnswer } from '../ordering/order.events.ts';
import { assertNever, type Decider } from '../shared/decider.ts';
import { illegalState } from '../shared/errors.ts';
import type { CaseExpectation } from './cases.ts';
import type { TraceStep } from './rating.ts';

/**
 * Batch tests (规则测试, docs/api/rules-batch-tests.md): one rule version (a draft included) rates chosen cases or the
 * last N real applications (those made before the run started, chosen by the worker: the command
 * side does not read the orders read model), with every other rule at its enabled version. A worker records the
 * results in chunks (stream `rule-test-<runId>`), so a restarted job goes on where it stopped.
 */

export const ruleTestStreamId = (runId: string) => `rule-test-${runId}`;
export const BATCH_TEST_MAX_SUBJECTS = 5_000;

export type BatchTestStatus = 'queued' | 'running' | 'done' | 'failed';
/** What the rules made of an application: referral (any line sent to an underwriter) and each insurer's total, null unless every line was priced. */
export type CaseOutcome = {
  referral: boolean;
  premiums: Record<string, number | null>;
  lines: { insurerId: number; key: string; kind: LineAnswer['kind']; premium?: number; reason?: string }[];
};
/**
 * key: `case:<caseId>` or `order:<orderId>`. pass is null for a real application (nothing is
 * expected of it). deltas: actual − expected per expected insurer, null when not priced.
 */
export type CaseResult = {
  key: string;
  name: string;
  expected: CaseExpectation | null;
  actual: CaseOutcome;
  pass: boolean | null;
  deltas: Record<string, number | null>;
  trace: TraceStep[];
};

type At = { runId: string; at: string };
export type BatchTestStarted = {
  type: 'BatchTestStarted';
  data: At & { ruleId: string; version: number; caseIds: string[]; lastN: number | null; by: string };
};
export type BatchTestProgressed = { type: 'BatchTestProgressed'; data: At & { results: CaseResult[] } };
export type BatchTestCompleted = {
  type: 'BatchTestCompleted';
  data: At & { passed: number; failed: number; unchecked: number; total: number };
};
export type BatchTestFailed = { type: 'BatchTestFailed'; data: At & { reason: string } };
export type BatchTestEvent = BatchTestStarted | BatchTestProgressed | BatchTestCompleted | BatchTestFailed;
export const batchTestEventTypes = [
  'BatchTestStarted',
  'BatchTestProgressed',
  'BatchTestCompleted',
  'BatchTestFailed',
] as const satisfies readonly BatchTestEvent['type'][];

type Meta = { now: Date };
export type BatchTestCommand =
  | { type: 'StartBatchTest'; data: Omit<BatchTestStarted['data'], 'at'>; metadata: Meta }
  | { type: 'RecordBatchTestResults'; data: { runId: string; results: CaseResult[] }; metadata: Meta }
  | { type: 'CompleteBatchTest'; data: { runId: string }; metadata: Meta }
  | { type: 'FailBatchTest'; data: { runId: string; reason: string }; metadata: Meta };

export type BatchTestState = {
  status: BatchTestStatus | 'none';
  total: number;
  done: Set<string>;
  passed: number;
  failed: number;
  unchecked: number;
};
const initialState = (): BatchTestState => ({
  status: 'none',
  total: 0,
  done: new Set(),
  passed: 0,
  failed: 0,
  unchecked: 0,
});

export const batchTestMessages = {
  exists: '批量测试已存在',
  notRunning: '批量测试已结束',
  noSubjects: '请选择测试案例或最近申请数量',
  tooMany: `一次最多测试${BATCH_TEST_MAX_SUBJECTS}个案例`,
  runNotFound: '批量测试不存在',
} as const;

const decide = (command: BatchTestCommand, state: BatchTestState): BatchTestEvent[] => {
  const at = command.metadata.now.toISOString();
  const { runId } = command.data;
  if (command.type === 'StartBatchTest') {
    if (state.status !== 'none') throw illegalState(batchTestMessages.exists);
    return [{ type: 'BatchTestStarted', data: { ...command.data, at } }];
  }
  if (state.status !== 'queued' && state.status !== 'running') throw illegalState(batchTestMessages.notRunning);
  switch (command.type) {
    case 'RecordBatchTestResults': {
      // A retried job may hand in results already recorded; they are kept once.
      const seen = new Set<string>();
      const results = command.data.results.filter((r) => !state.done.has(r.key) && !seen.has(r.key) && seen.add(r.key));
      return results.length === 0 ? [] : [{ type: 'BatchTestProgressed', data: { runId, at, results } }];
    }
    case 'CompleteBatchTest':
      return [
        {
          type: 'BatchTestCompleted',
          data: {
            runId,
            at,
            passed: state.passed,
            failed: state.failed,
            unchecked: state.unchecked,
            total: state.done.size,
          },
        },
      ];
    case 'FailBatchTest':
      return [{ type: 'BatchTestFailed', data: { runId, at, reason: command.data.reason } }];
    default:
      return assertNever(command);
  }
};

const evolve = (state: BatchTestState, event: BatchTestEvent): BatchTestState => {
  switch (event.type) {
    case 'BatchTestStarted':
      return { ...initialState(), status: 'queued', total: event.data.caseIds.length + (event.data.lastN ?? 0) };
    case 'BatchTestProgressed': {
      const done = new Set(state.done);
      let { passed, failed, unchecked } = state;
      for (const r of event.data.results) {
        done.add(r.key);
        if (r.pass === null) unchecked++;
        else if (r.pass) passed++;
        else failed++;
      }
      return { ...state, status: 'running', done, passed, failed, unchecked };
    }
    case 'BatchTestCompleted':
      return { ...state, status: 'done' };
    case 'BatchTestFailed':
      return { ...state, status: 'failed' };
    default:
      return assertNever(event);
  }
};

export const batchTestDecider: Decider<BatchTestState, BatchTestCommand, BatchTestEvent> = {
  decide,
  evolve,
  initialState,
};

const cents = (n: number) => Math.round(n * 100) / 100;

/** One application's answers from each insurer, as an outcome. */
export const outcomeOf = (answers: { insurerId: number; lines: readonly LineAnswer[] }[]): CaseOutcome => {
  const lines: CaseOutcome['lines'] = [];
  const premiums: CaseOutcome['premiums'] = {};
  for (const { insurerId, lines: answered } of answers) {
    let total: number | null = 0;
    for (const a of answered) {
      if (a.kind === 'quoted') {
        lines.push({ insurerId, key: a.key, kind: a.kind, premium: a.premium });
        if (total !== null) total += a.premium;
      } else {
        lines.push({ insurerId, key: a.key, kind: a.kind, reason: a.reason });
        total = null;
      }
    }
    premiums[String(insurerId)] = total === null || answered.length === 0 ? null : cents(total);
  }
  return { referral: lines.some((l) => l.kind === 'manual'), premiums, lines };
};

/** Pass: the referral answer matches and every expected premium is priced within the tolerance. */
export const judgeCase = (
  expected: CaseExpectation,
  actual: CaseOutcome,
): { pass: boolean; deltas: Record<string, number | null> } => {
  const deltas: Record<string, number | null> = {};
  let pass = expected.referral === actual.referral;
  for (const [insurerId, amount] of Object.entries(expected.premiums)) {
    const got = actual.premiums[insurerId];
    const delta = got === null || got === undefined ? null : cents(got - amount);
    deltas[insurerId] = delta;
    if (delta === null || Math.abs(delta) > expected.tolerance + 1e-9) pass = false;
  }
  return { pass, deltas };
};

/** A run as stored and answered (docs/api/rules-batch-tests.md). */
export type BatchTestRun = {
  runId: string;
  ruleId: string;
  version: number;
  lastN: number | null;
  by: string;
  startedAt: string;
  finishedAt: string | null;
  status: BatchTestStatus;
  total: number;
  /** Cases rated so far, passed and failed of those with an expectation, unchecked real applications. */
  progress: number;
  passed: number;
  failed: number;
  unchecked: number;
  reason: string | null;
  results: CaseResult[];
};
/** A run without its per-case results, as lists show it; passRate over the cases with an expectation. */
export type BatchTestRunSummary = Omit<BatchTestRun, 'results'> & { passRate: number | null };
export type BatchTestRunDetail = BatchTestRunSummary & { results: CaseResult[] };

export const runSummary = (run: Omit<BatchTestRun, 'results'>): BatchTestRunSummary => ({
  ...run,
  passRate:
    run.passed + run.failed === 0 ? null : Math.round((run.passed / (run.passed + run.failed)) * 10_000) / 10_000,
});

export type ComparedCase = {
  key: string;
  name: string;
  left: Pick<CaseResult, 'pass' | 'actual' | 'trace'> | null;
  right: Pick<CaseResult, 'pass' | 'actual' | 'trace'> | null;
  /** right − left per insurer, null when either side is not priced. */
  premiumDeltas: Record<string, number | null>;
  referralChanged: boolean;
  passChanged: boolean;
};

/** Two runs side by side, per case in the left run's order and then the right run's own cases. */
export const compareRuns = (left: readonly CaseResult[], right: readonly CaseResult[]): ComparedCase[] => {
  const rightByKey = new Map(right.map((r) => [r.key, r]));
  const keys = [...new Set([...left.map((r) => r.key), ...right.map((r) => r.key)])];
  const leftByKey = new Map(left.map((r) => [r.key, r]));
  const side = (r: CaseResult | undefined) => (r ? { pass: r.pass, actual: r.actual, trace: r.trace } : null);
  return keys.map((key) => {
    const l = leftByKey.get(key);
    const r = rightByKey.get(key);
    const premiumDeltas: Record<string, number | null> = {};
    for (const insurerId of new Set([
      ...Object.keys(l?.actual.premiums ?? {}),
      ...Object.keys(r?.actual.premiums ?? {}),
    ])) {
      const a = l?.actual.premiums[insurerId];
      const b = r?.actual.premiums[insurerId];
      premiumDeltas[insurerId] = a === null || a === undefined || b === null || b === undefined ? null : cents(b - a);
    }
    return {
      key,
      name: (l ?? r)!.name,
      left: side(l),
      right: side(r),
      premiumDeltas,
      referralChanged: !!l && !!r && l.actual.referral !== r.actual.referral,
      passChanged: !!l && !!r && l.pass !== r.pass,
    };
  });
};
