import {
  deskLineAnswer,
  deskStatusAt,
  isOverdue,
  workingDaysLeft,
  type DeskCellStatus,
  type QuoteDeskCell,
  type QuoteDeskPage,
  type QuoteDeskRow,
} from '@feibao/domain/ordering/quoteDesk';
import { OrderState } from '@feibao/domain/ordering/order.events';
import type { Pool } from '@feibao/platform/db';
import { ORDERS, type InsurerQuoteSummary, type OrderDocument } from './orderDocument.ts';

export type QuoteDeskFilters = {
  status?: DeskCellStatus;
  insurerId?: number;
  overdue?: boolean;
  orderType?: 0 | 1;
  /** The order number's beginning (upper case; a whole number matches itself). */
  orderNo?: string;
  /** The customer's whole phone, matched exactly. */
  phone?: string;
  /** Quoted orders whose last change is older than this many days drop off; orders still quoting stay. */
  days: number;
  currentPage: number;
  pageSize: number;
};

const DAY_MS = 86_400_000;

/**
 * Cell conditions as SQL/JSON path filters over the stored insurer summaries, so filtering,
 * counting and paging happen in the database. Only these fixed fragments make up the path;
 * the caller's values travel as path variables. ISO instants of one format compare as strings.
 */
const statusFilter: Record<DeskCellStatus, string> = {
  waiting: '@.deskStatus == "waiting"',
  manual: '@.deskStatus == "manual"',
  declined: '@.deskStatus == "declined"',
  'timed-out': '@.deskStatus == "timed-out"',
  quoted: '@.deskStatus == "quoted" && (@.validUntil == null || @.validUntil > $now)',
  expired: '@.deskStatus == "quoted" && @.validUntil <= $now',
};
const overdueFilter = '(@.deskStatus == "waiting" || @.deskStatus == "manual") && @.answerDueAt < $now';

/** One filter over the cells: a row matches when one insurer's cell meets every condition. */
export const cellPath = (filters: Pick<QuoteDeskFilters, 'status' | 'insurerId' | 'overdue'>): string | null => {
  const conditions: string[] = [];
  if (filters.insurerId !== undefined) conditions.push('@.insuranceCompanyId == $insurer');
  if (filters.status) conditions.push(statusFilter[filters.status]);
  if (filters.overdue) conditions.push(overdueFilter);
  return conditions.length === 0 ? null : `$[*] ? (${conditions.map((c) => `(${c})`).join(' && ')})`;
};

const deskCell = (insurer: InsurerQuoteSummary, doc: OrderDocument, now: Date, daySeconds: number): QuoteDeskCell => {
  const status = deskStatusAt(insurer.deskStatus, insurer.validUntil, now);
  return {
    insuranceCompanyId: insurer.insuranceCompanyId,
    insuranceCompanyName: insurer.insuranceCompanyName,
    requestId: insurer.requestId,
    attempt: insurer.attempt ?? 0,
    status,
    total: insurer.total,
    answers: doc.lines.map((l) => deskLineAnswer(l.key, insurer.answers[l.key])),
    requestedAt: insurer.requestedAt,
    answerDueAt: insurer.answerDueAt,
    deadlineAt: insurer.deadlineAt,
    workingDaysLeft: workingDaysLeft(status, insurer.deadlineAt, now, daySeconds),
    overdue: isOverdue(status, insurer.answerDueAt, now),
    validUntil: insurer.validUntil ?? null,
  };
};

export const quoteDeskRow = (doc: OrderDocument, now: Date, daySeconds: number): QuoteDeskRow => ({
  id: doc.id,
  orderNo: doc.orderNo,
  userName: doc.userName,
  orderType: doc.orderType,
  state: doc.state,
  round: doc.round,
  updatedAt: doc.updatedAt,
  nextDeadlineAt: doc.nextDeadlineAt ?? null,
  lines: doc.lines.map((l) => ({
    key: l.key,
    insuranceTypeInfoName: l.insuranceTypeInfoName,
    uavInfoName: l.uavInfoName,
    quantity: l.quantity,
    insuranceAmount: l.insuranceAmount,
    guaranteeTerm: l.guaranteeTerm,
  })),
  cells: doc.insurers.map((i) => deskCell(i, doc, now, daySeconds)),
});

/**
 * The quote desk: orders being quoted, and orders quoted within the last `days`, nearest open
 * deadline first (orders awaiting nothing last, latest change first). Served by the partial
 * index orders_quote_desk (read-models/src/migrations/0007_quote_desk.sql); a search by order number
 * (a prefix, as a range in collation "C") or by phone by the partial indexes of 0021_order_search.sql.
 */
export const quoteDeskReader = (pool: Pick<Pool, 'query'>) => ({
  async page(filters: QuoteDeskFilters, now: Date, daySeconds: number): Promise<QuoteDeskPage> {
    const path = cellPath(filters);
    const where = `(data->>'state')::int IN (${OrderState.quoting}, ${OrderState.quoted})
       AND ((data->>'state')::int = ${OrderState.quoting} OR data->>'updatedAt' >= $1)
       AND ($2::int IS NULL OR (data->>'orderType')::int = $2)
       AND ($3::jsonpath IS NULL OR jsonb_path_exists(data->'insurers', $3::jsonpath, $4::jsonb))
       AND ($5::text IS NULL OR ((data->>'orderNo') COLLATE "C" >= $5 AND (data->>'orderNo') COLLATE "C" < $5 || chr(1114111)))
       AND ($6::text IS NULL OR data->>'userName' = $6)`;
    const params = [
      new Date(now.getTime() - filters.days * DAY_MS).toISOString(),
      filters.orderType ?? null,
      path,
      JSON.stringify({ now: now.toISOString(), insurer: filters.insurerId ?? null }),
      filters.orderNo ?? null,
      filters.phone ?? null,
    ];
    // One statement, so one snapshot: the page and its count on two connections disagreed when an
    // inquiry committed between them.
    const result = await pool.query(
      `SELECT (SELECT count(*)::int FROM ${ORDERS} WHERE ${where}) AS n,
              (SELECT coalesce(jsonb_agg(p.data ORDER BY p.i), '[]') FROM (
                 SELECT data, row_number() OVER (ORDER BY data->>'nextDeadlineAt' ASC NULLS LAST, data->>'updatedAt' DESC, _id) AS i
                   FROM ${ORDERS} WHERE ${where}
                  ORDER BY data->>'nextDeadlineAt' ASC NULLS LAST, data->>'updatedAt' DESC, _id
                  LIMIT $7 OFFSET $8) p) AS datas`,
      [...params, filters.pageSize, (filters.currentPage - 1) * filters.pageSize],
    );
    return {
      datas: (result.rows[0].datas as OrderDocument[]).map((doc) => quoteDeskRow(doc, now, daySeconds)),
      currentPage: filters.currentPage,
      pageSize: filters.pageSize,
      totalCount: result.rows[0].n as number,
      days: filters.days,
    };
  },
});
