import { assertNever } from '@feibao/domain/shared/decider';
import {
  batchTestEventTypes,
  runSummary,
  type BatchTestRun,
  type BatchTestRunSummary,
  type BatchTestEvent,
  type CaseResult,
} from '@feibao/domain/rules/batchTests';
import { ruleCaseEventTypes, type RuleCase, type RuleCaseEvent } from '@feibao/domain/rules/cases';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { documentCollection } from '@feibao/platform/documents';
import type { Pool, PoolClient } from '@feibao/platform/db';

export const RULE_CASES = 'rule_cases';
export const RULE_TEST_RUNS = 'rule_test_runs';

export type RuleCaseDocument = RuleCase & {
  createdBy: string;
  createdAt: string;
  updatedBy: string;
  updatedAt: string;
};
export type RuleTestRunDocument = BatchTestRun;
export type RuleTestRunSummary = BatchTestRunSummary;

const ruleCases = documentCollection<RuleCaseDocument>(RULE_CASES);
const ruleTestRuns = documentCollection<RuleTestRunDocument>(RULE_TEST_RUNS);

/** Cases and runs, one document each; a deleted case's document goes. */
export const ruleTestsProjection = defineProjection({
  name: 'rule_tests',
  version: 1,
  collections: [ruleCases, ruleTestRuns],
  eventTypes: [...ruleCaseEventTypes, ...batchTestEventTypes],
  async handle(recorded: RecordedEvent, client: PoolClient) {
    const event = { type: recorded.type, data: recorded.data } as RuleCaseEvent | BatchTestEvent;
    switch (event.type) {
      case 'RuleCaseCreated': {
        const { by, at, ...rest } = event.data;
        return ruleCases.put(client, rest.caseId, {
          ...rest,
          createdBy: by,
          createdAt: at,
          updatedBy: by,
          updatedAt: at,
        });
      }
      case 'RuleCaseUpdated': {
        const { by, at, ...rest } = event.data;
        return ruleCases.update(client, rest.caseId, (current) =>
          current ? { ...current, ...rest, updatedBy: by, updatedAt: at } : null,
        );
      }
      case 'RuleCaseDeleted':
        return ruleCases.remove(client, event.data.caseId);
      case 'BatchTestStarted': {
        const { runId, ruleId, version, lastN, by, at, caseIds } = event.data;
        // Up to lastN: fewer orders may exist; Completed sets the real count.
        const total = caseIds.length + (lastN ?? 0);
        return ruleTestRuns.put(client, runId, {
          runId,
          ruleId,
          version,
          lastN,
          by,
          startedAt: at,
          finishedAt: null,
          status: 'queued',
          total,
          progress: 0,
          passed: 0,
          failed: 0,
          unchecked: 0,
          reason: null,
          results: [],
        });
      }
      case 'BatchTestProgressed': {
        const { results } = event.data;
        return ruleTestRuns.update(client, event.data.runId, (run) => {
          if (!run) return null;
          const count = (pass: boolean | null) => results.filter((r) => r.pass === pass).length;
          return {
            ...run,
            status: 'running',
            progress: run.progress + results.length,
            passed: run.passed + count(true),
            failed: run.failed + count(false),
            unchecked: run.unchecked + count(null),
            results: [...run.results, ...results],
          };
        });
      }
      case 'BatchTestCompleted':
        return ruleTestRuns.update(client, event.data.runId, (run) =>
          run ? { ...run, status: 'done', finishedAt: event.data.at, total: event.data.total } : null,
        );
      case 'BatchTestFailed':
        return ruleTestRuns.update(client, event.data.runId, (run) =>
          run ? { ...run, status: 'failed', finishedAt: event.data.at, reason: event.data.reason } : null,
        );
      default:
        return assertNever(event);
    }
  },
});

const summary = runSummary;

export const ruleTestReader = (pool: Pick<Pool, 'query'>) => ({
  /** Newest first, so a case just added or copied is on the first page; keyword: the name contains it, any case. */
  async cases(page: number, pageSize: number, keyword = ''): Promise<{ list: RuleCaseDocument[]; total: number }> {
    // strpos, not LIKE: a % or _ typed in the search box is a character, not a pattern. Ordered by
    // the event's time, not _created: a projection batch (or a rebuild) gives many rows one now().
    const where = `WHERE ($1::text = '' OR strpos(lower(data->>'name'), lower($1::text)) > 0)`;
    const [rows, count] = await Promise.all([
      pool.query(`SELECT data FROM ${RULE_CASES} ${where} ORDER BY data->>'createdAt' DESC, _id LIMIT $2 OFFSET $3`, [
        keyword,
        pageSize,
        (page - 1) * pageSize,
      ]),
      pool.query(`SELECT count(*)::int AS n FROM ${RULE_CASES} ${where}`, [keyword]),
    ]);
    return {
      list: (rows.rows as { data: RuleCaseDocument }[]).map((r) => r.data),
      total: (count.rows[0] as { n: number }).n,
    };
  },
  async mine(
    userName: string,
    currentPage: number,
    pageSize: number,
  ): Promise<{ datas: RuleTestRunSummary[]; totalCount: number }> {
    const [rows, count] = await Promise.all([
      pool.query(
        `SELECT data - 'results' AS data FROM ${RULE_TEST_RUNS} WHERE started_by = $1 ORDER BY _created DESC, _id LIMIT $2 OFFSET $3`,
        [userName, pageSize, (currentPage - 1) * pageSize],
      ),
      pool.query(`SELECT count(*)::int AS n FROM ${RULE_TEST_RUNS} WHERE started_by = $1`, [userName]),
    ]);
    return {
      datas: (rows.rows as { data: RuleTestRunDocument }[]).map((r) => summary(r.data)),
      totalCount: (count.rows[0] as { n: number }).n,
    };
  },
  async run(runId: string): Promise<(RuleTestRunSummary & { results: CaseResult[] }) | null> {
    const result = await pool.query(`SELECT data FROM ${RULE_TEST_RUNS} WHERE _id = $1`, [runId]);
    const run = (result.rows[0] as { data: RuleTestRunDocument } | undefined)?.data;
    return run ? { ...summary(run), results: run.results } : null;
  },
});
export type RuleTestReader = ReturnType<typeof ruleTestReader>;
