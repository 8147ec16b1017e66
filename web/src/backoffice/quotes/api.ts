/** The quote desk's calls (docs/api/quote-desk.md). */
import useSWR from 'swr';
import type { QuoteDeskPage } from '@feibao/domain/ordering/quoteDesk';
import { call } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';
import { type DeskFilters, deskQuery, type ManualAnswer } from './desk.ts';

const base = '/api/v1/uav/backoffice';
export const quoteDeskPaths = {
  desk: `${base}/quoteDesk`,
  quote: `${base}/quote`,
  resend: `${base}/quote/resend`,
  timeout: `${base}/quote/timeout`,
} as const;

export const DESK_PAGE_SIZE = 20;
/** Insurers answer on their own: the grid re-reads every 3 s so answers show without a reload. */
export const DESK_REFRESH_MS = 3000;

export const useQuoteDesk = (filters: DeskFilters, page: number) => {
  const session = useSession();
  return useSWR<QuoteDeskPage>(session ? [quoteDeskPaths.desk, deskQuery(filters, page, DESK_PAGE_SIZE)] : null, {
    refreshInterval: DESK_REFRESH_MS,
    dedupingInterval: 0,
    keepPreviousData: true,
  });
};

export const recordManualQuote = (requestId: string, answers: ManualAnswer[]) =>
  call<{ recorded: boolean }>(quoteDeskPaths.quote, { body: { requestId, answers } });
export const resendRequest = (requestId: string) =>
  call<{ requestId: string; answerDueAt: string; deadlineAt: string }>(quoteDeskPaths.resend, { body: { requestId } });
export const timeOutRequest = (requestId: string) =>
  call<{ requestId: string; quotingCompleted: boolean }>(quoteDeskPaths.timeout, { body: { requestId } });
