import type { Queue } from 'bullmq';
import { scaledMinutesMs } from '@feibao/domain/payments/gateway';
import type { OrderEvent } from '@feibao/domain/ordering/order.events';
import { originOf } from '@feibao/platform/context';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { addInsurerJob } from '../quoting/dispatch.ts';
import type { InsurerJob } from '../quoting/jobs.ts';
import { paymentJobId, type PaymentJob } from '../payments/jobs.ts';

/**
 * 批改's work: the insurer's answer at the request's due time (insurer queue, like a quote), and for an extra
 * premium its reconciliation and expiry (payments queue, like a purchase: unpaid at its due time the
 * endorsement is withdrawn). Job ids make a replayed event add nothing.
 */
export const endorsementDispatch = (
  insurerJobs: Queue<InsurerJob>,
  paymentJobs: Queue<PaymentJob>,
  options: { reconcileMinutes: number; quoteDaySeconds: number; now?: () => Date },
) => {
  const now = options.now ?? (() => new Date());
  const addPayment = (job: PaymentJob, at: Date | string, recorded: RecordedEvent) =>
    paymentJobs.add(
      job.kind,
      { ...job, ...originOf(recorded) },
      { jobId: paymentJobId(job), delay: Math.max(0, new Date(at).getTime() - now().getTime()) },
    );
  return defineProjection({
    name: 'endorsement-dispatch',
    version: 1,
    collections: [],
    eventTypes: ['EndorsementRequested', 'EndorsementApproved'],
    async handle(recorded: RecordedEvent) {
      const event = { type: recorded.type, data: recorded.data } as OrderEvent;
      switch (event.type) {
        case 'EndorsementRequested': {
          const { orderId, endorsementId, answerDueAt } = event.data;
          const job: InsurerJob = { kind: 'endorsement-answer', orderId, endorsementId, ...originOf(recorded) };
          return void (await addInsurerJob(insurerJobs, job, answerDueAt, now()));
        }
        case 'EndorsementApproved': {
          const { orderId, payment, approvedAt } = event.data;
          if (!payment) return;
          const reconcileAt =
            new Date(approvedAt).getTime() + scaledMinutesMs(options.reconcileMinutes, options.quoteDaySeconds);
          await addPayment({ kind: 'reconcile', orderId, tradeNo: payment.tradeNo }, new Date(reconcileAt), recorded);
          return void (await addPayment(
            { kind: 'expire', orderId, tradeNo: payment.tradeNo },
            payment.dueAt,
            recorded,
          ));
        }
        default:
          return;
      }
    },
  });
};
