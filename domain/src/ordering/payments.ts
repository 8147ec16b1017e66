import { illegalState, invalid, notFound } from '../shared/errors.ts';
import { sameAmount, toFen } from '../payments/gateway.ts';
import { mayRefund, maySystemOnly, refuse } from './guards.ts';
import { orderMessages as m } from './messages.ts';
import type { ConfirmPayment, ConfirmRefund, LapsePayment, RequestRefund } from './order.commands.ts';
import type { Order, OrderEvent, PaymentHistory } from './order.events.ts';
import { insurerQuotedAll, quoteExpired, totalPremium } from './quoting.ts';

/**
 * The order decider's part for payments (docs/api/payments.md): the provider's confirmation, the lapse of
 * an unpaid purchase, refunds. Confirmations come from the workers or the notification endpoint (system),
 * refunds from admins or the system.
 */

type Active = Exclude<Order, { status: 'none' }>;
const history = (order: Active): PaymentHistory => order.payments ?? { trades: [], refunds: [], lapsed: null };

/** Refunds already asked for on a trade (confirmed or not). */
const refundedFen = (order: Active, tradeNo: string) =>
  history(order)
    .refunds.filter((r) => r.tradeNo === tradeNo)
    .reduce((sum, r) => sum + toFen(r.amount), 0);

/** The paid trade a refund may come from: the current purchase's, once paid. */
const paidTrade = (order: Active) => ('payment' in order && order.payment?.paidAt ? order.payment : null);

/** Can the lapsed purchase still be honoured: back in quoted and the same insurer's quote is still valid? */
const honourable = (order: Active, now: Date) => {
  const lapsed = history(order).lapsed;
  if (order.status !== 'quoted' || !lapsed) return null;
  const progress = order.insurers.find((p) => p.request.insurerId === lapsed.insurer.id);
  if (!progress || !insurerQuotedAll(progress, order.lines) || quoteExpired(progress, now)) return null;
  return sameAmount(totalPremium(progress, order.lines), lapsed.amount) ? lapsed : null;
};

export const decidePayment = (
  command: ConfirmPayment | LapsePayment | RequestRefund | ConfirmRefund,
  state: Order,
): OrderEvent[] => {
  const { now } = command.metadata;
  const at = now.toISOString();
  if (state.status === 'none') throw notFound(m.notFound);
  switch (command.type) {
    case 'ConfirmPayment': {
      refuse(maySystemOnly(command.metadata));
      const { tradeNo, amount, providerTradeNo, paidAt, via, refundNo } = command.data;
      if (!history(state).trades.includes(tradeNo)) throw notFound(m.tradeNotOfOrder);
      const current = 'payment' in state ? state.payment : null;
      if (current?.tradeNo === tradeNo) {
        if (!sameAmount(current.amount, amount)) throw invalid(m.amountMismatch);
        // A repeated notification, or a reconciliation after the notification: nothing new.
        if (current.paidAt) return [];
        return [
          { type: 'PaymentConfirmed', data: { orderId: state.orderId, tradeNo, amount, paidAt, providerTradeNo, via } },
        ];
      }
      // A trade the order has moved on from: paid after its lapse, or before a purchase again.
      const lapsed = history(state).lapsed;
      const known = history(state).refunds.some((r) => r.tradeNo === tradeNo);
      if (known) return [];
      if (lapsed?.tradeNo === tradeNo && !sameAmount(lapsed.amount, amount)) throw invalid(m.amountMismatch);
      const honoured = lapsed?.tradeNo === tradeNo ? honourable(state, now) : null;
      if (honoured)
        return [
          {
            type: 'OrderInsured',
            data: {
              orderId: state.orderId,
              insurerId: honoured.insurer.id,
              insurerName: honoured.insurer.name,
              totalPremium: honoured.amount,
              insuredAt: at,
              requestedStartDate: state.form.startDate ?? null,
              payment: { tradeNo, amount: honoured.amount, dueAt: honoured.dueAt },
            },
          },
          { type: 'PaymentConfirmed', data: { orderId: state.orderId, tradeNo, amount, paidAt, providerTradeNo, via } },
        ];
      return [
        {
          type: 'RefundRequested',
          data: {
            orderId: state.orderId,
            refundNo,
            tradeNo,
            amount,
            reason: 'latePayment',
            requestedBy: command.metadata.actor,
            requestedAt: at,
          },
        },
      ];
    }
    case 'LapsePayment': {
      refuse(maySystemOnly(command.metadata));
      if (state.status !== 'insured' || !state.payment || state.payment.tradeNo !== command.data.tradeNo) return [];
      if (state.payment.paidAt || now.getTime() < new Date(state.payment.dueAt).getTime()) return [];
      const progress = state.insurers.find((p) => p.request.insurerId === state.insurer.id);
      const quoteValid = !!progress && insurerQuotedAll(progress, state.lines) && !quoteExpired(progress, now);
      return [
        {
          type: 'PaymentLapsed',
          data: { orderId: state.orderId, tradeNo: command.data.tradeNo, lapsedAt: at, quoteValid },
        },
      ];
    }
    case 'RequestRefund': {
      refuse(mayRefund(command.metadata));
      if (!command.data.reason.trim()) throw invalid(m.refundReasonRequired);
      const trade = paidTrade(state);
      if (!trade) throw illegalState(m.refundNotPaid);
      const left = toFen(trade.amount) - refundedFen(state, trade.tradeNo);
      const amount = command.data.amount ?? left / 100;
      if (toFen(amount) <= 0 || toFen(amount) > left) throw illegalState(m.refundTooMuch);
      return [
        {
          type: 'RefundRequested',
          data: {
            orderId: state.orderId,
            refundNo: command.data.refundNo,
            tradeNo: trade.tradeNo,
            amount,
            reason: command.data.reason.trim(),
            requestedBy: command.metadata.actor,
            requestedAt: at,
          },
        },
      ];
    }
    case 'ConfirmRefund': {
      refuse(maySystemOnly(command.metadata));
      const refund = history(state).refunds.find((r) => r.refundNo === command.data.refundNo);
      if (!refund) throw notFound(m.refundNotFound);
      if (refund.refundedAt) return [];
      if (!sameAmount(refund.amount, command.data.amount)) throw invalid(m.amountMismatch);
      return [
        {
          type: 'RefundConfirmed',
          data: {
            orderId: state.orderId,
            refundNo: refund.refundNo,
            amount: refund.amount,
            refundedAt: command.data.refundedAt,
          },
        },
      ];
    }
  }
};
