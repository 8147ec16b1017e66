import type {
  PaymentException,
  PaymentPage,
  PaymentRow,
  PaymentStatus,
  RefusedNotificationPage,
} from '@feibao/domain/payments/api';
import { refusalReasons, type RefusalCode } from '@feibao/domain/payments/gateway';
import type { PaymentTradeRecord } from '@feibao/domain/payments/trades';
import { maskPhone } from '@feibao/domain/shared/masking';
import type { Pool } from '@feibao/platform/db';
import { PAYMENT_TRADES } from './projection.ts';

export type PaymentPageQuery = {
  pageNum: number;
  pageSize: number;
  status?: string | undefined;
  orderNo?: string | undefined;
  phone?: string | undefined;
  exception?: string | undefined;
};

/** Status and exceptions as read at `now`; `underwriteMs`: how long underwriting may take after payment. */
export const paymentStatusAt = (t: PaymentTradeRecord, now: Date): PaymentStatus =>
  t.fullyRefunded
    ? 'refunded'
    : t.paidAt
      ? 'paid'
      : t.lapsedAt || now.getTime() >= new Date(t.dueAt).getTime()
        ? 'expired'
        : 'unpaid';

export const paymentExceptionAt = (t: PaymentTradeRecord, now: Date, underwriteMs: number): PaymentException | null =>
  t.refundPending
    ? 'refundPending'
    : t.paidAt && !t.underwrittenAt && !t.fullyRefunded && new Date(t.paidAt).getTime() + underwriteMs < now.getTime()
      ? 'paidNotUnderwritten'
      : null;

/**
 * The back office's payments list over payment_trades' generated columns (0020_payment_trades.sql). Every
 * filter is a fixed fragment with the caller's value as a parameter; the clock-dependent ones compare with
 * `now` passed in. The customer's name comes from their profile when read.
 */
export const paymentReader = (pool: Pick<Pool, 'query'>) => ({
  async page(q: PaymentPageQuery, now: Date, underwriteMs: number): Promise<PaymentPage> {
    const at = now.toISOString();
    const params: unknown[] = [];
    const where: string[] = [];
    const param = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    switch (q.status) {
      case 'refunded':
        where.push('fully_refunded');
        break;
      case 'paid':
        where.push('NOT fully_refunded AND paid_at IS NOT NULL');
        break;
      case 'expired':
        where.push(`NOT fully_refunded AND paid_at IS NULL AND (lapsed_at IS NOT NULL OR due_at <= ${param(at)})`);
        break;
      case 'unpaid':
        where.push(`paid_at IS NULL AND lapsed_at IS NULL AND due_at > ${param(at)}`);
        break;
    }
    if (q.orderNo) where.push(`order_no LIKE ${param(`${q.orderNo.toUpperCase().replace(/[\\%_]/g, '\\$&')}%`)}`);
    // The whole phone only (domain shared/search.ts): a prefix would list numbers the rows show masked.
    if (q.phone) where.push(`owner = ${param(q.phone)}`);
    if (q.exception === 'refundPending') where.push('refund_pending');
    if (q.exception === 'paidNotUnderwritten')
      where.push(
        `NOT refund_pending AND NOT fully_refunded AND paid_at IS NOT NULL AND underwritten_at IS NULL AND paid_at < ${param(
          new Date(now.getTime() - underwriteMs).toISOString(),
        )}`,
      );
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const limit = param(q.pageSize);
    const offset = param((q.pageNum - 1) * q.pageSize);
    const result = await pool.query(
      `SELECT (SELECT count(*)::int FROM ${PAYMENT_TRADES} ${filter}) AS total,
              (SELECT coalesce(jsonb_agg(jsonb_build_object('trade', p.data, 'name', p.name) ORDER BY p.created_at DESC, p._id DESC), '[]')
                 FROM (SELECT t.data, t.created_at, t._id,
                              coalesce(nullif(u.data->>'enterpriseName', ''), nullif(u.data->>'companyName', ''), u.data->>'name') AS name
                         FROM ${PAYMENT_TRADES} t LEFT JOIN user_profiles u ON u._id = t.owner
                         ${filter} ORDER BY t.created_at DESC, t._id DESC LIMIT ${limit} OFFSET ${offset}) p) AS list`,
      params,
    );
    const rows = result.rows[0].list as { trade: PaymentTradeRecord; name: string | null }[];
    return {
      total: result.rows[0].total as number,
      list: rows.map(
        ({ trade, name }): PaymentRow => ({
          orderId: trade.orderId,
          orderNo: trade.orderNo,
          customerName: name || maskPhone(trade.owner),
          customerPhone: maskPhone(trade.owner),
          insurerName: trade.insurerName,
          amount: trade.amount,
          status: paymentStatusAt(trade, now),
          tradeNo: trade.tradeNo,
          dueAt: trade.dueAt,
          paidAt: trade.paidAt,
          underwrittenAt: trade.underwrittenAt,
          exception: paymentExceptionAt(trade, now, underwriteMs),
        }),
      ),
    };
  },

  /** The notifications the platform refused, newest first (a platform table, 0019_payment_gateways.sql). */
  async refused(pageNum: number, pageSize: number): Promise<RefusedNotificationPage> {
    const result = await pool.query(
      `SELECT (SELECT count(*)::int FROM payment_refused_notifications) AS total,
              (SELECT coalesce(jsonb_agg(to_jsonb(p) ORDER BY p."receivedAt" DESC, p.id DESC), '[]') FROM (
                 SELECT id::text AS id, received_at AS "receivedAt", provider, trade_no AS "tradeNo",
                        reason_code AS "reasonCode", remote_address AS "remoteAddress", amount_claimed AS "amountClaimed"
                   FROM payment_refused_notifications ORDER BY received_at DESC, id DESC LIMIT $1 OFFSET $2) p) AS list`,
      [pageSize, (pageNum - 1) * pageSize],
    );
    const list = result.rows[0].list as Omit<RefusedNotificationPage['list'][number], 'reason'>[];
    return {
      total: result.rows[0].total as number,
      list: list.map((r) => ({
        ...r,
        receivedAt: new Date(r.receivedAt).toISOString(),
        reason: refusalReasons[r.reasonCode as RefusalCode] ?? r.reasonCode,
      })),
    };
  },
});
