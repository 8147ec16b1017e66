import { allowedActions } from '@feibao/domain/ordering/guards';
import { OrderState, type OrderStateValue } from '@feibao/domain/ordering/order.events';
import { paymentAsRead, paymentFacts } from '@feibao/domain/payments/status';
import type { Pool } from '@feibao/platform/db';
import { prepared } from '../../prepared.ts';
import { ORDER_LIST, ORDERS, type OrderDocument, type OrderListRow, type StoredOrderListRow } from './orderDocument.ts';

const PAGE_SQL = `WITH page AS (
   SELECT _id, order_time FROM ${ORDER_LIST} WHERE user_name = $1
    ORDER BY order_time DESC, _id DESC LIMIT $2 OFFSET $3)
 SELECT coalesce((SELECT n FROM order_list_owner_counts WHERE user_name = $1), 0)::int AS n,
        (SELECT coalesce(jsonb_agg((SELECT l.data FROM ${ORDER_LIST} l WHERE l._id = p._id) ORDER BY p.order_time DESC, p._id DESC), '[]')
           FROM page p) AS datas`;

/**
 * Lists page with SQL over the Pongo-shaped tables (Pongo 0.16 has no sort/skip/limit).
 * The offset walk uses order_list's generated columns user_name and order_time and their covering
 * index (read-models/src/migrations/0004_order_queries.sql): page N reads N × pageSize index entries,
 * whatever the customer holds. The count is one row of order_list_owner_counts, kept by triggers in the
 * rows' transaction (0029_owner_list_counts.sql), so page 1 costs the same for 10 orders or 100,000.
 * The state filters use orders_by_state (0004).
 */
export const orderReader = (pool: Pick<Pool, 'query'>) => ({
  /**
   * One round trip: the count and the page's ids from the index, then just those rows, each by
   * its key (a subquery keeps the prepared statement's generic plan from joining more rows).
   */
  async page(userName: string, currentPage: number, pageSize: number, now: Date, renewalGraceDays?: number) {
    const offset = (currentPage - 1) * pageSize;
    const result = await pool.query(prepared(PAGE_SQL, [userName, pageSize, offset]));
    return {
      datas: (result.rows[0].datas as StoredOrderListRow[]).map(
        (row): OrderListRow => ({
          ...row,
          // The cashier's address is added by the route, which knows the provider.
          payment: paymentAsRead(row.payment ?? null, now, null),
          policyVersion: row.policyVersion ?? (row.policyNo ? 1 : null),
          pendingChange: row.pendingChange ?? null,
          renewalOf: row.renewalOf ?? null,
          renewedBy: row.renewedBy ?? null,
          // The list is the caller's own orders: the actions are what their owner may do.
          actions: allowedActions(
            {
              ...row,
              state: row.state as OrderStateValue,
              owner: row.userName,
              payment: paymentFacts(row.payment),
              renewedBy: row.renewedBy?.orderNo ?? null,
              renewalGraceDays,
            },
            now,
            { actor: userName },
          ),
        }),
      ),
      currentPage,
      pageSize,
      totalCount: result.rows[0].n as number,
    };
  },
  /** Orders being quoted, oldest change first (the back office's progress list). */
  async quoting(currentPage: number, pageSize: number): Promise<{ datas: OrderDocument[]; totalCount: number }> {
    // One statement, so the page and its count are read in one snapshot.
    const result = await pool.query(
      `SELECT (SELECT count(*)::int FROM ${ORDERS} WHERE (data->>'state')::int = $3) AS n,
              (SELECT coalesce(jsonb_agg(p.data ORDER BY p.i), '[]') FROM (
                 SELECT data, row_number() OVER (ORDER BY data->>'updatedAt') AS i FROM ${ORDERS}
                  WHERE (data->>'state')::int = $3 ORDER BY data->>'updatedAt' LIMIT $1 OFFSET $2) p) AS datas`,
      [pageSize, (currentPage - 1) * pageSize, OrderState.quoting],
    );
    return { datas: result.rows[0].datas as OrderDocument[], totalCount: result.rows[0].n as number };
  },
  async byId(id: string): Promise<OrderDocument | null> {
    const result = await pool.query(`SELECT data FROM ${ORDERS} WHERE _id = $1`, [id]);
    return (result.rows[0]?.data as OrderDocument | undefined) ?? null;
  },
  /**
   * Orders waiting for an insurer (being quoted, or insured and not yet underwritten) with their
   * domain state: the workers re-create lost jobs from them (workers recovery.ts).
   */
  async awaitingInsurerWork(): Promise<{ order: OrderDocument['order']; updatedAt: string }[]> {
    const result = await pool.query(
      `SELECT data->'order' AS "order", data->>'updatedAt' AS "updatedAt" FROM ${ORDERS} WHERE (data->>'state')::int = ANY($1::int[])`,
      [[OrderState.quoting, OrderState.insured]],
    );
    return result.rows;
  },
  /**
   * Purchases waiting for their payment (state 3, unpaid): the workers' payment sweep asks the provider
   * about each and lets the overdue ones lapse (workers payments/processor.ts).
   */
  async unpaidPurchases(): Promise<{ orderId: string; tradeNo: string; dueAt: string }[]> {
    const result = await pool.query(
      `SELECT _id AS "orderId", data->'payment'->>'tradeNo' AS "tradeNo", data->'payment'->>'dueAt' AS "dueAt"
         FROM ${ORDERS} WHERE (data->>'state')::int = $1 AND data->'payment'->>'status' = 'unpaid'`,
      [OrderState.insured],
    );
    return result.rows;
  },
  /** Orders whose policy step is due: underwritten with a start passed, in force with an end passed. */
  async duePolicySteps(now: Date): Promise<{ id: string; state: OrderStateValue }[]> {
    const result = await pool.query(
      `SELECT _id AS id, (data->>'state')::int AS state FROM ${ORDERS}
        WHERE ((data->>'state')::int = $2 AND (data->>'startDate') <= $1)
           OR ((data->>'state')::int = $3 AND (data->>'endDate') <= $1)`,
      [now.toISOString(), OrderState.underwritten, OrderState.inForce],
    );
    return result.rows;
  },
  /** Drones of the caller's policies (insured and later) whose device codes match. */
  async insuredDrones(userName: string, deviceCodes: string[]) {
    const result = await pool.query(
      `SELECT data->'form'->'uavInfoList' AS drones, data->>'policyNo' AS "policyNo" FROM ${ORDERS}
        WHERE data->>'userName' = $1 AND (data->>'state')::int >= $2`,
      [userName, OrderState.insured],
    );
    const wanted = new Set(deviceCodes);
    const found: Record<string, unknown>[] = [];
    for (const row of result.rows)
      for (const drone of (row.drones ?? []) as { deviceNumber?: string }[]) {
        const codes = (drone.deviceNumber ?? '')
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean);
        const matched = codes.filter((c) => wanted.has(c));
        if (matched.length > 0) found.push({ ...drone, deviceNumber: matched.join(','), policyNo: row.policyNo });
      }
    return found;
  },
});
export type OrderReader = ReturnType<typeof orderReader>;
