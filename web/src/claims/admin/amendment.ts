/** Pure rules of the admin amendment flow (useAdminSubmit, ExplanationDialog). */
import { ResultCode } from '@feibao/domain/shared/codes';
import type { FieldChange } from '@feibao/domain/claims/claim.events';
import { ApiError } from '../../api/client.ts';

export const EXPLANATION_REQUIRED = '请填写修改说明';
export const STALE_VERSION = '理赔单已被他人修改，请重新比对';
export const EXPLANATION_MAX = 500;

/** Per-row refusals: a blank explanation counts as none, as the server trims it too. */
export const explanationErrors = (
  rows: readonly FieldChange[],
  remarks: Readonly<Record<string, string>>,
): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const row of rows) if (!(remarks[row.path] ?? '').trim()) errors[row.path] = EXPLANATION_REQUIRED;
  return errors;
};

export const explanationList = (rows: readonly FieldChange[], remarks: Readonly<Record<string, string>>) =>
  rows.map((r) => ({ path: r.path, remark: (remarks[r.path] ?? '').trim().slice(0, EXPLANATION_MAX) }));

/**
 * Another admin amended the claim after our compare (saveLog: 请重新比对) or after the form was
 * loaded (contrast: 请刷新后重试): 40900 is also the answer for other state refusals, so the
 * message tells them apart.
 */
export const isStaleVersion = (e: unknown): e is ApiError =>
  e instanceof ApiError && e.code === ResultCode.conflict && e.message.startsWith(STALE_VERSION.slice(0, 8));

/** How a changed value reads in the dialog: an absent value is shown as （空）, as in the history. */
export const shownValue = (value: string | null) => (value === null || value === '' ? '（空）' : value);
