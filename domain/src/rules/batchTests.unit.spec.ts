import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import { ResultCode } from '../shared/codes.ts';
import { prepared, generalApplication } from '../ordering/fixtures.ts';
import {
  batchTestDecider,
  compareRuns,
  judgeCase,
  outcomeOf,
  type BatchTestCommand,
  type BatchTestEvent,
  type CaseResult,
} from './batchTests.ts';
import { ruleCaseDecider, type RuleCaseCommand, type RuleCaseEvent } from './cases.ts';

const now = new Date('2026-11-23T02:00:00Z');
const meta = { now };
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof DomainError ? { code: e.code, message: e.message } : e;
  }
  return null;
};

const quoted = (key: string, premium: number) => ({ key, kind: 'quoted' as const, premium, deductible: '0免赔' });
const manual = (key: string) => ({ key, kind: 'manual' as const, reason: '需核保' });

describe('case outcomes', () => {
  it('total each insurer that priced every line and call a manual line a referral', () => {
    const outcome = outcomeOf([
      { insurerId: 1, lines: [quoted('1:0', 100.1), quoted('2:0', 0.2)] },
      { insurerId: 2, lines: [quoted('1:0', 90), manual('2:0')] },
    ]);
    expect(outcome.premiums).toEqual({ '1': 100.3, '2': null });
    expect(outcome.referral).toBe(true);
    expect(outcomeOf([{ insurerId: 1, lines: [{ key: '1:0', kind: 'declined', reason: '不承保' }] }]).referral).toBe(
      false,
    );
  });

  it('pass within the tolerance only, with the deltas of each expected insurer', () => {
    const actual = outcomeOf([
      { insurerId: 1, lines: [quoted('1:0', 100)] },
      { insurerId: 2, lines: [manual('1:0')] },
    ]);
    expect(judgeCase({ referral: true, premiums: { '1': 99.5 }, tolerance: 0.5 }, actual)).toEqual({
      pass: true,
      deltas: { '1': 0.5 },
    });
    expect(judgeCase({ referral: true, premiums: { '1': 99.4 }, tolerance: 0.5 }, actual)).toEqual({
      pass: false,
      deltas: { '1': 0.6 },
    });
    expect(judgeCase({ referral: false, premiums: {}, tolerance: 0 }, actual).pass).toBe(false);
    // An insurer that did not price the case cannot meet an expected premium.
    expect(judgeCase({ referral: true, premiums: { '2': 100 }, tolerance: 1000 }, actual)).toEqual({
      pass: false,
      deltas: { '2': null },
    });
  });
});

describe('rule cases', () => {
  const form = prepared(generalApplication());
  const create: RuleCaseCommand = {
    type: 'CreateRuleCase',
    data: {
      caseId: 'c1',
      name: '案例',
      form,
      expected: { referral: false, premiums: { '1': 10 }, tolerance: 0 },
      orderId: null,
    },
    metadata: { now, actor: 'a' },
  };
  const created = ruleCaseDecider.decide(create, ruleCaseDecider.initialState());
  const state = (events: RuleCaseEvent[]) => events.reduce(ruleCaseDecider.evolve, ruleCaseDecider.initialState());

  it('are created once, and neither updated nor deleted after deletion', () => {
    expect(created[0]).toMatchObject({
      type: 'RuleCaseCreated',
      data: { caseId: 'c1', by: 'a', at: now.toISOString() },
    });
    expect(refusal(() => ruleCaseDecider.decide(create, state(created)))).toMatchObject({ code: ResultCode.conflict });
    const deleted = [
      ...created,
      ...ruleCaseDecider.decide(
        { type: 'DeleteRuleCase', data: { caseId: 'c1' }, metadata: { now, actor: 'a' } },
        state(created),
      ),
    ];
    expect(
      refusal(() =>
        ruleCaseDecider.decide(
          { type: 'DeleteRuleCase', data: { caseId: 'c1' }, metadata: { now, actor: 'a' } },
          state(deleted),
        ),
      ),
    ).toEqual({ code: ResultCode.notFound, message: '案例不存在' });
  });
  it('refuse a negative tolerance or premium', () => {
    const bad = {
      ...create,
      data: { ...create.data, expected: { referral: false, premiums: { '1': -1 }, tolerance: 0 } },
    };
    expect(refusal(() => ruleCaseDecider.decide(bad, ruleCaseDecider.initialState()))).toEqual({
      code: ResultCode.badRequest,
      message: '预期结果不正确',
    });
  });
});

const result = (key: string, pass: boolean | null, premium: number | null, referral = false): CaseResult => ({
  key,
  name: key,
  expected: null,
  actual: { referral, premiums: { '1': premium }, lines: [] },
  pass,
  deltas: {},
  trace: [],
});

describe('batch test runs', () => {
  const given = (events: BatchTestEvent[]) => events.reduce(batchTestDecider.evolve, batchTestDecider.initialState());
  const start: BatchTestCommand = {
    type: 'StartBatchTest',
    data: { runId: 'r', ruleId: 'tariff-1', version: 2, caseIds: ['a', 'b'], lastN: null, by: 'u' },
    metadata: meta,
  };
  const started = batchTestDecider.decide(start, given([]));

  it('keep each case result once, count pass and fail, and end once', () => {
    const record = (results: CaseResult[]): BatchTestCommand => ({
      type: 'RecordBatchTestResults',
      data: { runId: 'r', results },
      metadata: meta,
    });
    const first = [...started, ...batchTestDecider.decide(record([result('case:a', true, 1)]), given(started))];
    // A retried job hands in case a again: only b is new.
    const again = batchTestDecider.decide(
      record([result('case:a', true, 1), result('case:b', false, 2), result('case:b', false, 2)]),
      given(first),
    );
    expect(again).toHaveLength(1);
    expect(
      (again[0] as Extract<BatchTestEvent, { type: 'BatchTestProgressed' }>).data.results.map((r) => r.key),
    ).toEqual(['case:b']);
    const all = [...first, ...again];
    const done = batchTestDecider.decide(
      { type: 'CompleteBatchTest', data: { runId: 'r' }, metadata: meta },
      given(all),
    );
    expect(done).toEqual([
      {
        type: 'BatchTestCompleted',
        data: { runId: 'r', at: now.toISOString(), passed: 1, failed: 1, unchecked: 0, total: 2 },
      },
    ]);
    expect(
      refusal(() => batchTestDecider.decide(record([result('case:c', true, 1)]), given([...all, ...done]))),
    ).toEqual({ code: ResultCode.conflict, message: '批量测试已结束' });
    expect(refusal(() => batchTestDecider.decide(start, given(started)))).toMatchObject({ code: ResultCode.conflict });
  });

  it('compare two runs case by case', () => {
    const cases = compareRuns(
      [result('case:a', true, 100), result('case:b', true, 50)],
      [result('case:a', false, 120.5, true), result('case:c', null, 1)],
    );
    expect(cases.map((c) => c.key)).toEqual(['case:a', 'case:b', 'case:c']);
    expect(cases[0]).toMatchObject({ premiumDeltas: { '1': 20.5 }, referralChanged: true, passChanged: true });
    expect(cases[1]).toMatchObject({ right: null, premiumDeltas: { '1': null }, referralChanged: false });
  });
});
