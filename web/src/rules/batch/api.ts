import useSWR from 'swr';
import type { CaseExpectation } from '@feibao/domain/rules/cases';
import { rulesFetcher, rulesRequest } from '../api/client.ts';
import { isActive, type Comparison, type RuleCaseRow, type RunDetail, type RunSummary } from './model.ts';

const API = '/api/v1/rules';
const once = { revalidateOnFocus: false };

export const CASES_PAGE_SIZE = 20;
export type CasePage = { list: RuleCaseRow[]; total: number };
/** One page of cases, newest first; keyword: the name contains it. The previous page stays shown while the next loads. */
export const useCases = (page: number, keyword: string) => {
  const query = new URLSearchParams({ page: String(page), pageSize: String(CASES_PAGE_SIZE) });
  if (keyword.trim()) query.set('keyword', keyword.trim());
  return useSWR<CasePage>(`${API}/cases?${query}`, rulesFetcher, { ...once, keepPreviousData: true });
};

/** Refreshes every 2 s while a run of the page is queued or running. */
export const useMyRuns = (currentPage: number) =>
  useSWR<{ datas: RunSummary[]; totalCount: number }>(
    `${API}/batchTests/mine?currentPage=${currentPage}&pageSize=20`,
    rulesFetcher,
    {
      ...once,
      refreshInterval: (data) => (data?.datas.some(isActive) ? 2000 : 0),
    },
  );

export const useRun = (runId: string | null) =>
  useSWR<RunDetail>(runId ? `${API}/batchTests/detail?${new URLSearchParams({ runId })}` : null, rulesFetcher, {
    ...once,
    refreshInterval: (data) => (data && isActive(data) ? 2000 : 0),
  });

/** Refreshes every 2 s while either run is queued or running, as a single run's page does. */
export const useComparison = (left: string | null, right: string | null) =>
  useSWR<Comparison>(
    left && right ? `${API}/batchTests/compare?${new URLSearchParams({ left, right })}` : null,
    rulesFetcher,
    {
      ...once,
      refreshInterval: (data) => (data && (isActive(data.left) || isActive(data.right)) ? 2000 : 0),
    },
  );

type CaseBody = { name: string; form: unknown; expected: CaseExpectation };
export const createCase = (body: CaseBody) => rulesRequest<RuleCaseRow>(`${API}/cases/create`, { body });
export const updateCase = (body: CaseBody & { caseId: string }) =>
  rulesRequest<RuleCaseRow>(`${API}/cases/update`, { body });
export const deleteCase = (caseId: string) =>
  rulesRequest<{ caseId: string }>(`${API}/cases/delete`, { body: { caseId } });
export const caseFromOrder = (orderId: string) =>
  rulesRequest<RuleCaseRow>(`${API}/cases/fromOrder`, { body: { orderId } });
export const startBatchTest = (body: { ruleId: string; version: number; caseIds?: string[]; lastN?: number }) =>
  rulesRequest<{ runId: string; status: 'queued'; total: number }>(`${API}/batchTests/start`, { body });
