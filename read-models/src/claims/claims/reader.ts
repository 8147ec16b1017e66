import type { ClaimStateValue } from '@feibao/domain';
import type { Pool } from '@feibao/platform';
import { CLAIM_LIST, CLAIMS, type ClaimDocument, type StoredClaimListRow } from './claimDocument.ts';

/** The list's filters; every one is optional and they combine with AND. */
export type ClaimListFilter = {
  /** Only this claimant's claims (customers); omitted for staff, who see every claim. */
  owner?: string;
  claimState?: ClaimStateValue;
  policyNo?: string;
  claimNo?: string;
  /** Claims that missed a deadline (accept or close). */
  overdue?: boolean;
  /** Instants (ISO, UTC) bounding the first submission: from inclusive, to exclusive. */
  applyFrom?: string;
  applyTo?: string;
};

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
  return { sql: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params };
};

/**
 * SQL over the Pongo-shaped tables. The list filters and sorts on claim_list's generated
 * columns (owner, created_at, claim_state, …) and their indexes, from
 * read-models/src/migrations/0005_claims.sql. Cancelled claims have no rows at all.
 */
export const claimReader = (pool: Pick<Pool, 'query'>) => ({
  /** Newest first; one round trip for the count and the page. Rows carry no actions: they are the caller's. */
  async page(
    filter: ClaimListFilter,
    currentPage: number,
    pageSize: number,
  ): Promise<{ datas: StoredClaimListRow[]; currentPage: number; pageSize: number; totalCount: number }> {
    const { sql, params } = where(filter);
    const limit = `$${params.length + 1}`;
    const offset = `$${params.length + 2}`;
    const result = await pool.query(
      `WITH page AS (
         SELECT _id, created_at FROM ${CLAIM_LIST} ${sql}
          ORDER BY created_at DESC, _id DESC LIMIT ${limit} OFFSET ${offset})
       SELECT (SELECT count(*)::int FROM ${CLAIM_LIST} ${sql}) AS n,
              (SELECT coalesce(jsonb_agg(l.data ORDER BY p.created_at DESC, p._id DESC), '[]')
                 FROM page p JOIN ${CLAIM_LIST} l ON l._id = p._id) AS datas`,
      [...params, pageSize, (currentPage - 1) * pageSize],
    );
    return {
      datas: result.rows[0].datas as StoredClaimListRow[],
      currentPage,
      pageSize,
      totalCount: result.rows[0].n as number,
    };
  },
  /** Null for unknown and cancelled claims; who may see it is the route's check. */
  async byId(id: string): Promise<ClaimDocument | null> {
    const result = await pool.query(`SELECT data FROM ${CLAIMS} WHERE _id = $1`, [id]);
    return (result.rows[0]?.data as ClaimDocument | undefined) ?? null;
  },
});
export type ClaimReader = ReturnType<typeof claimReader>;
