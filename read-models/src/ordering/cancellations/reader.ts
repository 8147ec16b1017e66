import type { Claim } from '@feibao/domain/claims/claim.events';
import type { Pool } from '@feibao/platform/db';
import { ORDERS, type OrderDocument } from '../orders/orderDocument.ts';

/**
 * 退保's reads over the orders documents (the folded order is on each, with its `cancellationRequest`) and
 * the claims documents: the quote desk's queue of referred requests, oldest first, served by the partial
 * index of 0027_cancellation_queue.sql; and the claims of one policy for the preview.
 */
const PENDING = `data->'order'->'cancellationRequest'->>'status' = 'pending'`;

export const cancellationReader = (pool: Pick<Pool, 'query'>) => ({
  async queue(currentPage: number, pageSize: number): Promise<{ datas: OrderDocument[]; totalCount: number }> {
    const result = await pool.query(
      `SELECT (SELECT count(*)::int FROM ${ORDERS} WHERE ${PENDING}) AS n,
              (SELECT coalesce(jsonb_agg(p.data ORDER BY p.at, p._id), '[]') FROM (
                 SELECT _id, data, data->'order'->'cancellationRequest'->>'requestedAt' AS at FROM ${ORDERS}
                  WHERE ${PENDING} ORDER BY at, _id LIMIT $1 OFFSET $2) p) AS datas`,
      [pageSize, (currentPage - 1) * pageSize],
    );
    return { datas: result.rows[0].datas as OrderDocument[], totalCount: result.rows[0].n as number };
  },
  async claimsOfOrder(orderId: string): Promise<Claim[]> {
    const result = await pool.query(`SELECT data->'claim' AS claim FROM claims WHERE data->>'orderId' = $1`, [orderId]);
    return result.rows.map((r) => r.claim as Claim);
  },
});
