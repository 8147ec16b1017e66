import { allowedActions, type OrderStateValue } from '@feibao/domain';
import type { Pool } from '@feibao/platform';
import { ORDER_LIST, ORDERS, type OrderDocument, type OrderListRow, type StoredOrderListRow } from './orderDocument.ts';

/**
 * Lists page with SQL over the Pongo-shaped tables (Pongo 0.16 has no sort/skip/limit).
 * An expression index cannot serve an index-only scan, so page 50 with its count used to
 * read and decode ~2,000 JSONB rows per request; user_name and order_time are therefore
 * also stored as generated columns with a covering index: the count and the offset walk
 * stay inside the index (once VACUUM has marked the pages all-visible) and only the 20
 * rows shown are read.
 */
export const ORDER_LIST_INDEXES = [
  // The expression index the list used before the generated columns: every write paid for it.
  `DROP INDEX IF EXISTS order_list_by_user_time`,
  `CREATE INDEX IF NOT EXISTS orders_by_state ON ${ORDERS} (((data->>'state')::int)) WHERE (data->>'state')::int IN (1, 4, 5)`,
  // Guarded: ALTER TABLE … IF NOT EXISTS would still take an exclusive lock on every start.
  `DO $$ BEGIN
     IF NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = '${ORDER_LIST}'::regclass AND attname = 'user_name' AND NOT attisdropped) THEN
       ALTER TABLE ${ORDER_LIST}
         ADD COLUMN user_name TEXT GENERATED ALWAYS AS (data->>'userName') STORED,
         ADD COLUMN order_time TEXT GENERATED ALWAYS AS (data->>'orderTime') STORED;
     END IF;
   END $$`,
  `CREATE INDEX IF NOT EXISTS order_list_user_page ON ${ORDER_LIST} (user_name, order_time DESC, _id DESC)`,
];

export const orderReader = (pool: Pick<Pool, 'query'>) => ({
  /** One round trip: the count and the page's ids from the index, then just those rows. */
  async page(userName: string, currentPage: number, pageSize: number, now: Date) {
    const offset = (currentPage - 1) * pageSize;
    const result = await pool.query(
      `WITH page AS (
         SELECT _id, order_time FROM ${ORDER_LIST} WHERE user_name = $1
          ORDER BY order_time DESC, _id DESC LIMIT $2 OFFSET $3)
       SELECT (SELECT count(*)::int FROM ${ORDER_LIST} WHERE user_name = $1) AS n,
              (SELECT coalesce(jsonb_agg(l.data ORDER BY p.order_time DESC, p._id DESC), '[]')
                 FROM page p JOIN ${ORDER_LIST} l ON l._id = p._id) AS datas`,
      [userName, pageSize, offset],
    );
    return {
      datas: (result.rows[0].datas as StoredOrderListRow[]).map(
        (row): OrderListRow => ({ ...row, actions: allowedActions({ ...row, state: row.state as OrderStateValue }, now) }),
      ),
      currentPage,
      pageSize,
      totalCount: result.rows[0].n as number,
    };
  },
  async byId(id: string): Promise<OrderDocument | null> {
    const result = await pool.query(`SELECT data FROM ${ORDERS} WHERE _id = $1`, [id]);
    return (result.rows[0]?.data as OrderDocument | undefined) ?? null;
  },
  /** Orders whose policy step is due: underwritten with a start passed, in force with an end passed. */
  async duePolicySteps(now: Date): Promise<{ id: string; state: number }[]> {
    const result = await pool.query(
      `SELECT _id AS id, (data->>'state')::int AS state FROM ${ORDERS}
        WHERE ((data->>'state')::int = 4 AND (data->>'startDate') <= $1)
           OR ((data->>'state')::int = 5 AND (data->>'endDate') <= $1)`,
      [now.toISOString()],
    );
    return result.rows;
  },
  /** Drones of the caller's policies (insured and later) whose device codes match. */
  async insuredDrones(userName: string, deviceCodes: string[]) {
    const result = await pool.query(
      `SELECT data->'form'->'uavInfoList' AS drones, data->>'policyNo' AS "policyNo" FROM ${ORDERS}
        WHERE data->>'userName' = $1 AND (data->>'state')::int >= 3`,
      [userName],
    );
    const wanted = new Set(deviceCodes);
    const found: Record<string, unknown>[] = [];
    for (const row of result.rows)
      for (const drone of (row.drones ?? []) as { deviceNumber?: string }[]) {
        const codes = (drone.deviceNumber ?? '').split(',').map((c) => c.trim()).filter(Boolean);
        const matched = codes.filter((c) => wanted.has(c));
        if (matched.length > 0) found.push({ ...drone, deviceNumber: matched.join(','), policyNo: row.policyNo });
      }
    return found;
  },
});
export type OrderReader = ReturnType<typeof orderReader>;
