import { assertNever } from '../shared/decider.ts';

/**
 * The documents issued on one policy (stream `policy-documents-<orderId>`): the electronic policy
 * (电子保单), and the certificates for the holders the customer names (投保证明). The files are
 * rendered by the workers; the events record their fingerprints (docs/api/documents.md).
 */

/** What an issued file is known by: its code on the paper and the verification page, and its two hashes. */
export type IssuedFile = {
  verificationCode: string;
  /** SHA-256 of the file's bytes: the key of the stored file, what an uploaded copy is checked by. */
  fileSha256: string;
  /** SHA-256 of the document's canonical content, printed on it as its fingerprint. */
  contentSha256: string;
  pages: number;
  bytes: number;
  issuedAt: string;
};

export type CertificateHolder = { name: string; idNumber: string; address: string | null; purpose: string | null };

export type PolicyDocumentIssued = {
  type: 'PolicyDocumentIssued';
  /** version: the policy version this 电子保单 prints (批改); absent on the first issue (version 1). */
  data: IssuedFile & { orderId: string; documentId: string; policyNo: string; version?: number };
};
/** The 批单 of an approved 批改 (order event PolicyEndorsed): one per policy version after the first. */
export type EndorsementDocumentIssued = {
  type: 'EndorsementDocumentIssued';
  data: IssuedFile & EndorsementFacts & { orderId: string; documentId: string; policyNo: string };
};
export type EndorsementFacts = {
  endorsementId: string;
  endorsementNo: string;
  version: number;
  effectiveDate: string;
  premiumDifference: number;
};
export type CertificateHolderAdded = {
  type: 'CertificateHolderAdded';
  data: { orderId: string; certificateId: string; holder: CertificateHolder; addedBy: string; addedAt: string };
};
export type CertificateIssued = {
  type: 'CertificateIssued';
  data: IssuedFile & { orderId: string; certificateId: string };
};
export type CertificateWithdrawn = {
  type: 'CertificateWithdrawn';
  data: { orderId: string; certificateId: string; withdrawnBy: string; withdrawnAt: string };
};

export type DocumentEvent =
  | PolicyDocumentIssued
  | CertificateHolderAdded
  | CertificateIssued
  | CertificateWithdrawn
  | EndorsementDocumentIssued;
export const documentEventTypes: readonly DocumentEvent['type'][] = [
  'PolicyDocumentIssued',
  'EndorsementDocumentIssued',
  'CertificateHolderAdded',
  'CertificateIssued',
  'CertificateWithdrawn',
];

type CertificateBase = {
  certificateId: string;
  /** 1, 2, …: the order in which the holders were added, printed in the certificate's number. */
  sequence: number;
  holder: CertificateHolder;
  addedBy: string;
  addedAt: string;
};
export type Certificate =
  | (CertificateBase & { status: 'pending' })
  | (CertificateBase & { status: 'issued'; file: IssuedFile })
  | (CertificateBase & {
      status: 'withdrawn';
      /** Null: withdrawn before its file was issued. */
      file: IssuedFile | null;
      withdrawnBy: string;
      withdrawnAt: string;
    });

/** version: absent on the first issue (1). */
export type IssuedPolicyDocument = IssuedFile & { documentId: string; policyNo: string; version?: number };
export type IssuedEndorsementDocument = IssuedFile & EndorsementFacts & { documentId: string; policyNo: string };

export type PolicyDocuments =
  | { status: 'empty' }
  | {
      status: 'open';
      orderId: string;
      /** The current version's 电子保单 (the default download). */
      policy: IssuedPolicyDocument | null;
      /** Every version's 电子保单, oldest first; absent until a 批改 issued a second one. */
      policyVersions?: IssuedPolicyDocument[];
      /** The 批单, oldest first; absent until the first. */
      endorsements?: IssuedEndorsementDocument[];
      /** In the order they were added. */
      certificates: Certificate[];
    };

export const initialPolicyDocuments = (): PolicyDocuments => ({ status: 'empty' });

export const policyDocumentsStreamId = (orderId: string) => `policy-documents-${orderId}`;

const fileOf = ({ verificationCode, fileSha256, contentSha256, pages, bytes, issuedAt }: IssuedFile): IssuedFile => ({
  verificationCode,
  fileSha256,
  contentSha256,
  pages,
  bytes,
  issuedAt,
});

const opened = (state: PolicyDocuments, orderId: string) =>
  state.status === 'open' ? state : { status: 'open' as const, orderId, policy: null, certificates: [] };

const withCertificate = (
  state: Extract<PolicyDocuments, { status: 'open' }>,
  certificateId: string,
  change: (c: Certificate) => Certificate,
) => ({
  ...state,
  certificates: state.certificates.map((c) => (c.certificateId === certificateId ? change(c) : c)),
});

export const evolvePolicyDocuments = (state: PolicyDocuments, event: DocumentEvent): PolicyDocuments => {
  const open = opened(state, event.data.orderId);
  switch (event.type) {
    case 'PolicyDocumentIssued': {
      const version = event.data.version ?? 1;
      const issued: IssuedPolicyDocument = {
        ...fileOf(event.data),
        documentId: event.data.documentId,
        policyNo: event.data.policyNo,
      };
      if (policyVersionOf(open, version)) return open;
      // The first issue keeps its shape from before versions; a later one lists them all.
      if (version === 1 && !open.policy) return { ...open, policy: issued };
      const all: IssuedPolicyDocument[] = [
        ...policyVersionsOf(open),
        version === 1 ? issued : { ...issued, version },
      ].sort((a, b) => (a.version ?? 1) - (b.version ?? 1));
      return { ...open, policy: all[all.length - 1] ?? null, policyVersions: all };
    }
    case 'EndorsementDocumentIssued': {
      const d = event.data;
      if (endorsementOf(open, d.version)) return open;
      const { orderId: _o, ...issued } = d;
      return {
        ...open,
        endorsements: [...(open.endorsements ?? []), { ...issued, ...fileOf(d) }].sort((a, b) => a.version - b.version),
      };
    }
    case 'CertificateHolderAdded':
      return open.certificates.some((c) => c.certificateId === event.data.certificateId)
        ? open
        : {
            ...open,
            certificates: [
              ...open.certificates,
              {
                status: 'pending',
                certificateId: event.data.certificateId,
                sequence: open.certificates.length + 1,
                holder: event.data.holder,
                addedBy: event.data.addedBy,
                addedAt: event.data.addedAt,
              },
            ],
          };
    case 'CertificateIssued':
      return withCertificate(open, event.data.certificateId, (c) =>
        c.status === 'pending' ? { ...c, status: 'issued', file: fileOf(event.data) } : c,
      );
    case 'CertificateWithdrawn':
      return withCertificate(open, event.data.certificateId, (c) =>
        c.status === 'withdrawn'
          ? c
          : {
              ...c,
              status: 'withdrawn',
              file: c.status === 'issued' ? c.file : null,
              withdrawnBy: event.data.withdrawnBy,
              withdrawnAt: event.data.withdrawnAt,
            },
      );
    default:
      return assertNever(event);
  }
};

/** Every version's 电子保单, oldest first (the first issue alone before any 批改). */
export const policyVersionsOf = (state: PolicyDocuments): IssuedPolicyDocument[] =>
  state.status !== 'open' ? [] : (state.policyVersions ?? (state.policy ? [state.policy] : []));
export const policyVersionOf = (state: PolicyDocuments, version: number): IssuedPolicyDocument | undefined =>
  policyVersionsOf(state).find((p) => (p.version ?? 1) === version);
export const endorsementOf = (state: PolicyDocuments, version: number): IssuedEndorsementDocument | undefined =>
  state.status === 'open' ? state.endorsements?.find((e) => e.version === version) : undefined;

export const certificateOf = (state: PolicyDocuments, certificateId: string): Certificate | undefined =>
  state.status === 'open' ? state.certificates.find((c) => c.certificateId === certificateId) : undefined;

/**
 * A certificate's id carries its order's (`<orderId>.<suffix>`), so a call naming only the
 * certificate finds its stream without reading a read model.
 */
export const certificateIdFor = (orderId: string, suffix: string) => `${orderId}.${suffix}`;
export const orderIdOfCertificate = (certificateId: string): string | null => {
  const at = certificateId.lastIndexOf('.');
  return at > 0 && at < certificateId.length - 1 ? certificateId.slice(0, at) : null;
};

/** The certificate's number as printed: the policy number and the holder's place, ZM-<policyNo>-003. */
export const certificateNumber = (policyNo: string, sequence: number) =>
  `ZM-${policyNo}-${String(sequence).padStart(3, '0')}`;
