import { canonicalJson } from '@feibao/domain/documents/canonicalJson';
import { certificateContent, policyContent, type Party, type PolicyOrder } from '@feibao/domain/documents/content';
import type { CertificateHolder } from '@feibao/domain/documents/document.events';
import { layoutDocument } from '@feibao/domain/documents/layout';
import { certificateSpec, policySpec } from '@feibao/domain/documents/specs';
import { sha256Hex } from '@feibao/read-models/documents/files';
import { renderPdf } from '@feibao/read-models/documents/render';

/**
 * Content → fingerprint → layout → PDF. The fingerprint printed on the paper is the SHA-256 of the
 * content's canonical JSON (a file cannot hold its own hash); the file's hash is taken by the store.
 */
export type Composed = { bytes: Buffer; pages: number; contentSha256: string };
type Issue = { verificationCode: string; publicBaseUrl: string; issuedAt: Date };
type Parties = { policyholder: Party; insured: Party };

export const composePolicy = async (order: PolicyOrder, parties: Parties, issue: Issue): Promise<Composed> => {
  const content = policyContent(order, parties, issue);
  const contentSha256 = sha256Hex(canonicalJson(content));
  const { bytes, pages } = await renderPdf(layoutDocument(policySpec(content, contentSha256)), {
    title: `电子保单 ${content.policyNo}`,
    subject: '无人机保险电子保单',
    issuedAt: issue.issuedAt,
  });
  return { bytes, pages, contentSha256 };
};

export const composeCertificate = async (
  order: PolicyOrder,
  parties: Parties,
  certificate: { certificateNo: string; holder: CertificateHolder },
  issue: Issue,
): Promise<Composed> => {
  const content = certificateContent(order, parties, certificate, issue);
  const contentSha256 = sha256Hex(canonicalJson(content));
  const { bytes, pages } = await renderPdf(layoutDocument(certificateSpec(content, contentSha256)), {
    title: `投保证明 ${certificate.certificateNo}`,
    subject: '投保证明',
    issuedAt: issue.issuedAt,
  });
  return { bytes, pages, contentSha256 };
};
