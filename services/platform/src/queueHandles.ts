import { Queue, type ConnectionOptions } from 'bullmq';
import { notFound } from '@feibao/domain/shared/errors';
import { opsMessages } from '@feibao/domain/ops/operations';
import { QUEUE_COUNT_KINDS, type QueueRow } from '@feibao/domain/ops/api';

export type OperatedQueues = {
  names: readonly string[];
  /** The queue of that name; a name not in the list is refused (40400). */
  get(name: string): Queue;
  close(): Promise<void>;
};

/**
 * Handles on the named queues for reading counts and acting on jobs; they add no jobs of their own.
 * Which queues are operated is the ops feature's list (domain ops/queues.ts `OPERATED_QUEUES`).
 */
export const operatedQueues = (
  connection: ConnectionOptions,
  prefix: string,
  names: readonly string[],
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
