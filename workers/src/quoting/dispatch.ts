import type { Queue } from 'bullmq';
import { addWorkingDays } from '@feibao/domain/rating/workingDays';
import { requestIdOf } from '@feibao/domain/ordering/inquiry';
import { visibleInsurers } from '@feibao/domain/ordering/catalogue';
import type { OrderEvent } from '@feibao/domain/ordering/order.events';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { originOf } from '@feibao/platform/context';
import { jobIdOf, type InsurerJob } from './jobs.ts';

/**
 * Turns order events into insurer work. Runs as a checkpointed projection with no read
 * model, so every event is seen once in order; job ids make a replay enqueue nothing new.
 */
/** Adds an insurer job due at `at` under its deterministic id (an existing one makes this a no-op). */
export const addInsurerJob = (queue: Queue<InsurerJob>, job: InsurerJob, at: Date | string, now: Date) =>
  queue.add(job.kind, job, { jobId: jobIdOf(job), delay: Math.max(0, new Date(at).getTime() - now.getTime()) });

export const insurerDispatch = (
  queue: Queue<InsurerJob>,
  options: { quoteDaySeconds: number; underwriteDays: number; now?: () => Date },
) => {
  const now = options.now ?? (() => new Date());
  const enqueue = (job: InsurerJob, at: Date | string) => addInsurerJob(queue, job, at, now());
  const cancelRound = async (orderId: string, round: number) => {
    for (const insurer of visibleInsurers)
      for (const kind of ['answer', 'timeout'] as const)
        await queue
          .remove(jobIdOf({ kind, orderId, requestId: requestIdOf(orderId, round, insurer.id) })!)
          .catch(() => 0);
  };

  return defineProjection({
    name: 'insurer-dispatch',
    version: 1,
    collections: [],
    eventTypes: [
      'InquiryRequested',
      'QuoteRequestResent',
      'InquiryRevoked',
      'PlanReset',
      'OrderInsured',
      'PaymentConfirmed',
      'PolicyUnderwritten',
      'PolicyTookEffect',
    ],
    async handle(recorded: RecordedEvent) {
      const event = { type: recorded.type, data: recorded.data } as OrderEvent;
      const add = (job: InsurerJob, at: Date | string) => enqueue({ ...job, ...originOf(recorded) }, at);
      switch (event.type) {
        case 'InquiryRequested':
          for (const request of event.data.requests) {
            await add(
              { kind: 'answer', orderId: event.data.orderId, requestId: request.requestId },
              request.answerDueAt,
            );
            await add(
              { kind: 'timeout', orderId: event.data.orderId, requestId: request.requestId },
              request.deadlineAt,
            );
          }
          return;
        case 'QuoteRequestResent': {
          // The earlier jobs may still be waiting: an early answer is welcome, and the old
          // time-out finds the deadline moved and changes nothing.
          const { orderId, requestId, attempt } = event.data;
          await add({ kind: 'answer', orderId, requestId, attempt }, event.data.answerDueAt);
          return void (await add({ kind: 'timeout', orderId, requestId, attempt }, event.data.deadlineAt));
        }
        case 'InquiryRevoked':
        case 'PlanReset':
          // The decider already ignores answers to a cancelled round; removing the jobs saves the work
          // (a re-sent request's jobs stay and change nothing).
          return cancelRound(event.data.orderId, event.data.round);
        case 'OrderInsured':
          // A purchase with a payment is underwritten once paid (PaymentConfirmed); one from before payments as before.
          if (event.data.payment) return;
          return void (await add(
            { kind: 'underwrite', orderId: event.data.orderId },
            addWorkingDays(new Date(event.data.insuredAt), options.underwriteDays, options.quoteDaySeconds),
          ));
        case 'PaymentConfirmed':
          return void (await add(
            { kind: 'underwrite', orderId: event.data.orderId },
            addWorkingDays(new Date(event.data.paidAt), options.underwriteDays, options.quoteDaySeconds),
          ));
        case 'PolicyUnderwritten':
          await add({ kind: 'take-effect', orderId: event.data.orderId }, event.data.startDate);
          return void (await add({ kind: 'lapse', orderId: event.data.orderId }, event.data.endDate));
        case 'PolicyTookEffect':
          return;
        default:
          return;
      }
    },
  });
};
