import type { Invoice } from '@feibao/domain/invoices/invoice';
import type { StaffInvoiceSearch } from '@feibao/domain/invoices/search';
import type { Pool } from '@feibao/platform/db';
import { prepared } from '../prepared.ts';
import { INVOICES } from './projection.ts';

/**
 * The list's filters (the search without paging); `owner` for a customer's own invoices, omitted for
 * staff, who may search by the customer's whole phone (`phone`, the same column) instead.
 */
export type InvoiceFilter = Omit<StaffInvoiceSearch, 'currentPage' | 'pageSize'> & { owner?: string };

const ORDER_NO = `(data->'invoice'->>'orderNo') COLLATE "C"`;

/** "Contains", whatever the case: the caller's text is a parameter, never part of a LIKE pattern. */
const contains = (column: string) => (p: string) => `strpos(lower(${column}), lower(${p})) > 0`;

const where = (filter: InvoiceFilter) => {
  // Orders not bought have a document without an invoice: they are never listed.
  const clauses = ['pay_status IS NOT NULL'];
  const params: unknown[] = [];
  const add = (value: unknown, sql: (p: string) => string) => {
    if (value === undefined) return;
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  add(filter.owner, (p) => `owner = ${p}`);
  add(filter.phone, (p) => `owner = ${p}`);
  // A prefix as a range, so even a generic plan walks invoices_order_no (0021_order_search.sql).
  add(filter.orderNo, (p) => `${ORDER_NO} >= ${p} AND ${ORDER_NO} < ${p} || chr(1114111)`);
  add(filter.invoiceNo, contains('invoice_no'));
  add(filter.invoiceName, contains(`data->'invoice'->>'invoiceName'`));
  add(filter.invoiceTime, (p) => `invoice_date = ${p}`);
  add(filter.invoicingDateStart, (p) => `invoice_date >= ${p}`);
  add(filter.invoicingDateEnd, (p) => `invoice_date <= ${p}`);
  add(filter.centerBranchName, contains(`data->'invoice'->>'centerBranchName'`));
  add(filter.payStatus, (p) => `pay_status = ${p}`);
  add(filter.amount === undefined ? undefined : String(filter.amount), (p) => `amount = ${p}::numeric`);
  add(filter.operator, contains(`data->'invoice'->>'operator'`));
  return { sql: `WHERE ${clauses.join(' AND ')}`, params };
};

/**
 * SQL over the invoices table's generated columns (read-models/src/migrations/0018_invoices.sql):
 * newest first (issued time, else the time of purchase), the page's ids from the partial list
 * indexes, then only the rows shown, each by its key.
 */
export const invoiceReader = (pool: Pick<Pool, 'query'>) => ({
  async page(
    filter: InvoiceFilter,
    currentPage: number,
    pageSize: number,
  ): Promise<{ datas: Invoice[]; totals: number; currentPage: number; pageSize: number }> {
    const { sql, params } = where(filter);
    const limit = `$${params.length + 1}`;
    const offset = `$${params.length + 2}`;
    const result = await pool.query(
      prepared(
        `WITH page AS (
           SELECT _id, listed_at FROM ${INVOICES} ${sql}
            ORDER BY listed_at DESC, _id DESC LIMIT ${limit} OFFSET ${offset})
         SELECT (SELECT count(*)::int FROM ${INVOICES} ${sql}) AS n,
                (SELECT coalesce(jsonb_agg((SELECT i.data->'invoice' FROM ${INVOICES} i WHERE i._id = p._id) ORDER BY p.listed_at DESC, p._id DESC), '[]')
                   FROM page p) AS datas`,
        [...params, pageSize, (currentPage - 1) * pageSize],
      ),
    );
    return { datas: result.rows[0].datas as Invoice[], totals: result.rows[0].n as number, currentPage, pageSize };
  },
});
export type InvoiceReader = ReturnType<typeof invoiceReader>;
