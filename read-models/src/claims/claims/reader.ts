import { assertNever } from '@feibao/domain/shared/decider';
import type { ClaimQueue } from '@feibao/domain/claims/sla';
import type { ClaimListQuery } from '@feibao/domain/claims/requests';
import type { SlaStage } from '@feibao/domain/claims/claim.events';
import type { Pool } from '@feibao/platform/db';
import { prepared } from '../../prepared.ts';
import { CLAIM_LIST, CLAIMS, type ClaimDocument, type StoredClaimListRow } from './claimDocument.ts';

/** The list's filters, as the domain states them (claims/requests.ts). */
export type ClaimListFilter = ClaimListQuery;

const queueClause = (queue: ClaimQueue): string => {
  switch (queue) {
    case 'submitted':
      return 'claim_state = 3';
    case 'processing':
      return 'claim_state = 4';
    case 'evidence':
      return 'claim_state = 2 AND evidence_requested';
    case 'overdue':
      return 'claim_state IN (2, 3, 4) AND overdue';
    default:
      return assertNever(queue);
  }
};

/** The columns a page is ordered by, named for the page CTE's alias. */
const NEWEST_FIRST = ['created_at DESC', '_id DESC'];
// Current stage late first, then the nearest due time; the evidence queue has no due time, so its oldest request leads.
const QUEUE_ORDER = ['overdue DESC', 'stage_due_at ASC NULLS LAST', 'stage_started_at ASC', '_id ASC'];
const orderBy = (order: readonly string[], alias = '') => order.map((o) => `${alias}${o}`).join(', ');
const columnsOf = (order: readonly string[]) => order.map((o) => o.split(' ')[0]).join(', ');

const where = (filter: ClaimListFilter) => {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (filter.owner !== undefined) add((p) => `owner = ${p}`, filter.owner);
  if (filter.claimState !== undefined) add((p) => `claim_state = ${p}`, filter.claimState);
  if (filter.policyNo !== undefined) add((p) => `policy_no = ${p}`, filter.policyNo);
  if (filter.claimNo !== undefined) add((p) => `claim_no = ${p}`, filter.claimNo);
  if (filter.overdue) clauses.push('overdue');
  if (filter.applyFrom !== undefined) add((p) => `apply_time >= ${p}`, filter.applyFrom);
  if (filter.applyTo !== undefined) add((p) => `apply_time < ${p}`, filter.applyTo);
  if (filter.queue !== undefined) clauses.push(queueClause(filter.queue));
  if (filter.assignee !== undefined) add((p) => `assignee = ${p}`, filter.assignee);
  return { sql: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params };
};

const CLAIM_LIST_COUNTS = 'claim_list_counts';
const CLAIM_LIST_OWNER_COUNTS = 'claim_list_owner_counts';

/**
 * The count of a filter that is nothing, a state, an owner, or an owner and a state comes from counts kept
 * exact by triggers in the rows' transaction: claim_list_counts per state (migrations/0016_claim_list_counts.sql)
 * and claim_list_owner_counts per customer and state (0029_owner_list_counts.sql). A staff page would
 * otherwise count every claim, and a customer's page all of theirs. Other filters count by index or scan.
 */
const countSql = (filter: ClaimListFilter, sql: string) => {
  const { claimState, owner, ...others } = filter;
  const filtered = Object.values(others).some((value) => value !== undefined && value !== false);
  if (filtered) return `SELECT count(*)::int FROM ${CLAIM_LIST} ${sql}`;
  // where() numbers the owner first and the state after it.
  if (owner !== undefined)
    return `SELECT coalesce(sum(n), 0)::int FROM ${CLAIM_LIST_OWNER_COUNTS} WHERE owner = $1${claimState === undefined ? '' : ' AND state_key = $2'}`;
  return `SELECT coalesce(sum(n), 0)::int FROM ${CLAIM_LIST_COUNTS}${claimState === undefined ? '' : ' WHERE state_key = $1'}`;
};

/**
 * SQL over the Pongo-shaped tables. The list filters and sorts on claim_list's generated
 * columns (owner, created_at, claim_state, …) and their indexes, from
 * read-models/src/migrations/0005_claims.sql and 0006_claim_desk.sql. Cancelled claims have no rows at all.
 */
export const claimReader = (pool: Pick<Pool, 'query'>) => ({
  /**
   * Newest first, or in queue order when a queue is asked for; one round trip for the count and
   * the page. Rows carry no actions: they are the caller's. Each shown row is read by its key
   * (a subquery, not a join): a prepared statement's generic plan cannot see LIMIT's value and
   * would otherwise hash-join the whole table for a filter most claims match.
   */
  async page(
    filter: ClaimListFilter,
    currentPage: number,
    pageSize: number,
  ): Promise<{ datas: StoredClaimListRow[]; currentPage: number; pageSize: number; totalCount: number }> {
    const { sql, params } = where(filter);
    const limit = `$${params.length + 1}`;
    const offset = `$${params.length + 2}`;
    const order = filter.queue === undefined ? NEWEST_FIRST : QUEUE_ORDER;
    const result = await pool.query(
      prepared(
        `WITH page AS (
           SELECT ${columnsOf(order)} FROM ${CLAIM_LIST} ${sql}
            ORDER BY ${orderBy(order)} LIMIT ${limit} OFFSET ${offset})
         SELECT (${countSql(filter, sql)}) AS n,
                (SELECT coalesce(jsonb_agg((SELECT l.data FROM ${CLAIM_LIST} l WHERE l._id = p._id) ORDER BY ${orderBy(order, 'p.')}), '[]')
                   FROM page p) AS datas`,
        [...params, pageSize, (currentPage - 1) * pageSize],
      ),
    );
    return {
      datas: result.rows[0].datas as StoredClaimListRow[],
      currentPage,
      pageSize,
      totalCount: result.rows[0].n as number,
    };
  },
  /**
   * Claims in an SLA stage with a due time not yet marked overdue: the workers re-create lost timer
   * jobs from them. Submitted claims wait to be accepted, processing ones to be closed.
   */
  async runningSlaStages(): Promise<{ claimId: string; stage: SlaStage; dueAt: string }[]> {
    const result = await pool.query(
      `SELECT _id AS "claimId", CASE data->>'status' WHEN 'submitted' THEN 'accept' ELSE 'close' END AS stage, data->>'stageDueAt' AS "dueAt"
         FROM ${CLAIMS}
        WHERE data->>'status' IN ('submitted', 'processing') AND data->>'stageDueAt' IS NOT NULL
          AND NOT (data->'overdue' ? CASE data->>'status' WHEN 'submitted' THEN 'accept' ELSE 'close' END)`,
    );
    return result.rows;
  },
  /** Null for unknown and cancelled claims; who may see it is the route's check. */
  async byId(id: string): Promise<ClaimDocument | null> {
    const result = await pool.query(`SELECT data FROM ${CLAIMS} WHERE _id = $1`, [id]);
    return (result.rows[0]?.data as ClaimDocument | undefined) ?? null;
  },
});
export type ClaimReader = ReturnType<typeof claimReader>;
