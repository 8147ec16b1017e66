import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import { addWorkingDays } from '@feibao/domain/rating/workingDays';
import type { Order } from '@feibao/domain/ordering/order.events';
import { logger } from '@feibao/platform/logger';
import type { Pool } from '@feibao/platform/db';
import type { Redis } from '@feibao/platform/redis';
import { claimPictureReader } from '@feibao/read-models/claims/pictures/reader';
import { claimReader } from '@feibao/read-models/claims/claims/reader';
import { endorsementQueueReader } from '@feibao/read-models/ordering/orders/endorsementQueue';
import { orderReader } from '@feibao/read-models/ordering/orders/reader';
import { addClaimTimer, type ClaimTimerJob } from './claims/slaTimers.ts';
import type { ClaimPictureJob } from './claims/pictures/jobs.ts';
import { addInsurerJob } from './quoting/dispatch.ts';
import type { InsurerJob } from './quoting/jobs.ts';
import { policyDocumentsReader } from '@feibao/read-models/documents/reader';
import { documentJobId, type DocumentJob } from './documents/jobs.ts';

/**
 * Redis holds every job still ahead: insurer answers and time-outs, underwriting, policy dates,
 * claim SLA timers, picture processing, documents to render. A Redis that restarts without its data loses them, but
 * not the events that asked for them. When the marker this leaves in Redis once every job is queued is
 * missing (checked at the workers' start and every few seconds), `afterReset` puts the policy sweep back (it catches
 * every due policy date) and each other job is re-derived from the read models (built from those
 * events) and added again under its deterministic id, so a job Redis still holds is not added twice.
 */
export type RecoveryDeps = {
  redis: Redis;
  prefix: string;
  pool: Pool;
  insurerJobs: Queue<InsurerJob>;
  claimTimers: Queue<ClaimTimerJob>;
  pictureJobs: Queue<ClaimPictureJob>;
  /** The electronic policies and certificates not issued yet (absent: not re-created). */
  documentJobs?: Queue<DocumentJob>;
  quoteDaySeconds: number;
  underwriteDays: number;
  now: () => Date;
  checkEveryMs: number;
  afterReset: () => Promise<unknown>;
};

type JobAhead = { job: InsurerJob; at: string | Date };

/**
 * The insurer jobs an order still waits for, with their due times (as the dispatcher added them).
 * Policy dates (take effect, lapse) are not among them: the policy sweep, put back with the marker,
 * runs every due step from the read model within a minute, without a job per policy in force.
 */
export const insurerJobsAhead = (
  order: Order,
  updatedAt: string,
  options: { quoteDaySeconds: number; underwriteDays: number },
): JobAhead[] => {
  const jobs: JobAhead[] = [];
  switch (order.status) {
    case 'quoting':
      for (const { request, answers, timedOut } of order.insurers) {
        if (timedOut) continue;
        const { requestId, attempt } = request;
        // Only a request with no answer at all: a partial (manual) answer is staff's to finish, and rating it again would record it twice.
        if (Object.keys(answers).length === 0)
          jobs.push({ job: { kind: 'answer', orderId: order.orderId, requestId, attempt }, at: request.answerDueAt });
        jobs.push({ job: { kind: 'timeout', orderId: order.orderId, requestId, attempt }, at: request.deadlineAt });
      }
      return jobs;
    case 'insured':
      // Unpaid: nothing for the insurer yet (the payment sweep reconciles and lapses it). Paid: underwriting
      // counts from the payment. Bought before payments: insured is the last event, so its time is the insure time.
      if (order.payment && !order.payment.paidAt) return jobs;
      return [
        {
          job: { kind: 'underwrite', orderId: order.orderId },
          at: addWorkingDays(
            new Date(order.payment?.paidAt ?? updatedAt),
            options.underwriteDays,
            options.quoteDaySeconds,
          ),
        },
      ];
    default:
      return jobs;
  }
};

export const recreateJobs = async (deps: Omit<RecoveryDeps, 'redis' | 'prefix' | 'checkEveryMs' | 'afterReset'>) => {
  const now = deps.now();
  let ensured = 0;
  const count = (job: { id?: string } | undefined) => {
    if (job) ensured += 1;
  };
  for (const { order, updatedAt } of await orderReader(deps.pool).awaitingInsurerWork())
    for (const { job, at } of insurerJobsAhead(order, updatedAt, deps))
      count(await addInsurerJob(deps.insurerJobs, job, at, now));
  for (const e of await endorsementQueueReader(deps.pool).awaitingAnswer())
    count(
      await addInsurerJob(
        deps.insurerJobs,
        { kind: 'endorsement-answer', orderId: e.orderId, endorsementId: e.endorsementId },
        e.answerDueAt,
        now,
      ),
    );
  for (const timer of await claimReader(deps.pool).runningSlaStages())
    count(await addClaimTimer(deps.claimTimers, timer, now));
  for (const picture of await claimPictureReader(deps.pool).pendingProcessing())
    count(await deps.pictureJobs.add('process', picture, { jobId: picture.pictureId }));
  if (deps.documentJobs)
    for (const job of await policyDocumentsReader(deps.pool).awaitingIssue())
      count(await deps.documentJobs.add(job.kind, job, { jobId: documentJobId(job) }));
  return ensured;
};

/** Set while Redis holds every job still ahead; missing after a data loss (or in a new Redis). */
export const jobsRecoveredMarker = (prefix: string) => `${prefix}:jobs-recovered`;

/**
 * Held (with an expiry, renewed while it runs) by the one workers process re-creating the jobs, so
 * two processes do not both do it. It expires by itself when its holder dies mid-recovery.
 */
export const jobsRecoveringLease = (prefix: string) => `${prefix}:jobs-recovering`;

export const startJobRecovery = (deps: RecoveryDeps) => {
  const marker = jobsRecoveredMarker(deps.prefix);
  const lease = jobsRecoveringLease(deps.prefix);
  // Long enough to outlive a missed renewal, short enough that a killed holder's lease is gone within a few checks.
  const leaseMs = Math.max(3 * deps.checkEveryMs, 3_000);
  let running: Promise<void> | null = null;
  const check = async (reason: 'start' | 'check') => {
    // The marker is set only once every job still ahead is queued: a Redis that never held these jobs,
    // lost them, or lost them while a recovery failed (PostgreSQL down, the workers killed) has none.
    // A restart of the workers with Redis intact finds it and does nothing.
    if ((await deps.redis.exists(marker)) === 1) return;
    const holder = randomUUID();
    if ((await deps.redis.set(lease, holder, 'PX', leaseMs, 'NX')) !== 'OK') return;
    const ours = async () => (await deps.redis.get(lease)) === holder;
    const renew = setInterval(() => {
      void ours()
        .then((yes) => (yes ? deps.redis.pexpire(lease, leaseMs) : 0))
        .catch(() => undefined);
    }, deps.checkEveryMs);
    renew.unref();
    try {
      if (reason === 'check') logger.warn('Redis lost its data: re-creating the jobs still ahead from the read models');
      await deps.afterReset();
      const ensured = await recreateJobs(deps);
      await deps.redis.set(marker, new Date().toISOString());
      logger.info({ ensured, reason }, 'every job still ahead is queued');
    } finally {
      clearInterval(renew);
      // Released at once, also after a failure, so the next check tries again.
      if (await ours().catch(() => false)) await deps.redis.del(lease).catch(() => undefined);
    }
  };
  const tick = (reason: 'start' | 'check') => {
    running ??= check(reason)
      .catch((err) => logger.warn({ err }, 'job recovery failed; trying again at the next check'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void tick('check'), deps.checkEveryMs);
  timer.unref();
  return {
    ready: tick('start'),
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
};
