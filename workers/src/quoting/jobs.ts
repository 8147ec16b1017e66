import { Queue, type ConnectionOptions } from 'bullmq';

/** Insurer-side work: quote answers, time-outs, underwriting and policy dates, on one queue. */
export const INSURER_QUEUE = 'insurer';

export type InsurerJob =
  | { kind: 'answer'; orderId: string; requestId: string }
  | { kind: 'timeout'; orderId: string; requestId: string }
  | { kind: 'underwrite'; orderId: string }
  | { kind: 'take-effect'; orderId: string }
  | { kind: 'lapse'; orderId: string }
  | { kind: 'policy-sweep' };

export const insurerQueue = (connection: ConnectionOptions, prefix: string) =>
  new Queue<InsurerJob>(INSURER_QUEUE, {
    connection,
    prefix,
    defaultJobOptions: {
      attempts: 8,
      backoff: { type: 'exponential', delay: 500 },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    },
  });

/** Job ids make every enqueue idempotent: a replayed event adds nothing twice. */
export const jobIdOf = (job: InsurerJob) => {
  switch (job.kind) {
    case 'answer':
    case 'timeout':
      return `${job.kind}_${job.requestId}`;
    case 'underwrite':
    case 'take-effect':
    case 'lapse':
      return `${job.kind}_${job.orderId}`;
    case 'policy-sweep':
      return undefined;
  }
};
