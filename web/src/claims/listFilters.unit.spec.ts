import { describe, expect, it } from 'vitest';
import {
  DATE_RANGE_REVERSED,
  dateRangeError,
  emptyClaimListQuery,
  hasClaimFilters,
  readClaimListQuery,
  toClaimFilters,
  writeClaimListQuery,
} from './listFilters.ts';

describe('claim list filters in the address', () => {
  it('reads what is valid and drops the rest', () => {
    const q = readClaimListQuery(
      new URLSearchParams('claimState=9&policyNo=%20P1%20&applyTimeFrom=2026-01-02&applyTimeTo=yesterday'),
    );
    expect(q).toEqual({ claimState: '', policyNo: 'P1', applyTimeFrom: '2026-01-02', applyTimeTo: '' });
  });
  it('sends only the filters that are set, the state as a number', () => {
    expect(toClaimFilters(emptyClaimListQuery)).toEqual({});
    expect(toClaimFilters({ claimState: '3', policyNo: ' P1 ', applyTimeFrom: '', applyTimeTo: '2026-02-01' })).toEqual(
      {
        claimState: 3,
        policyNo: 'P1',
        applyTimeTo: '2026-02-01',
      },
    );
  });
  it('writes the filters back, keeps other parameters and starts again at page 1', () => {
    const next = writeClaimListQuery(new URLSearchParams('from=partner&page=3&policyNo=OLD'), {
      ...emptyClaimListQuery,
      claimState: '6',
    });
    expect(next.get('from')).toBe('partner');
    expect(next.get('page')).toBeNull();
    expect(next.get('policyNo')).toBeNull();
    expect(next.get('claimState')).toBe('6');
  });
  it('refuses a reversed date range', () => {
    expect(dateRangeError({ ...emptyClaimListQuery, applyTimeFrom: '2026-02-02', applyTimeTo: '2026-02-01' })).toBe(
      DATE_RANGE_REVERSED,
    );
    expect(
      dateRangeError({ ...emptyClaimListQuery, applyTimeFrom: '2026-02-01', applyTimeTo: '2026-02-01' }),
    ).toBeNull();
  });
  it('knows whether any filter is set', () => {
    expect(hasClaimFilters(emptyClaimListQuery)).toBe(false);
    expect(hasClaimFilters({ ...emptyClaimListQuery, policyNo: 'P' })).toBe(true);
  });
});
