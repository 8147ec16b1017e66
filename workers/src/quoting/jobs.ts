import type { ConnectionOptions } from 'bullmq';
import { workQueue } from '@feibao/platform/queues';

/** Insurer-side work: quote answers, time-outs, underwriting and policy dates, on one queue. */
export const INSURER_QUEUE = 'insurer';

export type InsurerJob =
  /** attempt: the staff re-send this job belongs to (absent: the first sending). */
  (
    | { kind: 'answer'; orderId: string; requestId: string; attempt?: number }
    | { kind: 'timeout'; orderId: string; requestId: string; attempt?: number }
    | { kind: 'underwrite'; orderId: string }
    | { kind: 'take-effect'; orderId: string }
    | { kind: 'lapse'; orderId: string }
    | { kind: 'policy-sweep' }
    /** 批改: the insurer's answer (workers/src/endorsement/answer.ts). */
    | { kind: 'endorsement-answer'; orderId: string; endorsementId: string }
  ) & {
    /** The HTTP request that caused the job (context.ts inJobContext); absent for the sweep. */
    originRequestId?: string;
  };

export const insurerQueue = (connection: ConnectionOptions, prefix: string) =>
  workQueue<InsurerJob>(INSURER_QUEUE, connection, prefix);

/** Job ids make every enqueue idempotent: a replayed event adds nothing twice. */
export const jobIdOf = (job: InsurerJob) => {
  switch (job.kind) {
    case 'answer':
    case 'timeout':
      // A re-send needs fresh ids: BullMQ would take a finished job's id as already done.
      return job.attempt ? `${job.kind}_${job.requestId}_${job.attempt}` : `${job.kind}_${job.requestId}`;
    case 'underwrite':
    case 'take-effect':
    case 'lapse':
      return `${job.kind}_${job.orderId}`;
    case 'policy-sweep':
      return undefined;
    case 'endorsement-answer':
      return `${job.kind}_${job.endorsementId}`;
  }
};
