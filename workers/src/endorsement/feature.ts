import type { WorkersFeature } from '../features.ts';
import { insurerQueue } from '../quoting/jobs.ts';
import { paymentsQueue } from '../payments/jobs.ts';
import { endorsementDispatch } from './dispatch.ts';

/** 批改: its dispatch reactor; the insurer and payment workers do the jobs (quoting/processor.ts, payments/processor.ts). */
export const endorsementFeature: WorkersFeature = {
  name: 'endorsement',
  start: async ({ config, now, queueConnection }) => {
    const insurerJobs = insurerQueue(queueConnection, config.queuePrefix);
    const paymentJobs = paymentsQueue(queueConnection, config.queuePrefix);
    const dispatch = endorsementDispatch(insurerJobs, paymentJobs, {
      reconcileMinutes: config.paymentReconcileMinutes,
      quoteDaySeconds: config.quoteDaySeconds,
      now,
    });
    return { workers: {}, reactors: [dispatch], queues: [insurerJobs, paymentJobs] };
  },
};
