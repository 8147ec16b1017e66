import type { Pool } from '@feibao/platform';
import { ORDER_LIST, ORDERS, type OrderDocument, type OrderListRow } from './orderDocument.ts';

/**
 * Lists page with SQL over the Pongo-shaped tables (Pongo 0.16 has no sort/skip/limit);
 * the expression index on (userName, orderTime DESC, _id) serves both the page and the count.
 */
export const ORDER_LIST_INDEXES = [
  `CREATE INDEX IF NOT EXISTS order_list_by_user_time ON ${ORDER_LIST} ((data->>'userName'), (data->>'orderTime') DESC, _id DESC)`,
  `CREATE INDEX IF NOT EXISTS orders_by_state ON ${ORDERS} (((data->>'state')::int)) WHERE (data->>'state')::int IN (1, 4, 5)`,
];

export const orderReader = (pool: Pick<Pool, 'query'>) => ({
  async page(userName: string, currentPage: number, pageSize: number) {
    const offset = (currentPage - 1) * pageSize;
    const [rows, count] = await Promise.all([
      pool.query(
        `SELECT data FROM ${ORDER_LIST} WHERE data->>'userName' = $1
          ORDER BY data->>'orderTime' DESC, _id DESC LIMIT $2 OFFSET $3`,
        [userName, pageSize, offset],
      ),
      pool.query(`SELECT count(*)::int AS n FROM ${ORDER_LIST} WHERE data->>'userName' = $1`, [userName]),
    ]);
    return {
      datas: rows.rows.map((r) => r.data as OrderListRow),
      currentPage,
      pageSize,
      totalCount: count.rows[0].n as number,
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
