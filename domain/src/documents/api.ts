import type { CertificateAction, PolicyDocumentAction } from './guards.ts';
import type { PolicyVersionRow } from './versions.ts';

/** Wire types of the documents answers (docs/api/documents.md), shared by the query service and the web. */

export type CertificateStatus = 'pending' | 'issued' | 'withdrawn';
export const certificateStatusText: Record<CertificateStatus, string> = {
  pending: '生成中',
  issued: '有效',
  withdrawn: '已撤销',
};

export type CertificateRow = {
  certificateId: string;
  certificateNo: string;
  holder: { name: string; idNumber: string; address: string | null; purpose: string | null };
  status: CertificateStatus;
  statusText: string;
  addedAt: string;
  issuedAt: string | null;
  withdrawnAt: string | null;
  actions: CertificateAction[];
};

export type PolicyDocumentSummary = {
  documentId: string;
  policyNo: string;
  fileName: string;
  issuedAt: string;
  pages: number;
  bytes: number;
  verificationCode: string;
  contentSha256: string;
};

export type PolicyDocumentsAnswer = {
  orderId: string;
  policyNo: string | null;
  /** Null until the workers issued it (电子保单正在生成). */
  policy: PolicyDocumentSummary | null;
  actions: PolicyDocumentAction[];
  /** Every version of the policy, newest first, with its 电子保单 and 批单 (docs/api/documents.md "Versions"). */
  versions: PolicyVersionRow[];
  certificates: CertificateRow[];
};

/** 电子保单-<policyNo>.pdf, the download's name. */
export const policyFileName = (policyNo: string) => `电子保单-${policyNo}.pdf`;
export const certificateFileName = (certificateNo: string) => `投保证明-${certificateNo}.pdf`;
