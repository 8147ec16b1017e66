import {
  certificateNumber,
  documentEventTypes,
  evolvePolicyDocuments,
  initialPolicyDocuments,
  type DocumentEvent,
  type PolicyDocuments,
} from '@feibao/domain/documents/document.events';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { documentCollection } from '@feibao/platform/documents';
import type { PoolClient } from '@feibao/platform/db';

export const POLICY_DOCUMENTS = 'policy_documents';
export const ISSUED_DOCUMENTS = 'issued_documents';

/** One per policy: the domain's state of its documents, folded with its own evolve. */
export type PolicyDocumentsDocument = Extract<PolicyDocuments, { status: 'open' }>;

/** One per issued file, by its verification code: what the public verification page shows. */
export type IssuedDocument = {
  verificationCode: string;
  kind: 'policy' | 'certificate' | 'endorsement';
  orderId: string;
  /** The policy's document id, or the certificate's id. */
  documentId: string;
  policyNo: string | null;
  certificateNo: string | null;
  holderName: string | null;
  fileSha256: string;
  contentSha256: string;
  pages: number;
  bytes: number;
  issuedAt: string;
  status: 'valid' | 'withdrawn';
  withdrawnAt: string | null;
  /** The policy version a 电子保单 prints or a 批单 made; absent on the first issue (1). */
  version?: number;
  /** A 批单's number; absent otherwise. */
  endorsementNo?: string;
};

export const policyDocuments = documentCollection<PolicyDocumentsDocument>(POLICY_DOCUMENTS);
export const issuedDocuments = documentCollection<IssuedDocument>(ISSUED_DOCUMENTS);

const apply = async (recorded: RecordedEvent, client: PoolClient) => {
  const event = { type: recorded.type, data: recorded.data } as DocumentEvent;
  const orderId = event.data.orderId;
  let after: PolicyDocumentsDocument | null = null;
  await policyDocuments.update(client, orderId, (current) => {
    const next = evolvePolicyDocuments(current ?? initialPolicyDocuments(), event);
    after = next.status === 'open' ? next : null;
    return after;
  });
  const docs = after as PolicyDocumentsDocument | null;
  if (!docs) return;
  switch (event.type) {
    case 'PolicyDocumentIssued':
    case 'EndorsementDocumentIssued': {
      const d = event.data;
      const endorsement = event.type === 'EndorsementDocumentIssued' ? event.data : null;
      await issuedDocuments.put(client, d.verificationCode, {
        verificationCode: d.verificationCode,
        kind: endorsement ? 'endorsement' : 'policy',
        orderId,
        documentId: d.documentId,
        policyNo: d.policyNo,
        certificateNo: null,
        holderName: null,
        fileSha256: d.fileSha256,
        contentSha256: d.contentSha256,
        pages: d.pages,
        bytes: d.bytes,
        issuedAt: d.issuedAt,
        status: 'valid',
        withdrawnAt: null,
        ...(d.version ? { version: d.version } : {}),
        ...(endorsement ? { endorsementNo: endorsement.endorsementNo } : {}),
      });
      return;
    }
    case 'CertificateIssued': {
      const d = event.data;
      const certificate = docs.certificates.find((c) => c.certificateId === d.certificateId);
      const policyNo = docs.policy?.policyNo ?? null;
      await issuedDocuments.put(client, d.verificationCode, {
        verificationCode: d.verificationCode,
        kind: 'certificate',
        orderId,
        documentId: d.certificateId,
        policyNo,
        certificateNo: policyNo && certificate ? certificateNumber(policyNo, certificate.sequence) : null,
        holderName: certificate?.holder.name ?? null,
        fileSha256: d.fileSha256,
        contentSha256: d.contentSha256,
        pages: d.pages,
        bytes: d.bytes,
        issuedAt: d.issuedAt,
        status: certificate?.status === 'withdrawn' ? 'withdrawn' : 'valid',
        withdrawnAt: null,
      });
      return;
    }
    case 'CertificateWithdrawn': {
      const certificate = docs.certificates.find((c) => c.certificateId === event.data.certificateId);
      const code = certificate?.status === 'withdrawn' ? certificate.file?.verificationCode : undefined;
      if (!code) return;
      await issuedDocuments.update(client, code, (current) =>
        current ? { ...current, status: 'withdrawn', withdrawnAt: event.data.withdrawnAt } : current,
      );
      return;
    }
    case 'CertificateHolderAdded':
      return;
  }
};

export const POLICY_DOCUMENTS_PROJECTION = 'policy-documents';

export const policyDocumentsProjection = defineProjection({
  name: POLICY_DOCUMENTS_PROJECTION,
  version: 1,
  collections: [policyDocuments, issuedDocuments],
  eventTypes: [...documentEventTypes],
  handle: apply,
});
