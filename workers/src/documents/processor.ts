import type { Job } from 'bullmq';
import { randomBytes, randomUUID } from 'node:crypto';
import { partiesOf, type PolicyOrder } from '@feibao/domain/documents/content';
import { policyDocumentsDecider, type DocumentCommand } from '@feibao/domain/documents/document.commands';
import {
  certificateNumber,
  certificateOf,
  policyDocumentsStreamId,
  type DocumentEvent,
  type PolicyDocuments,
} from '@feibao/domain/documents/document.events';
import { encodeVerificationCode, VERIFICATION_CODE_BYTES } from '@feibao/domain/documents/verificationCode';
import { orderDecider } from '@feibao/domain/ordering/order.commands';
import { orderStreamId, type Order, type OrderEvent } from '@feibao/domain/ordering/order.events';
import { aggregate, handleCommand, type EventStore } from '@feibao/platform/eventStore';
import type { Pool } from '@feibao/platform/db';
import { documentFiles } from '@feibao/read-models/documents/files';
import { userProfileReader } from '@feibao/read-models/accounts/userProfile/reader';
import { composeCertificate, composePolicy } from './compose.ts';
import { issueEndorsementDocuments } from './endorsement.ts';
import type { DocumentJob } from './jobs.ts';

export type DocumentWorkDeps = { eventStore: EventStore; pool: Pool; now: () => Date; publicBaseUrl: string };

const hasPolicy = (order: Order): order is PolicyOrder =>
  order.status === 'underwritten' || order.status === 'inForce' || order.status === 'lapsed';

/**
 * One document per job: read the order and its documents, skip what is issued already, draw the
 * verification code, render, store the bytes (insert-if-absent by their hash), then record the
 * issue. A job that dies after storing leaves an orphan file; run again it renders anew and the
 * first issue recorded wins (the decider accepts one), so nothing is issued twice.
 */
export const documentProcessor = (deps: DocumentWorkDeps) => {
  const files = documentFiles(deps.pool);
  const profiles = userProfileReader(deps.pool);
  const system = () => ({ now: deps.now(), actor: 'system', roles: [] as string[], system: true });
  const run = (orderId: string, command: DocumentCommand) =>
    handleCommand(deps.eventStore, policyDocumentsStreamId(orderId), policyDocumentsDecider, command);

  return async (job: Job<DocumentJob>) => {
    const { orderId } = job.data;
    const order = await aggregate<Order, OrderEvent>(deps.eventStore, orderStreamId(orderId), orderDecider);
    if (!hasPolicy(order)) return 'no-policy';
    const docs = await aggregate<PolicyDocuments, DocumentEvent>(
      deps.eventStore,
      policyDocumentsStreamId(orderId),
      policyDocumentsDecider,
    );
    const profile = await profiles.byPhone(order.owner);
    const parties = partiesOf(profile, profile?.companyName || profile?.name || order.owner);
    const verificationCode = encodeVerificationCode(randomBytes(VERIFICATION_CODE_BYTES));
    const issue = { verificationCode, publicBaseUrl: deps.publicBaseUrl, issuedAt: deps.now() };

    if (job.data.kind === 'endorsement')
      return issueEndorsementDocuments({
        eventStore: deps.eventStore,
        orderId,
        version: job.data.version,
        docs,
        parties,
        publicBaseUrl: deps.publicBaseUrl,
        now: deps.now(),
        put: (bytes) => files.put(bytes),
        run: (command) => run(orderId, command),
        system,
      });

    if (job.data.kind === 'policy') {
      if (docs.status === 'open' && docs.policy) return 'skipped';
      const composed = await composePolicy(order, parties, issue);
      const fileSha256 = await files.put(composed.bytes);
      await run(orderId, {
        type: 'IssuePolicyDocument',
        data: {
          orderId,
          documentId: randomUUID(),
          policyNo: order.policyNo,
          verificationCode,
          fileSha256,
          contentSha256: composed.contentSha256,
          pages: composed.pages,
          bytes: composed.bytes.length,
        },
        metadata: system(),
      });
      return 'issued';
    }

    const { certificateId } = job.data;
    const certificate = certificateOf(docs, certificateId);
    if (certificate?.status !== 'pending') return 'skipped';
    const composed = await composeCertificate(
      order,
      parties,
      { certificateNo: certificateNumber(order.policyNo, certificate.sequence), holder: certificate.holder },
      issue,
    );
    const fileSha256 = await files.put(composed.bytes);
    await run(orderId, {
      type: 'IssueCertificate',
      data: {
        orderId,
        certificateId,
        verificationCode,
        fileSha256,
        contentSha256: composed.contentSha256,
        pages: composed.pages,
        bytes: composed.bytes.length,
      },
      metadata: system(),
    });
    return 'issued';
  };
};
