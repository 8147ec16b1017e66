import { generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import type { DevTrade, DevTradeStatus } from '@feibao/domain/payments/api';
import { gatewayTime, yuanString } from '@feibao/domain/payments/gateway';
import type { Queryable } from '../db.ts';
import type { PaymentProvider, RefundRequest, TradeQuery, TradeRequest } from './provider.ts';
import { rsa2Sign, rsa2Verify } from './signing.ts';

/**
 * The dev gateway (PAYMENT_PROVIDER=dev): a simulated external system that behaves like a real one. It keeps
 * its trades in tables of its own (0019_payment_gateways.sql), opens a cashier at `/pay/<token>`, and on
 * payment or refund schedules an asynchronous notification signed with its own RSA key pair, which the
 * workers send (and resend) to the platform's notify endpoint. The platform side verifies with the public
 * key only.
 */

export const DEV_APP_ID = 'feibao-dev-gateway';

/** What the dev gateway notifies about; the workers build and sign the parameters when they send. */
export type DevNotifyJob = { kind: 'payment'; tradeNo: string } | { kind: 'refund'; refundNo: string };
export type DevNotifier = (job: DevNotifyJob) => Promise<unknown>;

type Keys = { appId: string; privateKey: string; publicKey: string };
const keysByDb = new WeakMap<object, Promise<Keys>>();

/** The gateway's key pair: generated once by the first process that needs it; every process then reads that row. */
export const devGatewayKeys = (db: Queryable): Promise<Keys> => {
  let keys = keysByDb.get(db);
  if (!keys) {
    keys = (async () => {
      const read = async () =>
        (
          await db.query(
            `SELECT app_id AS "appId", private_key AS "privateKey", public_key AS "publicKey" FROM dev_pay_keys WHERE id = 1`,
          )
        ).rows[0] as Keys | undefined;
      const found = await read();
      if (found) return found;
      const pair = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      await db.query(
        `INSERT INTO dev_pay_keys (id, app_id, private_key, public_key) VALUES (1, $1, $2, $3) ON CONFLICT (id) DO NOTHING`,
        [DEV_APP_ID, pair.privateKey, pair.publicKey],
      );
      return (await read())!;
    })();
    keys.catch(() => keysByDb.delete(db));
    keysByDb.set(db, keys);
  }
  return keys;
};

type TradeRow = {
  tradeNo: string;
  token: string;
  gatewayTradeNo: string;
  orderNo: string;
  subject: string;
  insurerName: string;
  amount: string;
  dueAt: Date;
  status: DevTradeStatus;
  paidAt: Date | null;
  dropNotifications: boolean;
};
const TRADE_COLUMNS = `trade_no AS "tradeNo", token, gateway_trade_no AS "gatewayTradeNo", order_no AS "orderNo",
  subject, insurer_name AS "insurerName", amount, due_at AS "dueAt", status, paid_at AS "paidAt",
  drop_notifications AS "dropNotifications"`;

const tradeBy = async (db: Queryable, column: 'trade_no' | 'token', value: string) =>
  (await db.query(`SELECT ${TRADE_COLUMNS} FROM dev_pay_trades WHERE ${column} = $1`, [value])).rows[0] as
    | TradeRow
    | undefined;

const cashierUrlOf = (publicBaseUrl: string, token: string) => `${publicBaseUrl}/pay/${token}`;

export const devProvider = (
  db: Queryable,
  options: { publicBaseUrl: string; notifier?: DevNotifier },
): PaymentProvider => ({
  name: 'dev',
  appId: async () => (await devGatewayKeys(db)).appId,
  async createTrade(trade: TradeRequest) {
    const token = randomBytes(24).toString('base64url');
    const gatewayTradeNo = `DEV${Date.now()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    await db.query(
      `INSERT INTO dev_pay_trades (trade_no, token, gateway_trade_no, order_no, subject, insurer_name, amount, due_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (trade_no) DO NOTHING`,
      [
        trade.tradeNo,
        token,
        gatewayTradeNo,
        trade.orderNo,
        trade.subject,
        trade.insurerName,
        yuanString(trade.amount),
        trade.dueAt,
      ],
    );
    const row = await tradeBy(db, 'trade_no', trade.tradeNo);
    return { cashierUrl: cashierUrlOf(options.publicBaseUrl, row!.token) };
  },
  // Opening is idempotent: a trade whose opening failed after 投保 (a store down a moment) opens when first shown.
  async cashierUrl(trade: TradeRequest) {
    const row = await tradeBy(db, 'trade_no', trade.tradeNo);
    return row ? cashierUrlOf(options.publicBaseUrl, row.token) : (await this.createTrade(trade)).cashierUrl;
  },
  async verifyNotification(params) {
    return rsa2Verify(params, (await devGatewayKeys(db)).publicKey);
  },
  async queryTrade(tradeNo: string): Promise<TradeQuery> {
    const row = await tradeBy(db, 'trade_no', tradeNo);
    if (!row) return { status: 'unknown', providerTradeNo: null, amount: null, paidAt: null };
    return {
      status: row.status === 'paid' ? 'paid' : row.status === 'closed' ? 'closed' : 'waiting',
      providerTradeNo: row.gatewayTradeNo,
      amount: Number(row.amount),
      paidAt: row.paidAt ? new Date(row.paidAt).toISOString() : null,
    };
  },
  async closeTrade(tradeNo: string) {
    await db.query(`UPDATE dev_pay_trades SET status = 'closed' WHERE trade_no = $1 AND status <> 'paid'`, [tradeNo]);
  },
  async refund(request: RefundRequest) {
    await db.query(
      `INSERT INTO dev_pay_refunds (refund_no, trade_no, amount, reason) VALUES ($1, $2, $3, $4) ON CONFLICT (refund_no) DO NOTHING`,
      [request.refundNo, request.tradeNo, yuanString(request.amount), request.reason],
    );
    await options.notifier?.({ kind: 'refund', refundNo: request.refundNo });
    return { status: 'accepted', refundedAt: null };
  },
});

/** The dev gateway's own calls behind the cashier page (services/command payments devRoutes.ts). */
export const devGateway = (db: Queryable, notifier: DevNotifier) => ({
  async trade(token: string, now: Date): Promise<DevTrade | null> {
    const row = await tradeBy(db, 'token', token);
    if (!row) return null;
    // A waiting trade past its time is closed, as a gateway's cashier times out.
    const status: DevTradeStatus =
      (row.status === 'waiting' || row.status === 'failed') && now.getTime() >= new Date(row.dueAt).getTime()
        ? 'closed'
        : row.status;
    return {
      orderNo: row.orderNo,
      subject: row.subject,
      amount: Number(row.amount),
      status,
      insurerName: row.insurerName,
      dueAt: new Date(row.dueAt).toISOString(),
    };
  },
  /** Pays the trade and schedules the notification; answers the trade's status after it (null: unknown token). */
  async confirm(token: string, now: Date): Promise<DevTradeStatus | null> {
    const updated = await db.query(
      `UPDATE dev_pay_trades SET status = 'paid', paid_at = $2
        WHERE token = $1 AND status IN ('waiting', 'failed') AND due_at > $2 RETURNING trade_no AS "tradeNo"`,
      [token, now],
    );
    const row = await tradeBy(db, 'token', token);
    if (!row) return null;
    if (updated.rowCount) await notifier({ kind: 'payment', tradeNo: row.tradeNo });
    return row.status === 'paid' ? 'paid' : 'closed';
  },
  async fail(token: string, now: Date): Promise<DevTradeStatus | null> {
    await db.query(
      `UPDATE dev_pay_trades SET status = 'failed' WHERE token = $1 AND status = 'waiting' AND due_at > $2`,
      [token, now],
    );
    return (await this.trade(token, now))?.status ?? null;
  },
  /**
   * The signed parameters of a notification as the gateway sends them now; null when there is nothing to
   * send (unknown, or the test seam `drop_notifications` set on the trade).
   */
  async notification(job: DevNotifyJob, now: Date): Promise<Record<string, string> | null> {
    const keys = await devGatewayKeys(db);
    let params: Record<string, string>;
    if (job.kind === 'payment') {
      const row = await tradeBy(db, 'trade_no', job.tradeNo);
      if (!row || row.dropNotifications || row.status !== 'paid' || !row.paidAt) return null;
      params = {
        out_trade_no: row.tradeNo,
        trade_no: row.gatewayTradeNo,
        total_amount: yuanString(Number(row.amount)),
        trade_status: 'TRADE_SUCCESS',
        notify_id: `${row.gatewayTradeNo}-paid`,
        gmt_payment: gatewayTime(new Date(row.paidAt)),
      };
    } else {
      const refund = (
        await db.query(
          `SELECT r.refund_no AS "refundNo", r.amount, r.refunded_at AS "refundedAt", t.trade_no AS "tradeNo",
                  t.gateway_trade_no AS "gatewayTradeNo", t.amount AS "tradeAmount", t.drop_notifications AS "drop"
             FROM dev_pay_refunds r JOIN dev_pay_trades t USING (trade_no) WHERE r.refund_no = $1`,
          [job.refundNo],
        )
      ).rows[0];
      if (!refund || refund.drop) return null;
      params = {
        out_trade_no: refund.tradeNo,
        trade_no: refund.gatewayTradeNo,
        out_biz_no: refund.refundNo,
        total_amount: yuanString(Number(refund.tradeAmount)),
        refund_fee: yuanString(Number(refund.amount)),
        trade_status: 'TRADE_SUCCESS',
        notify_id: `${refund.gatewayTradeNo}-${refund.refundNo}`,
        gmt_refund: gatewayTime(new Date(refund.refundedAt)),
      };
    }
    params = { ...params, app_id: keys.appId, notify_time: gatewayTime(now), charset: 'utf-8', version: '1.0' };
    return { ...params, sign_type: 'RSA2', sign: rsa2Sign(params, keys.privateKey) };
  },
});
export type DevGateway = ReturnType<typeof devGateway>;
