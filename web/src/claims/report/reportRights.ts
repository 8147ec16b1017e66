/**
 * What the report shows and how it submits, read from the claim's `actions` alone (docs/glossary.md
 * "Claim actions"): the server decides who holds the admin's hat on a claim, the screen only renders it.
 */
import type { ClaimAction } from '@feibao/domain/claims/actions';
import { can } from '../api.ts';

export type ReportRights = {
  /** 配件信息: the admins' section, not while a claim is being created. */
  parts: boolean;
  /** 操作日志 (listLogById, its CSV). */
  log: boolean;
  /** 提交 goes through contrast, explanations and saveLog instead of a plain submit. */
  amendOnSubmit: boolean;
};

export const reportRights = (actions: readonly ClaimAction[] | undefined, createMode: boolean): ReportRights => ({
  parts: can(actions, 'amend') && !createMode,
  log: can(actions, 'log'),
  amendOnSubmit: can(actions, 'amend'),
});
