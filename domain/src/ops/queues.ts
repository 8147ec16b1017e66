import type { FailedJobRow } from './api.ts';

/**
 * The BullMQ queues the operations console watches. The workers name them where they create
 * them (workers/src/quoting/jobs.ts, claims/slaTimers.ts, claims/pictures/jobs.ts, rules/batchTests.ts, documents/jobs.ts,
 * notifications/checks.ts, the platform's queues.ts for SMS, workers/src/payments/jobs.ts and the platform's payments/queues.ts
 * for the dev gateway); services may not import the workers, so the names are repeated here and
 * tests/int/ops.int.spec.ts checks the list against the keys the running workers create.
 */
export const OPERATED_QUEUES: readonly string[] = [
  'insurer',
  'claim-timers',
  'claim-pictures',
  'rule-tests',
  'sms',
  'notification-checks',
  'payments',
  'dev-pay-notify',
  'policy-documents',
];

/** What of a BullMQ job a failed-job row shows (structural, so the domain needs no BullMQ). */
export type FailedJobLike = {
  id?: string | undefined;
  name: string;
  failedReason: string;
  attemptsMade: number;
  opts: { attempts?: number | undefined };
  timestamp: number;
  finishedOn?: number | undefined;
  data: unknown;
};

const summary = (data: unknown) => {
  const text = JSON.stringify(data ?? null) ?? 'null';
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

export const failedJobRow = (job: FailedJobLike): FailedJobRow => ({
  id: String(job.id),
  name: job.name,
  failedReason: job.failedReason || null,
  attemptsMade: job.attemptsMade,
  attempts: job.opts.attempts ?? 1,
  createdAt: job.timestamp ? new Date(job.timestamp).toISOString() : null,
  failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
  dataSummary: summary(job.data),
});
