/** 电子保单 and 投保证明 calls (docs/api/documents.md). */
import useSWR from 'swr';
import type { PolicyDocumentsAnswer } from '@feibao/domain/documents/api';
import { call } from '../api/client.ts';
import { downloadFile } from '../api/download.ts';
import { useSession } from '../api/session.ts';

const base = '/api/v1/uav/order';

export const documentPaths = {
  policy: `${base}/policyDocument`,
  list: `${base}/certificate/list`,
  add: `${base}/certificate/add`,
  withdraw: `${base}/certificate/withdraw`,
  certificate: `${base}/certificate/download`,
  endorsement: `${base}/endorsementDocument`,
} as const;

/** While something is being rendered the list is read again, so its buttons appear once it is issued. */
const RENDERING_REFRESH_MS = 2000;

const rendering = (d: PolicyDocumentsAnswer | undefined) =>
  !!d &&
  ((d.policyNo !== null && d.policy === null) ||
    d.certificates.some((c) => c.status === 'pending') ||
    (d.versions ?? []).some((v) => v.policy === null || (v.version > 1 && v.endorsement === null)));

export const usePolicyDocuments = (orderId: string | null) => {
  const session = useSession();
  return useSWR<PolicyDocumentsAnswer>(session && orderId ? [documentPaths.list, { id: orderId }] : null, {
    dedupingInterval: 0,
    refreshInterval: (d) => (rendering(d) ? RENDERING_REFRESH_MS : 0),
  });
};

/** 下载电子保单: 电子保单-<policyNo>.pdf; a refusal (not issued yet: 电子保单正在生成) is thrown in Chinese. */
export const downloadPolicy = (orderId: string, policyNo: string | null) =>
  downloadFile({
    path: documentPaths.policy,
    query: { id: orderId },
    refreshVia: documentPaths.list,
    fallbackName: `电子保单-${policyNo ?? orderId}.pdf`,
    accept: 'application/pdf',
  });

/** One version's 电子保单 (电子保单-<policyNo>-第N版.pdf) or the 批单 that made it (批单-<no>.pdf). */
export const downloadPolicyVersion = (orderId: string, version: number, fileName: string) =>
  downloadFile({
    path: documentPaths.policy,
    query: { id: orderId, version: String(version) },
    refreshVia: documentPaths.list,
    fallbackName: fileName,
    accept: 'application/pdf',
  });
export const downloadEndorsement = (orderId: string, version: number, fileName: string) =>
  downloadFile({
    path: documentPaths.endorsement,
    query: { id: orderId, version: String(version) },
    refreshVia: documentPaths.list,
    fallbackName: fileName,
    accept: 'application/pdf',
  });

export const downloadCertificate = (certificateId: string, certificateNo: string) =>
  downloadFile({
    path: documentPaths.certificate,
    query: { id: certificateId },
    // Any call of the session that ignores the query: the list would read the id as an order's.
    refreshVia: '/api/v1/uav/uc/currentUser',
    fallbackName: `投保证明-${certificateNo}.pdf`,
    accept: 'application/pdf',
  });

export type NewCertificateHolder = {
  orderId: string;
  name: string;
  idNumber: string;
  address?: string;
  purpose?: string;
};
export const addCertificateHolder = (body: NewCertificateHolder) =>
  call<{ certificateId: string }>(documentPaths.add, { body });
export const withdrawCertificate = (certificateId: string) =>
  call<{ certificateId: string }>(documentPaths.withdraw, { body: { certificateId } });
