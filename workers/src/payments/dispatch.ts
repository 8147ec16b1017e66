import type { Queue } from 'bullmq';
import { scaledMinutesMs } from '@feibao/domain/payments/gateway';
import type { OrderEvent } from '@feibao/domain/ordering/order.events';
import { originOf } from '@feibao/platform/context';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { paymentJobId, type PaymentJob } from './jobs.ts';

/**
 * Turns payment events into payment work: a purchase's reconciliation (some minutes after its cashier opened)
 * and its expiry (at its due time), a lapsed trade's closing at the provider, a refund's execution. A
 * checkpointed projection without a read model, like the insurer dispatch; job ids make replays add nothing.
 */
export const paymentDispatch = (
  queue: Queue<PaymentJob>,
  options: { reconcileMinutes: number; quoteDaySeconds: number; now?: () => Date },
) => {
  const now = options.now ?? (() => new Date());
  const add = (job: PaymentJob, at: Date | string, recorded: RecordedEvent) =>
    queue.add(
      job.kind,
      { ...job, ...originOf(recorded) },
      { jobId: paymentJobId(job), delay: Math.max(0, new Date(at).getTime() - now().getTime()) },
    );
  return defineProjection({
    name: 'payment-dispatch',
    version: 1,
    collections: [],
    eventTypes: ['OrderInsured', 'PaymentLapsed', 'RefundRequested'],
    async handle(recorded: RecordedEvent) {
      const event = { type: recorded.type, data: recorded.data } as OrderEvent;
      switch (event.type) {
        case 'OrderInsured': {
          const payment = event.data.payment;
          if (!payment) return;
          const { orderId } = event.data;
          const reconcileAt =
            new Date(event.data.insuredAt).getTime() +
            scaledMinutesMs(options.reconcileMinutes, options.quoteDaySeconds);
          await add({ kind: 'reconcile', orderId, tradeNo: payment.tradeNo }, new Date(reconcileAt), recorded);
          return void (await add({ kind: 'expire', orderId, tradeNo: payment.tradeNo }, payment.dueAt, recorded));
        }
        case 'PaymentLapsed':
          return void (await add(
            { kind: 'close', orderId: event.data.orderId, tradeNo: event.data.tradeNo },
            event.data.lapsedAt,
            recorded,
          ));
        case 'RefundRequested': {
          const { orderId, tradeNo, refundNo, amount, reason } = event.data;
          return void (await add(
            { kind: 'refund', orderId, tradeNo, refundNo, amount, reason },
            event.data.requestedAt,
            recorded,
          ));
        }
        default:
          return;
      }
    },
  });
};
