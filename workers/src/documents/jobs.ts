import type { ConnectionOptions } from 'bullmq';
import { workQueue } from '@feibao/platform/queues';

/** Rendering and issuing documents: the electronic policy once per policy, a certificate per holder. */
export const DOCUMENT_QUEUE = 'policy-documents';

export type DocumentJob =
  | { kind: 'policy'; orderId: string; originRequestId?: string }
  | { kind: 'certificate'; orderId: string; certificateId: string; originRequestId?: string }
  /** A 批改 approved (PolicyEndorsed): its 批单 and the 电子保单 of the version it made. */
  | { kind: 'endorsement'; orderId: string; version: number; originRequestId?: string };

/** One id per document (BullMQ refuses a colon in custom ids): a replayed event or a second dispatch adds nothing while the job is kept. */
export const documentJobId = (job: DocumentJob) =>
  job.kind === 'policy'
    ? `policy-document-${job.orderId}`
    : job.kind === 'endorsement'
      ? `endorsement-${job.orderId}-v${job.version}`
      : `certificate-${job.certificateId}`;

export const documentQueue = (connection: ConnectionOptions, prefix: string) =>
  workQueue<DocumentJob>(DOCUMENT_QUEUE, connection, prefix, 8);
