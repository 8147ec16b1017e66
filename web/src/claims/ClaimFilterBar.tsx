import { type FormEvent, useState } from 'react';
import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { toast } from '../api/toaster.ts';
import type { Variant } from '../shared/site.ts';
import { claimStateChoices } from './labels.ts';
import { type ClaimListQuery, dateRangeError, emptyClaimListQuery, hasClaimFilters } from './listFilters.ts';

type Props = { variant: Variant; value: ClaimListQuery; onApply: (q: ClaimListQuery) => void };

/**
 * State, policy number and report-date range. The state applies at once; the typed fields on
 * 查询 (or Enter), so a half-typed policy number does not reload the list on every key.
 */
export const ClaimFilterBar = ({ variant, value, onApply }: Props) => {
  const mobile = variant === 'mobile';
  // Seeded from the address; the page remounts the bar (key) when the address changes.
  const [draft, setDraft] = useState(value);

  const apply = (q: ClaimListQuery) => {
    const error = dateRangeError(q);
    if (error) {
      toast.warning(error);
      return;
    }
    onApply(q);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };
  const set = (patch: Partial<ClaimListQuery>) => setDraft((d) => ({ ...d, ...patch }));

  return (
    <form
      className={mobile ? 'fb-claim-filters fb-claim-filters-m' : 'fb-claim-filters'}
      onSubmit={submit}
      aria-label="理赔筛选"
      data-testid="claim-filters"
    >
      <HTMLSelect
        aria-label="理赔状态"
        data-testid="claim-filter-state"
        value={draft.claimState}
        options={[{ value: '', label: '全部状态' }, ...claimStateChoices]}
        onChange={(e) => {
          const next = { ...draft, claimState: e.currentTarget.value };
          setDraft(next);
          apply(next);
        }}
      />
      <InputGroup
        aria-label="保单号"
        data-testid="claim-filter-policy"
        className="fb-claim-filter-policy"
        leftIcon="search"
        placeholder="保单号"
        maxLength={64}
        value={draft.policyNo}
        onValueChange={(v) => set({ policyNo: v })}
      />
      <span className="fb-claim-filter-dates">
        <InputGroup
          type="date"
          aria-label="报案日期起"
          data-testid="claim-filter-from"
          value={draft.applyTimeFrom}
          max={draft.applyTimeTo || undefined}
          onValueChange={(v) => set({ applyTimeFrom: v })}
        />
        <span className="fb-muted">至</span>
        <InputGroup
          type="date"
          aria-label="报案日期止"
          data-testid="claim-filter-to"
          value={draft.applyTimeTo}
          min={draft.applyTimeFrom || undefined}
          onValueChange={(v) => set({ applyTimeTo: v })}
        />
      </span>
      <span className="fb-claim-filter-buttons">
        <Button
          type="submit"
          intent="primary"
          icon="search"
          text="查询"
          className="fb-claim-filter-apply"
          data-testid="claim-filter-apply"
        />
        <Button
          text="重置"
          className="fb-claim-filter-reset"
          data-testid="claim-filter-reset"
          disabled={!hasClaimFilters(draft) && !hasClaimFilters(value)}
          onClick={() => {
            setDraft(emptyClaimListQuery);
            onApply(emptyClaimListQuery);
          }}
        />
      </span>
    </form>
  );
};
