import { assertNever, type Decider } from '../shared/decider.ts';
import type { OrderActor } from '../ordering/guards.ts';
import {
  certificateOf,
  endorsementOf,
  evolvePolicyDocuments,
  policyVersionOf,
  type EndorsementFacts,
  initialPolicyDocuments,
  type CertificateHolder,
  type DocumentEvent,
  type IssuedFile,
  type PolicyDocuments,
} from './document.events.ts';
import { mayAddCertificate, mayWithdrawCertificate, maySystemOnly, type PolicyFacts, type Refusal } from './guards.ts';
import { documentMessages as m } from './messages.ts';
import { notFound } from '../shared/errors.ts';

type Metadata = OrderActor & { now: Date };
/** A rendered file as the worker hands it in: the code it drew, the hashes and sizes it measured. */
type FileFacts = Omit<IssuedFile, 'issuedAt'>;

export type IssuePolicyDocument = {
  type: 'IssuePolicyDocument';
  /** version: the policy version printed (absent: 1). */
  data: FileFacts & { orderId: string; documentId: string; policyNo: string; version?: number };
  metadata: Metadata;
};
export type IssueEndorsementDocument = {
  type: 'IssueEndorsementDocument';
  data: FileFacts & EndorsementFacts & { orderId: string; documentId: string; policyNo: string };
  metadata: Metadata;
};
export type AddCertificateHolder = {
  type: 'AddCertificateHolder';
  data: { orderId: string; certificateId: string; holder: CertificateHolder; order: PolicyFacts };
  metadata: Metadata;
};
export type IssueCertificate = {
  type: 'IssueCertificate';
  data: FileFacts & { orderId: string; certificateId: string };
  metadata: Metadata;
};
export type WithdrawCertificate = {
  type: 'WithdrawCertificate';
  data: { orderId: string; certificateId: string; order: PolicyFacts };
  metadata: Metadata;
};
export type DocumentCommand =
  | IssuePolicyDocument
  | IssueEndorsementDocument
  | AddCertificateHolder
  | IssueCertificate
  | WithdrawCertificate;

const refuse = (refusal: Refusal) => {
  if (refusal) throw refusal;
};

const fileFacts = ({ verificationCode, fileSha256, contentSha256, pages, bytes }: FileFacts) => ({
  verificationCode,
  fileSha256,
  contentSha256,
  pages,
  bytes,
});

/**
 * Issuing is the workers' and happens once: a job run again after a crash, or redelivered, finds
 * the document issued and records nothing (its second file, if stored, is an orphan nobody names).
 * Adding a holder with an id already used, or withdrawing twice, changes nothing either.
 */
export const decidePolicyDocuments = (command: DocumentCommand, state: PolicyDocuments): DocumentEvent[] => {
  const at = command.metadata.now.toISOString();
  const { orderId } = command.data;
  switch (command.type) {
    case 'IssuePolicyDocument': {
      refuse(maySystemOnly(command.metadata));
      const { documentId, policyNo, version } = command.data;
      if (policyVersionOf(state, version ?? 1)) return [];
      return [
        {
          type: 'PolicyDocumentIssued',
          data: {
            orderId,
            documentId,
            policyNo,
            ...(version && version > 1 ? { version } : {}),
            ...fileFacts(command.data),
            issuedAt: at,
          },
        },
      ];
    }
    case 'IssueEndorsementDocument': {
      refuse(maySystemOnly(command.metadata));
      const d = command.data;
      if (endorsementOf(state, d.version)) return [];
      return [
        {
          type: 'EndorsementDocumentIssued',
          data: {
            orderId,
            documentId: d.documentId,
            policyNo: d.policyNo,
            endorsementId: d.endorsementId,
            endorsementNo: d.endorsementNo,
            version: d.version,
            effectiveDate: d.effectiveDate,
            premiumDifference: d.premiumDifference,
            ...fileFacts(d),
            issuedAt: at,
          },
        },
      ];
    }
    case 'AddCertificateHolder': {
      refuse(mayAddCertificate(command.data.order, command.metadata));
      const { certificateId, holder } = command.data;
      if (certificateOf(state, certificateId)) return [];
      return [
        {
          type: 'CertificateHolderAdded',
          data: { orderId, certificateId, holder, addedBy: command.metadata.actor, addedAt: at },
        },
      ];
    }
    case 'IssueCertificate': {
      refuse(maySystemOnly(command.metadata));
      const certificate = certificateOf(state, command.data.certificateId);
      if (!certificate) throw notFound(m.certificateNotFound);
      if (certificate.status !== 'pending') return [];
      return [
        {
          type: 'CertificateIssued',
          data: { orderId, certificateId: certificate.certificateId, ...fileFacts(command.data), issuedAt: at },
        },
      ];
    }
    case 'WithdrawCertificate': {
      const certificate = certificateOf(state, command.data.certificateId);
      refuse(mayWithdrawCertificate(command.data.order, certificate, command.metadata));
      if (!certificate || certificate.status === 'withdrawn') return [];
      return [
        {
          type: 'CertificateWithdrawn',
          data: {
            orderId,
            certificateId: certificate.certificateId,
            withdrawnBy: command.metadata.actor,
            withdrawnAt: at,
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
};

export const policyDocumentsDecider: Decider<PolicyDocuments, DocumentCommand, DocumentEvent> = {
  decide: decidePolicyDocuments,
  evolve: evolvePolicyDocuments,
  initialState: initialPolicyDocuments,
};
