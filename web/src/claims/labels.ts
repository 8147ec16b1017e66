/**
 * How the claim list shows a claim: state labels and colours, accident type, money and times,
 * and the report address a row opens (docs/glossary.md "Claim states").
 */
import type { Intent } from '@blueprintjs/core';
import { choiceLabel, uavAccidentTypes } from '@feibao/domain/claims/catalogue';
import { ClaimState } from '@feibao/domain/claims/claim.events';
import { shanghaiDateTime, slaStageText } from '@feibao/domain/claims/history';

export { money } from '../ordering/format.ts';

type StateLook = { label: string; intent: Intent; minimal: boolean };

/** Label and tag colour per wire state; finished claims (closed, withdrawn) get a quiet tag. */
export const claimStates: Readonly<Record<number, StateLook>> = {
  [ClaimState.editing]: { label: '填写中', intent: 'none', minimal: false },
  [ClaimState.saved]: { label: '已暂存', intent: 'warning', minimal: false },
  [ClaimState.submitted]: { label: '已提交', intent: 'primary', minimal: false },
  [ClaimState.processing]: { label: '处理中', intent: 'primary', minimal: true },
  [ClaimState.closed]: { label: '已结案', intent: 'success', minimal: false },
  [ClaimState.withdrawn]: { label: '已撤回', intent: 'none', minimal: true },
};

export const claimStateLabel = (state: number): string => claimStates[state]?.label ?? `状态${state}`;
export const claimStateIntent = (state: number): Intent => claimStates[state]?.intent ?? 'none';
export const claimStateMinimal = (state: number): boolean => claimStates[state]?.minimal ?? true;

/** The state filter's choices, in state order. */
export const claimStateChoices = Object.entries(claimStates).map(([value, look]) => ({ value, label: look.label }));

/** The list row's label, falling back to the name the server sent with an unknown code. */
export const accidentTypeLabel = (code: string | null | undefined, serverName?: string | null): string =>
  choiceLabel(uavAccidentTypes, code) ?? (serverName || '—');

/** Shanghai wall time to the minute; blank reads —. */
export const dateTime = (v: string | null | undefined): string => (v ? shanghaiDateTime(v).slice(0, 16) : '—');

export const overdueLabel = slaStageText;

/** States up to saved open the report in create mode (still the claimant's to fill in); later ones read-only. */
export const opensInCreateMode = (state: number) => state <= ClaimState.saved;

/**
 * The report address for a claim: id and claimState, create=true while the claimant may still edit,
 * and a partner marker (`from`) passed on. Without a known state only the id is sent.
 */
export const reportHref = (reportPath: string, id: string, state?: number | null, from?: string | null): string => {
  const q = new URLSearchParams();
  q.set('id', id);
  if (state !== undefined && state !== null) {
    q.set('claimState', String(state));
    if (opensInCreateMode(state)) q.set('create', 'true');
  }
  if (from) q.set('from', from);
  return `${reportPath}?${q.toString()}`;
};

/** Where a claim just created from an order opens: the report in create mode. */
export const newClaimHref = (reportPath: string, id: string, from?: string | null): string => {
  const q = new URLSearchParams({ create: 'true', id });
  if (from) q.set('from', from);
  return `${reportPath}?${q.toString()}`;
};
