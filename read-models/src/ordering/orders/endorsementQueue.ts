import type { Order } from '@feibao/domain/ordering/order.events';
import { endorsementView, type EndorsementView } from '@feibao/domain/ordering/endorsementView';
import type { Pool } from '@feibao/platform/db';
import { ORDERS } from './orderDocument.ts';

export type EndorsementQueueStatus = 'open' | 'referred' | 'pending' | 'settled';
export type EndorsementQueueRow = EndorsementView & {
  orderId: string;
  orderNo: string;
  policyNo: string | null;
  userName: string;
  insuranceCompanyName: string | null;
  /** Hours since it was asked for (the SLA age); overdue once its deadline passed unsettled. */
  ageHours: number;
  overdue: boolean;
};

const statuses: Record<EndorsementQueueStatus, string[]> = {
  open: ['pending', 'referred'],
  referred: ['referred'],
  pending: ['pending'],
  settled: ['awaitingPayment', 'endorsed', 'declined', 'withdrawn'],
};

/**
 * The quote desk's 批改 queue, from the orders documents (the order state they keep): oldest first, so the
 * longest waiting is at the top; at most 200 (a desk works the head of it).
 */
export const endorsementQueueReader = (pool: Pick<Pool, 'query'>) => ({
  /** Endorsements still waiting for the insurer's answer: job recovery puts their answer jobs back (workers recovery.ts). */
  /** Extra premiums awaiting payment: the payment sweep reconciles and lapses them like purchases (a lost job). */
  async unpaidExtraPremiums(): Promise<{ orderId: string; tradeNo: string; dueAt: string }[]> {
    const result = await pool.query(
      `SELECT _id AS "orderId", data->'order'->'endorsement'->'payment'->>'tradeNo' AS "tradeNo",
              data->'order'->'endorsement'->'payment'->>'dueAt' AS "dueAt"
         FROM ${ORDERS} WHERE data->'order'->'endorsement'->>'status' = 'awaitingPayment'`,
    );
    return result.rows as { orderId: string; tradeNo: string; dueAt: string }[];
  },
  async awaitingAnswer(): Promise<{ orderId: string; endorsementId: string; answerDueAt: string }[]> {
    const result = await pool.query(
      `SELECT _id AS "orderId", data->'order'->'endorsement'->>'endorsementId' AS "endorsementId",
              data->'order'->'endorsement'->>'answerDueAt' AS "answerDueAt"
         FROM ${ORDERS} WHERE data->'order'->'endorsement'->>'status' = 'pending'`,
    );
    return result.rows as { orderId: string; endorsementId: string; answerDueAt: string }[];
  },
  async list(status: EndorsementQueueStatus, now: Date): Promise<EndorsementQueueRow[]> {
    const result = await pool.query(
      `SELECT _id AS id, data->'order' AS "order", data->>'orderNo' AS "orderNo", data->>'policyNo' AS "policyNo",
              data->>'userName' AS "userName", data->>'insuranceCompanyName' AS "insurer"
         FROM ${ORDERS}
        WHERE data->'order'->'endorsement'->>'status' = ANY($1::text[])
        ORDER BY data->'order'->'endorsement'->>'requestedAt' LIMIT 200`,
      [statuses[status]],
    );
    return result.rows.flatMap((row) => {
      const view = endorsementView(row.order as Order, true);
      if (!view) return [];
      const open = view.status === 'pending' || view.status === 'referred';
      return [
        {
          ...view,
          orderId: row.id as string,
          orderNo: row.orderNo as string,
          policyNo: (row.policyNo as string | null) ?? null,
          userName: row.userName as string,
          insuranceCompanyName: (row.insurer as string | null) ?? null,
          ageHours: Math.max(0, Math.floor((now.getTime() - new Date(view.requestedAt).getTime()) / 3_600_000)),
          overdue: open && now.getTime() > new Date(view.deadlineAt).getTime(),
        },
      ];
    });
  },
});
