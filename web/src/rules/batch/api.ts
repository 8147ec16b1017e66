import useSWR from 'swr';
import type { CaseExpectation } from '@feibao/domain/rules/cases';
import { rulesFetcher, rulesRequest } from '../api/client.ts';
import { isActive, type Comparison, type RuleCaseRow, type RunDetail, type RunSummary } from './model.ts';

const API = '/api/v1/rules';
const once = { revalidateOnFocus: false };

export const useCases = () => useSWR<RuleCaseRow[]>(`${API}/cases`, rulesFetcher, once);

/** Refreshes every 2 s while a run of the page is queued or running. */
export const useMyRuns = (currentPage: number) =>
  useSWR<{ datas: RunSummary[]; totalCount: number }>(`${API}/batchTests/mine?currentPage=${currentPage}&pageSize=20`, rulesFetcher, {
    ...once,
    refreshInterval: (data) => (data?.datas.some(isActive) ? 2000 : 0),
  });

export const useRun = (runId: string | null) =>
  useSWR<RunDetail>(runId ? `${API}/batchTests/detail?${new URLSearchParams({ runId })}` : null, rulesFetcher, {
    ...once,
    refreshInterval: (data) => (data && isActive(data) ? 2000 : 0),
  });

export const useComparison = (left: string | null, right: string | null) =>
  useSWR<Comparison>(left && right ? `${API}/batchTests/compare?${new URLSearchParams({ left, right })}` : null, rulesFetcher, once);

type CaseBody = { name: string; form: unknown; expected: CaseExpectation };
export const createCase = (body: CaseBody) => rulesRequest<RuleCaseRow>(`${API}/cases/create`, { body });
export const updateCase = (body: CaseBody & { caseId: string }) => rulesRequest<RuleCaseRow>(`${API}/cases/update`, { body });
export const deleteCase = (caseId: string) => rulesRequest<{ caseId: string }>(`${API}/cases/delete`, { body: { caseId } });
export const caseFromOrder = (orderId: string) => rulesRequest<RuleCaseRow>(`${API}/cases/fromOrder`, { body: { orderId } });
export const startBatchTest = (body: { ruleId: string; version: number; caseIds?: string[]; lastN?: number }) =>
  rulesRequest<{ runId: string; status: 'queued'; total: number }>(`${API}/batchTests/start`, { body });
