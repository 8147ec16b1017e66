import { Queue, type ConnectionOptions, type Job } from 'bullmq';
import {
  illegalState,
  notFound,
  opsMessages,
  QUEUE_COUNT_KINDS,
  type FailedJobPage,
  type FailedJobRow,
  type QueueRow,
} from '@feibao/domain';
import { QueueNames } from './queues.ts';

/**
 * The BullMQ queues the operations console watches. The workers name them where they create
 * them (workers/src/quoting/jobs.ts, claims/slaTimers.ts, claims/pictures/jobs.ts, rules/batchTests.ts, queues.ts);
 * services may not import the workers, so the names are repeated here and
 * tests/int/ops.int.spec.ts checks the list against the keys the running workers create.
 */
export const OPERATED_QUEUES: readonly string[] = [
  'insurer',
  'claim-timers',
  'claim-pictures',
  'rule-tests',
  QueueNames.sms,
];

export type OperatedQueues = {
  names: readonly string[];
  /** The queue of that name; a name not in the list is refused (40400). */
  get(name: string): Queue;
  close(): Promise<void>;
};

/** Handles on the queues for reading counts and acting on jobs; they add no jobs of their own. */
export const operatedQueues = (
  connection: ConnectionOptions,
  prefix: string,
  names: readonly string[] = OPERATED_QUEUES,
): OperatedQueues => {
  // Made on first use: a service that never opens the console holds no queue handles.
  const queues = new Map<string, Queue>();
  return {
    names,
    get(name) {
      if (!names.includes(name)) throw notFound(opsMessages.queueNotFound);
      let queue = queues.get(name);
      if (!queue) {
        queue = new Queue(name, { connection, prefix });
        queues.set(name, queue);
      }
      return queue;
    },
    async close() {
      await Promise.allSettled([...queues.values()].map((q) => q.close()));
    },
  };
};

export const readQueueRows = (queues: OperatedQueues): Promise<QueueRow[]> =>
  Promise.all(
    queues.names.map(async (name) => {
      const queue = queues.get(name);
      // Prioritised jobs wait too; BullMQ 5+ counts them apart.
      const [counts, paused] = await Promise.all([
        queue.getJobCounts(...QUEUE_COUNT_KINDS, 'prioritized'),
        queue.isPaused(),
      ]);
      return {
        name,
        paused,
        counts: {
          waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
          active: counts.active ?? 0,
          delayed: counts.delayed ?? 0,
          failed: counts.failed ?? 0,
          completed: counts.completed ?? 0,
        },
      };
    }),
  );

const summary = (data: unknown) => {
  const text = JSON.stringify(data ?? null) ?? 'null';
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

const toRow = (job: Job): FailedJobRow => ({
  id: String(job.id),
  name: job.name,
  failedReason: job.failedReason || null,
  attemptsMade: job.attemptsMade,
  attempts: job.opts.attempts ?? 1,
  createdAt: job.timestamp ? new Date(job.timestamp).toISOString() : null,
  failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
  dataSummary: summary(job.data),
});

/** Failed jobs, the most recently failed first. */
export const readFailedJobs = async (
  queues: OperatedQueues,
  name: string,
  page: number,
  pageSize: number,
): Promise<FailedJobPage> => {
  const queue = queues.get(name);
  const start = (page - 1) * pageSize;
  const [total, jobs] = await Promise.all([queue.getFailedCount(), queue.getFailed(start, start + pageSize - 1)]);
  return { queue: name, total, rows: jobs.filter((j): j is Job => Boolean(j)).map(toRow) };
};

/** A job that is failed now, or the refusal an operator sees (gone: 40400; not failed: 40900). */
export const failedJob = async (queues: OperatedQueues, name: string, jobId: string) => {
  const job = await queues.get(name).getJob(jobId);
  if (!job) throw notFound(opsMessages.jobNotFound);
  if ((await job.getState()) !== 'failed') throw illegalState(opsMessages.jobNotFailed);
  return { job, row: toRow(job) };
};
