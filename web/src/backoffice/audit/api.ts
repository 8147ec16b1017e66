/** Audit calls (README "Back office · Audit"): search orders and claims, read one's history, export it. */
import useSWR from 'swr';
import type { AuditHistory, AuditKind, AuditSearchPage, AuditSearchRow, AuditSubject } from '@feibao/domain/audit/api';
import type { AuditChange, AuditEntry } from '@feibao/domain/audit/changeKinds';
import { ApiError, buildUrl, getConsistencyToken, httpFailureMessage, request } from '../../api/client.ts';
import { sessionStore, useSession } from '../../api/session.ts';

const base = '/api/v1/uav/backoffice/audit';

export const auditPaths = {
  search: `${base}/search`,
  history: `${base}/history`,
  historyCsv: `${base}/history.csv`,
} as const;

export type { AuditChange, AuditEntry, AuditHistory, AuditKind, AuditSearchPage, AuditSearchRow, AuditSubject };

export const AUDIT_SEARCH_SIZE = 20;

/** Nothing is asked until there is something to search for. */
export const useAuditSearch = (q: string, currentPage: number) => {
  const session = useSession();
  return useSWR<AuditSearchPage>(session && q ? [auditPaths.search, { q, currentPage, pageSize: AUDIT_SEARCH_SIZE }] : null, { dedupingInterval: 0 });
};

export const useAuditHistory = (kind: AuditKind, id: string, change: AuditChange | '') => {
  const session = useSession();
  return useSWR<AuditHistory>(session ? [auditPaths.history, { kind, id, change }] : null, { dedupingInterval: 0, keepPreviousData: true });
};

/** The server names the file after the order or claim number. */
export const csvFileName = (contentDisposition: string | null, fallback: string): string =>
  contentDisposition?.match(/filename="?([^";]+)"?/i)?.[1]?.trim() || fallback;

const fetchCsv = (query: Record<string, string>) => {
  const token = sessionStore.get()?.accessToken ?? null;
  const headers: Record<string, string> = { Accept: 'text/csv' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const consistency = getConsistencyToken();
  if (consistency > 0) headers['X-Consistency-Token'] = String(consistency);
  return fetch(buildUrl(auditPaths.historyCsv, query), { headers });
};

const refusal = async (res: Response): Promise<ApiError> => {
  try {
    const env = (await res.json()) as { code?: number; message?: string };
    if (env && typeof env.message === 'string') return new ApiError(env.code ?? res.status, env.message, res.status);
  } catch {
    /* not an envelope */
  }
  return new ApiError(res.status, httpFailureMessage(res.status), res.status);
};

/** The CSV needs the bearer token, so a fetch and a blob rather than a link; the filter applies to it too. */
export const downloadAuditCsv = async (kind: AuditKind, id: string, change: AuditChange | ''): Promise<void> => {
  const query = { kind, id, change };
  let res = await fetchCsv(query);
  if (res.status === 401) {
    // An expired token: an ordinary call runs the client's refresh (or re-login), then one retry.
    await request(auditPaths.history, { query });
    res = await fetchCsv(query);
  }
  if (!res.ok) throw await refusal(res);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(res.headers.get('Content-Disposition'), `${kind}-${id}-audit.csv`);
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
