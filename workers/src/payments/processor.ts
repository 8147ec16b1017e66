import { UnrecoverableError, type Job } from 'bullmq';
import { orderDecider, type OrderCommand } from '@feibao/domain/ordering/order.commands';
import { orderStreamId, type Order } from '@feibao/domain/ordering/order.events';
import { refundNumber, scaledMinutesMs } from '@feibao/domain/payments/gateway';
import { handleCommand, type EventStore } from '@feibao/platform/eventStore';
import type { PaymentProvider } from '@feibao/platform/payments/provider';
import type { PaymentJob } from './jobs.ts';

export type PaymentWorkDeps = {
  eventStore: EventStore;
  provider: PaymentProvider;
  now: () => Date;
  unpaidPurchases: () => Promise<{ orderId: string; tradeNo: string; dueAt: string }[]>;
  dueMinutes: number;
  reconcileMinutes: number;
  quoteDaySeconds: number;
};

const refundsOf = (order: Order) => (order.status === 'none' ? [] : (order.payments?.refunds ?? []));

/**
 * The payment jobs. Reconciliation confirms what the provider says is paid (`via: 'reconciliation'`); an
 * expiry asks once more first, so a payment whose notification was lost is never lapsed; refunds go to the
 * provider (idempotent by refund number) and, when it answers at once (Alipay), are confirmed here.
 */
export const paymentProcessor = (deps: PaymentWorkDeps) => {
  const system = () => ({ now: deps.now(), actor: 'system', roles: [] as string[], system: true });
  const run = (orderId: string, command: OrderCommand | ((state: Order) => OrderCommand)) =>
    handleCommand(deps.eventStore, orderStreamId(orderId), orderDecider, command);

  /** Asks the provider; a paid trade is confirmed. Answers whether it was paid. */
  const reconcile = async (orderId: string, tradeNo: string) => {
    const trade = await deps.provider.queryTrade(tradeNo);
    if (trade.status !== 'paid' || trade.amount === null) return false;
    await run(orderId, (state) => ({
      type: 'ConfirmPayment',
      data: {
        tradeNo,
        amount: trade.amount!,
        providerTradeNo: trade.providerTradeNo ?? '',
        paidAt: trade.paidAt ?? deps.now().toISOString(),
        via: 'reconciliation',
        refundNo: refundNumber(tradeNo, refundsOf(state).length + 1),
      },
      metadata: system(),
    }));
    return true;
  };

  const expire = async (orderId: string, tradeNo: string) => {
    if (await reconcile(orderId, tradeNo)) return ['paid'];
    const result = await run(orderId, { type: 'LapsePayment', data: { tradeNo }, metadata: system() });
    if (result.events.length > 0) await deps.provider.closeTrade(tradeNo);
    return result.events.map((e) => e.type);
  };

  /** Every unpaid purchase: past due lapses; past its reconciliation time the provider is asked. */
  const sweep = async () => {
    const now = deps.now().getTime();
    const dueMs = scaledMinutesMs(deps.dueMinutes, deps.quoteDaySeconds);
    const reconcileMs = scaledMinutesMs(deps.reconcileMinutes, deps.quoteDaySeconds);
    let handled = 0;
    for (const purchase of await deps.unpaidPurchases()) {
      const dueAt = new Date(purchase.dueAt).getTime();
      if (now >= dueAt) await expire(purchase.orderId, purchase.tradeNo);
      else if (now >= dueAt - dueMs + reconcileMs) await reconcile(purchase.orderId, purchase.tradeNo);
      else continue;
      handled += 1;
    }
    return handled;
  };

  return async (job: Job<PaymentJob>) => {
    const data = job.data;
    switch (data.kind) {
      case 'reconcile':
        return (await reconcile(data.orderId, data.tradeNo)) ? 'paid' : 'unpaid';
      case 'expire':
        return expire(data.orderId, data.tradeNo);
      case 'close':
        return void (await deps.provider.closeTrade(data.tradeNo));
      case 'refund': {
        const outcome = await deps.provider.refund({
          tradeNo: data.tradeNo,
          refundNo: data.refundNo,
          amount: data.amount,
          reason: data.reason,
        });
        if (outcome.status === 'refunded')
          await run(data.orderId, {
            type: 'ConfirmRefund',
            data: {
              refundNo: data.refundNo,
              amount: data.amount,
              refundedAt: outcome.refundedAt ?? deps.now().toISOString(),
            },
            metadata: system(),
          });
        return outcome.status;
      }
      case 'payment-sweep':
        return sweep();
      default:
        throw new UnrecoverableError(`unknown payment job ${JSON.stringify(data)}`);
    }
  };
};
