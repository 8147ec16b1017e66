/** The operations console's calls (services/query and services/command `ops/routes.ts`). */
import useSWR from 'swr';
import type { FailedJobPage, OpsActionPage, ProjectionRow, QueueRow } from '@feibao/domain/ops/api';
import { call, swrFetcher } from '../../api/client.ts';

export const OPS_API = '/api/v1/uav/backoffice/ops';
/** Fast enough to watch a projection catch up, slow enough to cost nothing. */
const REFRESH_MS = 3000;

export const useProjections = () =>
  useSWR<{ lagCap: number; rows: ProjectionRow[] }>(`${OPS_API}/projections`, swrFetcher, {
    refreshInterval: REFRESH_MS,
  });
export const useQueues = () => useSWR<QueueRow[]>(`${OPS_API}/queues`, swrFetcher, { refreshInterval: REFRESH_MS });
export const useFailedJobs = (queue: string | null, page: number, pageSize: number) =>
  useSWR<FailedJobPage>(
    queue ? [`${OPS_API}/queues/failed`, { queue, currentPage: page, pageSize }] : null,
    swrFetcher,
    {
      refreshInterval: REFRESH_MS,
    },
  );
export const useOpsActions = (page: number, pageSize: number) =>
  useSWR<OpsActionPage>([`${OPS_API}/audit`, { currentPage: page, pageSize }], swrFetcher, {
    refreshInterval: REFRESH_MS * 2,
  });

export const retryProjection = (name: string, reason: string) =>
  call<{ name: string }>(`${OPS_API}/projections/retry`, { body: { name, reason } });
export const skipProjectionEvent = (name: string, position: number, reason: string) =>
  call<{ name: string; position: number }>(`${OPS_API}/projections/skip`, { body: { name, position, reason } });
export const retryJob = (queue: string, jobId: string, reason: string) =>
  call(`${OPS_API}/queues/retry`, { body: { queue, jobId, reason } });
export const removeJob = (queue: string, jobId: string, reason: string) =>
  call(`${OPS_API}/queues/remove`, { body: { queue, jobId, reason } });

/**
 * bull-board in a new tab: the board reads a short-lived HttpOnly cookie that this call sets
 * (services/query/src/ops/board.ts). The tab opens first, inside the click, so no popup blocker
 * stops it; it is sent to the board once the cookie is set.
 */
export const openQueueBoard = async () => {
  const tab = window.open('about:blank', '_blank');
  try {
    const env = await call<{ url: string }>(`${OPS_API}/boardSession`, { method: 'POST', body: {} });
    if (!tab) return window.location.assign(env.data.url);
    tab.opener = null;
    tab.location.href = env.data.url;
  } catch (e) {
    tab?.close();
    throw e;
  }
};
