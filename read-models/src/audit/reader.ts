import type { AuditEntry } from '@feibao/domain/audit/changeKinds';
import type { AuditKind, AuditSearchRow, AuditSubject } from '@feibao/domain/audit/api';
import type { Pool } from '@feibao/platform/db';
import { USER_PROFILES } from '../accounts/userProfile/userProfile.ts';
import { AUDIT_HISTORY, AUDIT_SUBJECTS, auditSubjectId } from './projection.ts';

/** LIKE's own wildcards in what was typed match themselves. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The subject's wire fields (never the domain state it is evolved from) with the profile's company. */
const SUBJECT = `(s.data - 'record' - 'position') || jsonb_build_object('companyName', p.data->>'companyName')`;
const ROW_KEYS = [
  'kind',
  'id',
  'number',
  'policyNo',
  'phone',
  'companyName',
  'state',
  'stateName',
  'updatedAt',
] as const;
const toRow = (s: AuditSubject): AuditSearchRow => Object.fromEntries(ROW_KEYS.map((k) => [k, s[k]])) as AuditSearchRow;

/**
 * SQL over audit_subjects, audit_history and user_profiles (read-models/src/migrations/0008_audit.sql).
 * The search is a UNION rather than one WHERE with ORs: an OR over a sub-select (the company
 * branch) makes PostgreSQL scan the whole table, while each branch alone is served by its own
 * index (prefixes: text_pattern_ops btrees; company: trigram GIN, then the phone index).
 */
export const auditReader = (pool: Pick<Pool, 'query'>) => ({
  /** Orders and claims whose number, policy number or phone starts with `q`, or whose company name contains it; newest change first. */
  async search(q: string, currentPage: number, pageSize: number) {
    const prefix = `${likeEscaped(q.toUpperCase())}%`;
    const contains = `%${likeEscaped(q)}%`;
    const result = await pool.query(
      `WITH hits AS (
         SELECT _id, updated_at FROM ${AUDIT_SUBJECTS} WHERE number_key LIKE $1
         UNION SELECT _id, updated_at FROM ${AUDIT_SUBJECTS} WHERE policy_key LIKE $1
         UNION SELECT _id, updated_at FROM ${AUDIT_SUBJECTS} WHERE phone LIKE $1
         UNION SELECT s._id, s.updated_at FROM ${USER_PROFILES} p JOIN ${AUDIT_SUBJECTS} s ON s.phone = p._id
                WHERE p.data->>'companyName' ILIKE $2),
       page AS (SELECT _id, updated_at FROM hits ORDER BY updated_at DESC, _id DESC LIMIT $3 OFFSET $4)
       SELECT (SELECT count(*)::int FROM hits) AS n,
              (SELECT coalesce(jsonb_agg(${SUBJECT} ORDER BY pg.updated_at DESC, pg._id DESC), '[]')
                 FROM page pg JOIN ${AUDIT_SUBJECTS} s ON s._id = pg._id LEFT JOIN ${USER_PROFILES} p ON p._id = s.phone) AS datas`,
      [prefix, contains, pageSize, (currentPage - 1) * pageSize],
    );
    return {
      datas: (result.rows[0].datas as AuditSubject[]).map(toRow),
      currentPage,
      pageSize,
      totalCount: result.rows[0].n as number,
    };
  },

  async subject(kind: AuditKind, id: string): Promise<AuditSubject | null> {
    const result = await pool.query(
      `SELECT ${SUBJECT} AS subject FROM ${AUDIT_SUBJECTS} s LEFT JOIN ${USER_PROFILES} p ON p._id = s.phone WHERE s._id = $1`,
      [auditSubjectId(kind, id)],
    );
    return (result.rows[0]?.subject as AuditSubject | undefined) ?? null;
  },

  /** The claims made on an order, newest change first. */
  async claimsOfOrder(orderId: string): Promise<AuditSearchRow[]> {
    const result = await pool.query(
      `SELECT ${SUBJECT} AS subject FROM ${AUDIT_SUBJECTS} s LEFT JOIN ${USER_PROFILES} p ON p._id = s.phone
        WHERE s.order_id = $1 AND s.kind = 'claim' ORDER BY s.updated_at DESC, s._id DESC`,
      [orderId],
    );
    return result.rows.map((r: { subject: AuditSubject }) => toRow(r.subject));
  },

  /** Every row of the history, oldest first (rows of one event in the order the domain gives them). */
  async entries(kind: AuditKind, id: string): Promise<AuditEntry[]> {
    const result = await pool.query(
      `SELECT data->'entries' AS entries FROM ${AUDIT_HISTORY} WHERE subject = $1 ORDER BY position`,
      [auditSubjectId(kind, id)],
    );
    return result.rows.flatMap((r: { entries: AuditEntry[] }) => r.entries);
  },
});
export type AuditReader = ReturnType<typeof auditReader>;
