/** Audit calls (docs/api/audit.md): search orders and claims, read one's history, export it. */
import useSWR from 'swr';
import type { AuditHistory, AuditKind, AuditSearchPage, AuditSearchRow, AuditSubject } from '@feibao/domain/audit/api';
import type { AuditChange, AuditEntry } from '@feibao/domain/audit/changeKinds';
import { downloadFile } from '../../api/download.ts';
import { useSession } from '../../api/session.ts';

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
  return useSWR<AuditSearchPage>(
    session && q ? [auditPaths.search, { q, currentPage, pageSize: AUDIT_SEARCH_SIZE }] : null,
    { dedupingInterval: 0 },
  );
};

export const useAuditHistory = (kind: AuditKind, id: string, change: AuditChange | '') => {
  const session = useSession();
  return useSWR<AuditHistory>(session ? [auditPaths.history, { kind, id, change }] : null, {
    dedupingInterval: 0,
    keepPreviousData: true,
  });
};

/** The CSV of the same rows, filtered the same way; the server names it after the order or claim number. */
export const downloadAuditCsv = (kind: AuditKind, id: string, change: AuditChange | ''): Promise<void> =>
  downloadFile({
    path: auditPaths.historyCsv,
    query: { kind, id, change },
    refreshVia: auditPaths.history,
    fallbackName: `${kind}-${id}-audit.csv`,
  });
