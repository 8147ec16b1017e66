import { runSummary, type BatchTestRun, type BatchTestRunSummary } from '@feibao/domain/rules/batchTests';
import type { Pool } from '@feibao/platform/db';
import { RULE_TEST_RUNS } from './ruleTests.ts';

/**
 * A version's batch-test runs, newest first, without their results: what a submission for review
 * links to. A few runs per version at most, so no index beyond the table scan of a small table.
 */
export const runsOfVersion =
  (pool: Pick<Pool, 'query'>) =>
  async (ruleId: string, version: number): Promise<BatchTestRunSummary[]> => {
    const result = await pool.query(
      `SELECT data - 'results' AS data FROM ${RULE_TEST_RUNS}
      WHERE data->>'ruleId' = $1 AND (data->>'version')::int = $2
      ORDER BY data->>'startedAt' DESC LIMIT 20`,
      [ruleId, version],
    );
    return (result.rows as { data: Omit<BatchTestRun, 'results'> }[]).map((r) => runSummary(r.data));
  };
