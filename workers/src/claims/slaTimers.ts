import { Worker, type ConnectionOptions, type Job, type Queue } from 'bullmq';
import { claimDecider } from '@feibao/domain/claims/claim.commands';
import { claimStreamId, type ClaimEvent, type SlaStage } from '@feibao/domain/claims/claim.events';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { handleCommand, type EventStore } from '@feibao/platform/eventStore';
import { inJobContext, originOf } from '@feibao/platform/context';
import { logger } from '@feibao/platform/logger';
import { workQueue } from '@feibao/platform/queues';

/**
 * The claim SLA clock: a delayed job per stage (submit → accept, accept → close) that marks the
 * claim overdue if it is still in that stage at the due time. The jobs live in Redis, so the
 * timers survive restarts; the decider ignores a timer whose stage has ended or restarted.
 */
export const CLAIM_TIMER_QUEUE = 'claim-timers';
export type ClaimTimerJob = { claimId: string; stage: SlaStage; dueAt: string; originRequestId?: string };

export const claimTimerQueue = (connection: ConnectionOptions, prefix: string) =>
  workQueue<ClaimTimerJob>(CLAIM_TIMER_QUEUE, connection, prefix);

/** One job per claim, stage and due time: a replayed event adds nothing twice. */
const jobIdOf = (job: ClaimTimerJob) => `${job.stage}_${job.claimId}_${new Date(job.dueAt).getTime()}`;

/** Adds a stage's timer under its deterministic id (an existing one makes this a no-op). */
export const addClaimTimer = (queue: Queue<ClaimTimerJob>, job: ClaimTimerJob, now: Date) =>
  queue.add(job.stage, job, { jobId: jobIdOf(job), delay: Math.max(0, new Date(job.dueAt).getTime() - now.getTime()) });

/** Starts a timer for every stage that begins; a checkpointed projection with no read model. */
export const claimTimerDispatch = (queue: Queue<ClaimTimerJob>, now: () => Date = () => new Date()) => {
  const start = (job: ClaimTimerJob) => addClaimTimer(queue, job, now());
  return defineProjection({
    name: 'claim-timers',
    version: 1,
    collections: [],
    eventTypes: ['ClaimSubmitted', 'ClaimAccepted', 'ClaimReopened'],
    async handle(recorded: RecordedEvent) {
      const event = { type: recorded.type, data: recorded.data } as ClaimEvent;
      switch (event.type) {
        case 'ClaimSubmitted':
          return void (await start({
            claimId: event.data.claimId,
            stage: 'accept',
            dueAt: event.data.acceptDueAt,
            ...originOf(recorded),
          }));
        case 'ClaimAccepted':
        case 'ClaimReopened':
          return void (await start({
            claimId: event.data.claimId,
            stage: 'close',
            dueAt: event.data.closeDueAt,
            ...originOf(recorded),
          }));
        default:
          return;
      }
    },
  });
};

export const startClaimTimerWorker = (options: {
  connection: ConnectionOptions;
  prefix: string;
  eventStore: EventStore;
  now: () => Date;
  jobLock?: { lockDuration: number; stalledInterval: number; maxStalledCount: number };
}) => {
  const worker = new Worker<ClaimTimerJob>(
    CLAIM_TIMER_QUEUE,
    inJobContext(async (job: Job<ClaimTimerJob>) => {
      await handleCommand(options.eventStore, claimStreamId(job.data.claimId), claimDecider, {
        type: 'MarkSlaOverdue',
        data: { stage: job.data.stage, dueAt: job.data.dueAt },
        metadata: { now: options.now(), actor: 'system', roles: [], system: true },
      });
    }),
    { connection: options.connection, prefix: options.prefix, concurrency: 4, ...options.jobLock },
  );
  worker.on('failed', (job, err) => logger.warn({ jobId: job?.id, err }, 'claim timer job failed'));
  worker.on('error', (err) => logger.error({ err }, 'claim timer worker error'));
  return worker;
};
