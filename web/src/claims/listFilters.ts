/**
 * The claim list's filters live in the address (state, policy number, report date range) so a
 * reload or a shared link shows the same list.
 */
import { ClaimState } from '@feibao/domain/claims/claim.events';
import type { ClaimFilters } from './api.ts';

export type ClaimListQuery = { claimState: string; policyNo: string; applyTimeFrom: string; applyTimeTo: string };

export const emptyClaimListQuery: ClaimListQuery = { claimState: '', policyNo: '', applyTimeFrom: '', applyTimeTo: '' };

export const DATE_RANGE_REVERSED = '开始日期不能晚于结束日期';

const stateValues = new Set<string>(Object.values(ClaimState).map(String));
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** Reads the filters from the address; unreadable values are dropped rather than sent. */
export const readClaimListQuery = (params: URLSearchParams): ClaimListQuery => {
  const state = params.get('claimState') ?? '';
  const from = params.get('applyTimeFrom') ?? '';
  const to = params.get('applyTimeTo') ?? '';
  return {
    claimState: stateValues.has(state) ? state : '',
    policyNo: (params.get('policyNo') ?? '').trim(),
    applyTimeFrom: isDay(from) ? from : '',
    applyTimeTo: isDay(to) ? to : '',
  };
};

/** The page call's filters: only what is set. */
export const toClaimFilters = (q: ClaimListQuery): ClaimFilters => ({
  ...(q.claimState ? { claimState: Number(q.claimState) } : {}),
  ...(q.policyNo.trim() ? { policyNo: q.policyNo.trim() } : {}),
  ...(q.applyTimeFrom ? { applyTimeFrom: q.applyTimeFrom } : {}),
  ...(q.applyTimeTo ? { applyTimeTo: q.applyTimeTo } : {}),
});

/** The address after applying filters: other parameters (from) are kept, the page starts again at 1. */
export const writeClaimListQuery = (params: URLSearchParams, q: ClaimListQuery): URLSearchParams => {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(q)) {
    const v = value.trim();
    if (v) next.set(key, v);
    else next.delete(key);
  }
  next.delete('page');
  return next;
};

export const dateRangeError = (q: ClaimListQuery): string | null =>
  q.applyTimeFrom && q.applyTimeTo && q.applyTimeFrom > q.applyTimeTo ? DATE_RANGE_REVERSED : null;

export const hasClaimFilters = (q: ClaimListQuery) => Object.values(q).some((v) => v.trim() !== '');
