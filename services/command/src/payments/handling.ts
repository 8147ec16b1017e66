import {
  paymentNotificationSchema,
  fromGatewayTime,
  isPaidStatus,
  orderIdOfTrade,
  refundNumber,
  refusalReasons,
  sameAmount,
  scaledMinutesMs,
  tradeNumber,
  tradeSubject,
  type RefusalCode,
} from '@feibao/domain/payments/gateway';
import type { OrderPayment } from '@feibao/domain/payments/api';
import { orderDecider, type OrderCommand, type OrderMetadata } from '@feibao/domain/ordering/order.commands';
import { orderStreamId, type Order } from '@feibao/domain/ordering/order.events';
import { DomainError } from '@feibao/domain/shared/errors';
import { orderMessages } from '@feibao/domain/ordering/messages';
import { ResultCode } from '@feibao/domain/shared/codes';
import { handleCommand, load } from '@feibao/platform/eventStore';
import { logger } from '@feibao/platform/logger';
import type { TradeRequest } from '@feibao/platform/payments/provider';
import type { CommandDeps } from '../deps.ts';
import { currentTerms } from '../disclosure/handling.ts';

/**
 * The payments slice's command handling (docs/api/payments.md): 投保 opens the provider's trade, the provider's
 * notifications confirm payments and refunds, staff ask for refunds. A notification is checked before anything
 * is appended — signature, app id, that the trade is one of the order's, amount, the gateway's own trade number —
 * and a refused one stores nothing in the event store: it is logged as a security event and kept in
 * `payment_refused_notifications` for the back office.
 */

const SYSTEM: Omit<OrderMetadata, 'now'> = { actor: 'system', roles: [], system: true };

type Active = Exclude<Order, { status: 'none' }>;
const tradesOf = (order: Order) => (order.status === 'none' ? [] : (order.payments?.trades ?? []));
const refundsOf = (order: Order) => (order.status === 'none' ? [] : (order.payments?.refunds ?? []));

/** The amount due on a trade of this order, as the order knows it (current purchase or the lapsed one). */
const dueOn = (order: Active, tradeNo: string): number | null => {
  if ('payment' in order && order.payment?.tradeNo === tradeNo) return order.payment.amount;
  if (order.payments?.lapsed?.tradeNo === tradeNo) return order.payments.lapsed.amount;
  // A 批改's extra premium (domain ordering/endorsementSettlement.ts).
  const endorsement = 'endorsementTrades' in order ? order.endorsementTrades?.find((t) => t.tradeNo === tradeNo) : null;
  if (endorsement) return endorsement.amount;
  return null;
};

export const tradeRequestOf = (order: Order): TradeRequest | null =>
  order.status === 'insured' && order.payment
    ? {
        tradeNo: order.payment.tradeNo,
        orderNo: order.orderNo,
        amount: order.payment.amount,
        subject: tradeSubject(order.orderNo),
        insurerName: order.insurer.name,
        dueAt: order.payment.dueAt,
      }
    : null;

export type NotificationOutcome = 'success' | 'failure';

/** Refused notifications one client address may add to the back office's list per minute. */
const REFUSALS_RECORDED_PER_MINUTE = 60;

export const paymentHandling = (deps: CommandDeps) => {
  const onOrder = (orderId: string, command: OrderCommand | ((state: Order) => OrderCommand)) =>
    handleCommand(deps.eventStore, orderStreamId(orderId), orderDecider, command);

  /** 投保: the purchase with its trade (number, due time), then the provider's trade and its cashier. */
  const insure = async (orderId: string, insurerId: number, meta: OrderMetadata) => {
    const dueAt = new Date(
      meta.now.getTime() + scaledMinutesMs(deps.config.paymentDueMinutes, deps.config.quoteDaySeconds),
    ).toISOString();
    // The order's 投保前阅读确认 must be on the texts in force (docs/api/disclosure.md).
    const terms = await currentTerms(deps.eventStore);
    const result = await onOrder(orderId, (state) => ({
      type: 'Insure',
      data: { insurerId, payment: { tradeNo: tradeNumber(orderId, tradesOf(state).length + 1), dueAt }, terms },
      metadata: meta,
    }));
    const trade = tradeRequestOf(result.state);
    let payment: OrderPayment | null = null;
    if (trade) {
      // Bought either way: a provider that cannot open the trade now opens it when the order is next read.
      const cashierUrl = await deps.payments
        .createTrade(trade)
        .then((opened) => opened.cashierUrl)
        .catch((err: unknown) => {
          logger.warn({ err, tradeNo: trade.tradeNo }, 'payment trade not opened yet');
          return null;
        });
      payment = {
        status: 'unpaid',
        amount: trade.amount,
        dueAt: trade.dueAt,
        paidAt: null,
        tradeNo: trade.tradeNo,
        cashierUrl,
      };
    }
    return { position: result.position, payment };
  };

  const refuse = async (
    provider: string,
    reasonCode: RefusalCode,
    params: Record<string, unknown>,
    remoteAddress: string | null,
  ): Promise<NotificationOutcome> => {
    const tradeNo = typeof params.out_trade_no === 'string' ? params.out_trade_no.slice(0, 64) : null;
    const amountClaimed =
      typeof params.refund_fee === 'string'
        ? params.refund_fee.slice(0, 32)
        : typeof params.total_amount === 'string'
          ? params.total_amount.slice(0, 32)
          : null;
    logger.warn(
      { security: 'payment-notification-refused', provider, reasonCode, tradeNo, remoteAddress, amountClaimed },
      `payment notification refused: ${refusalReasons[reasonCode]}`,
    );
    // The endpoint is public: one address cannot fill the table (its refusals beyond this are only logged).
    if (!(await deps.limiter.hit(`pay-refused:ip:${remoteAddress ?? '-'}`, REFUSALS_RECORDED_PER_MINUTE, 60)))
      return 'failure';
    await deps.pool.query(
      `INSERT INTO payment_refused_notifications (provider, trade_no, reason_code, remote_address, amount_claimed, params)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [provider.slice(0, 32), tradeNo, reasonCode, remoteAddress, amountClaimed, JSON.stringify(params).slice(0, 8000)],
    );
    return 'failure';
  };

  /** One notification from the gateway, form parameters as posted; answers what the gateway is told. */
  const notification = async (
    providerName: string,
    body: unknown,
    remoteAddress: string | null,
  ): Promise<NotificationOutcome> => {
    const raw = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    if (providerName !== deps.payments.name) return refuse(providerName, 'unknownProvider', raw, remoteAddress);
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(raw)) {
      if (typeof value !== 'string') return refuse(providerName, 'malformed', raw, remoteAddress);
      params[key] = value;
    }
    if (!(await deps.payments.verifyNotification(params)))
      return refuse(providerName, 'badSignature', raw, remoteAddress);
    if (params.app_id !== (await deps.payments.appId())) return refuse(providerName, 'badAppId', raw, remoteAddress);
    const parsed = paymentNotificationSchema.safeParse(params);
    if (!parsed.success) return refuse(providerName, 'malformed', raw, remoteAddress);
    const n = parsed.data;
    const orderId = orderIdOfTrade(n.out_trade_no);
    const { state } = orderId ? await load(deps.eventStore, orderStreamId(orderId), orderDecider) : { state: null };
    if (!orderId || !state || state.status === 'none' || !tradesOf(state).includes(n.out_trade_no))
      return refuse(providerName, 'unknownTrade', raw, remoteAddress);
    const now = deps.now();

    if (n.out_biz_no && n.refund_fee) {
      const refund = refundsOf(state).find((r) => r.refundNo === n.out_biz_no && r.tradeNo === n.out_trade_no);
      if (!refund) return refuse(providerName, 'unknownTrade', raw, remoteAddress);
      if (!sameAmount(refund.amount, Number(n.refund_fee)))
        return refuse(providerName, 'amountMismatch', raw, remoteAddress);
      await onOrder(orderId, {
        type: 'ConfirmRefund',
        data: {
          refundNo: refund.refundNo,
          amount: refund.amount,
          refundedAt: fromGatewayTime(n.gmt_refund) ?? now.toISOString(),
        },
        metadata: { now, ...SYSTEM },
      });
      return 'success';
    }

    const due = dueOn(state, n.out_trade_no);
    // The gateway's own record of the trade: its trade number must be the one notified (a valid notification
    // of another trade replayed under this trade's number fails here), and it names the amount for old trades.
    const gateway = await deps.payments.queryTrade(n.out_trade_no);
    if (gateway.providerTradeNo !== null && gateway.providerTradeNo !== n.trade_no)
      return refuse(providerName, 'tradeMismatch', raw, remoteAddress);
    const expected = due ?? gateway.amount;
    if (expected === null || !sameAmount(expected, Number(n.total_amount)))
      return refuse(providerName, 'amountMismatch', raw, remoteAddress);
    // Closed or still waiting: acknowledged; the due time decides the lapse.
    if (!isPaidStatus(n.trade_status)) return 'success';
    await confirm(orderId, {
      tradeNo: n.out_trade_no,
      amount: Number(n.total_amount),
      providerTradeNo: n.trade_no,
      paidAt: fromGatewayTime(n.gmt_payment) ?? now.toISOString(),
      via: 'notify',
    });
    return 'success';
  };

  const confirm = (
    orderId: string,
    paid: {
      tradeNo: string;
      amount: number;
      providerTradeNo: string;
      paidAt: string;
      via: 'notify' | 'reconciliation';
    },
  ) =>
    onOrder(orderId, (state) => ({
      type: 'ConfirmPayment',
      data: { ...paid, refundNo: refundNumber(paid.tradeNo, refundsOf(state).length + 1) },
      metadata: { now: deps.now(), ...SYSTEM },
    }));

  /** Staff ask for a refund of the paid purchase (the workers carry it out from RefundRequested). */
  const requestRefund = async (orderId: string, amount: number | undefined, reason: string, meta: OrderMetadata) => {
    const result = await onOrder(orderId, (state) => ({
      type: 'RequestRefund',
      data: {
        refundNo: refundNumber(
          'payment' in state && state.payment ? state.payment.tradeNo : orderId,
          refundsOf(state).length + 1,
        ),
        amount,
        reason,
      },
      metadata: meta,
    }));
    const requested = result.events.find((e) => e.type === 'RefundRequested');
    if (requested?.type !== 'RefundRequested')
      throw new DomainError(orderMessages.refundNotAccepted, ResultCode.conflict);
    return { position: result.position, refundNo: requested.data.refundNo, amount: requested.data.amount };
  };

  return { insure, notification, requestRefund };
};
