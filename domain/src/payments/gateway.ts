import { z } from 'zod';

/**
 * The pure parts of talking to a payment gateway the way Alipay does (docs/api/payments.md): amounts as
 * yuan strings, the string that is signed, the asynchronous notification's parameters, and the trade
 * and refund numbers the platform gives the gateway. Signing itself (RSA) is the platform's.
 */

/** Amounts compare in fen: 0.1 + 0.2 is 0.30 yuan. */
export const toFen = (yuan: number) => Math.round(yuan * 100);
/** A gateway's amount: yuan with two decimals ("1234.50"). */
export const yuanString = (yuan: number) => (toFen(yuan) / 100).toFixed(2);
export const sameAmount = (a: number, b: number) => toFen(a) === toFen(b);

/**
 * What RSA2 signs: every parameter but `sign` and `sign_type`, empty values left out, sorted by name,
 * `k=v` joined by `&`, values as sent (not URL-encoded).
 */
export const signatureBase = (params: Readonly<Record<string, string | undefined>>) =>
  Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');

/** Gateway trade statuses; the first two mean paid. */
export const tradeStatuses = ['TRADE_SUCCESS', 'TRADE_FINISHED', 'TRADE_CLOSED', 'WAIT_BUYER_PAY'] as const;
export type TradeStatus = (typeof tradeStatuses)[number];
export const isPaidStatus = (status: string) => status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED';

const amountText = z.string().regex(/^\d+(\.\d{1,2})?$/, '金额格式不正确');

/** The notification's parameters as the platform uses them (the rest is only signed). */
export const paymentNotificationSchema = z.object({
  out_trade_no: z.string({ error: '缺少商户交易号' }).min(1, '缺少商户交易号').max(64),
  trade_no: z.string({ error: '缺少网关交易号' }).min(1, '缺少网关交易号').max(64),
  total_amount: amountText,
  trade_status: z.enum(tradeStatuses, { error: '交易状态不正确' }),
  notify_id: z.string({ error: '缺少通知编号' }).min(1, '缺少通知编号').max(128),
  app_id: z.string({ error: '缺少应用标识' }).min(1, '缺少应用标识').max(64),
  notify_time: z.string().max(32).optional(),
  gmt_payment: z.string().max(32).optional(),
  // Refund notifications.
  out_biz_no: z.string().max(64).optional(),
  refund_fee: amountText.optional(),
  gmt_refund: z.string().max(32).optional(),
});
export type PaymentNotification = z.output<typeof paymentNotificationSchema>;

/** Why a notification was refused: code on the wire and in the table, the Chinese text for the back office. */
export const refusalReasons = {
  badSignature: '签名验证失败',
  badAppId: '应用标识不符',
  unknownTrade: '交易不属于任何订单',
  tradeMismatch: '网关交易号与该订单的交易不符',
  amountMismatch: '金额与应付金额不符',
  malformed: '通知参数不完整',
  unknownProvider: '未知的支付渠道',
} as const;
export type RefusalCode = keyof typeof refusalReasons;

/**
 * The trade number carries its order (the id without dashes) and the purchase's sequence, so a
 * notification leads to the one order stream it may touch; 34 characters, under Alipay's 64.
 */
export const tradeNumber = (orderId: string, sequence: number) =>
  `${orderId.replace(/-/g, '')}${String(sequence).padStart(2, '0')}`;
export const orderIdOfTrade = (tradeNo: string): string | null => {
  const m = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})\d{2}$/.exec(tradeNo);
  return m ? m.slice(1).join('-') : null;
};
/** A refund's number: its trade and the refund's sequence on the order. */
export const refundNumber = (tradeNo: string, sequence: number) => `${tradeNo}R${String(sequence).padStart(2, '0')}`;

const MINUTE_MS = 60_000;
/**
 * How long the cashier stays open: PAYMENT_DUE_MINUTES, scaled with the insurer's working day when that is
 * shortened (development, tests: QUOTE_DAY_SECONDS < 86400); scaling never takes it under a minute (a
 * setting under a minute, a test's, is taken as it is).
 */
export const scaledMinutesMs = (minutes: number, quoteDaySeconds: number) => {
  const ms = Math.round(minutes * MINUTE_MS);
  if (quoteDaySeconds >= 86_400) return ms;
  return Math.max(Math.min(MINUTE_MS, ms), Math.round((ms * quoteDaySeconds) / 86_400));
};

const SHANGHAI_MS = 8 * 3600 * 1000;
/** A gateway's time: `yyyy-MM-dd HH:mm:ss`, Beijing time. */
export const gatewayTime = (at: Date) =>
  new Date(at.getTime() + SHANGHAI_MS).toISOString().slice(0, 19).replace('T', ' ');
/** A gateway's time as an ISO instant; null when it is not one. */
export const fromGatewayTime = (text: string | undefined): string | null => {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const at = new Date(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
};

/** What the cashier and the gateway's records call the purchase. */
export const tradeSubject = (orderNo: string) => `飞保无人机保险 ${orderNo}`;
