import type { Queue } from 'bullmq';
import type { PolicyEndorsed, PolicyUnderwritten } from '@feibao/domain/ordering/order.events';
import type { CertificateHolderAdded } from '@feibao/domain/documents/document.events';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { originOf } from '@feibao/platform/context';
import { documentJobId, type DocumentJob } from './jobs.ts';

/**
 * Underwriting asks for the electronic policy, a new certificate holder for a certificate, a 批改 for
 * its 批单 and the new version's 电子保单. A
 * checkpointed projection with no read model: each event is seen once in order, and the job's
 * deterministic id makes a replay add nothing new (the decider would refuse a second issue anyway).
 */
export const documentDispatch = (queue: Queue<DocumentJob>) =>
  defineProjection({
    name: 'policy-document-dispatch',
    version: 1,
    collections: [],
    eventTypes: ['PolicyUnderwritten', 'CertificateHolderAdded', 'PolicyEndorsed'],
    async handle(recorded: RecordedEvent) {
      const endorsed = recorded.type === 'PolicyEndorsed' ? (recorded.data as PolicyEndorsed['data']) : null;
      const job: DocumentJob = endorsed
        ? { kind: 'endorsement', orderId: endorsed.orderId, version: endorsed.version }
        : recorded.type === 'PolicyUnderwritten'
          ? { kind: 'policy', orderId: (recorded.data as PolicyUnderwritten['data']).orderId }
          : {
              kind: 'certificate',
              orderId: (recorded.data as CertificateHolderAdded['data']).orderId,
              certificateId: (recorded.data as CertificateHolderAdded['data']).certificateId,
            };
      await queue.add(job.kind, { ...job, ...originOf(recorded) }, { jobId: documentJobId(job) });
    },
  });
