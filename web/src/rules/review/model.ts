import type { Intent } from '@blueprintjs/core';
import { hasRole, type Role } from '@feibao/domain/accounts/roles';
import type { RuleDefinition, RuleStage } from '@feibao/domain/rules/definition';
import { ruleStepRoles, type RuleVersionEvent, type RuleVersionStatus } from '@feibao/domain/rules/rule';

/** GET /api/v1/rules/list (docs/api/rules-versions.md). */
export type RuleStep = { action: RuleVersionEvent['type']; by: string; at: string; reason: string };
export type RuleVersionSummary = {
  ruleId: string;
  version: number;
  status: RuleVersionStatus;
  draftedBy: string;
  draftedAt: string;
  history: RuleStep[];
};
export type RuleSummary = {
  ruleId: string;
  enabledVersion: number | null;
  versions: RuleVersionSummary[];
  definition: RuleDefinition | null;
};

export const RULE_LIST_API = '/api/v1/rules/list';

export const statusLabels: Record<RuleVersionStatus, string> = {
  draft: '草稿',
  inReview: '审核中',
  approved: '已审批',
  rejected: '已驳回',
  enabled: '已启用',
  retired: '已停用',
};
export const statusIntents: Record<RuleVersionStatus, Intent> = {
  draft: 'none',
  inReview: 'warning',
  approved: 'primary',
  rejected: 'danger',
  enabled: 'success',
  retired: 'none',
};
export const actionLabels: Record<RuleStep['action'], string> = {
  RuleVersionDrafted: '起草',
  RuleVersionSubmitted: '提交审核',
  RuleVersionApproved: '审批通过',
  RuleVersionRejected: '驳回',
  RuleVersionEnabled: '启用',
  RuleVersionRetired: '停用',
};

/** The newest version (the list answers versions newest first, but the web does not rely on it). */
export const latestVersion = (rule: RuleSummary): RuleVersionSummary | null =>
  rule.versions.reduce<RuleVersionSummary | null>((best, v) => (!best || v.version > best.version ? v : best), null);

/** When anything last happened to the rule: its newest step. */
export const updatedAt = (rule: RuleSummary): string | null =>
  rule.versions
    .flatMap((v) => v.history.map((s) => s.at))
    .reduce<string | null>((max, at) => (!max || at > max ? at : max), null);

/** The rule's name (its definition); a rule without one (undefined since) shows its id. */
export const nameOf = (rule: Pick<RuleSummary, 'ruleId' | 'definition'>) => rule.definition?.name ?? rule.ruleId;

export type RuleFilter = {
  text: string;
  status: RuleVersionStatus | 'all';
  stage?: RuleStage | 'all';
  type?: string;
  source?: string;
};

/** Rules matching the search (id or name), the stage, type and source chosen, and having a version in the status. */
export const filterRules = (rules: readonly RuleSummary[], filter: RuleFilter) => {
  const text = filter.text.trim().toLowerCase();
  const is = (wanted: string | undefined, value: string | null | undefined) =>
    !wanted || wanted === 'all' || wanted === value;
  return rules.filter(
    (r) =>
      (!text || r.ruleId.toLowerCase().includes(text) || nameOf(r).toLowerCase().includes(text)) &&
      (filter.status === 'all' || r.versions.some((v) => v.status === filter.status)) &&
      is(filter.stage, r.definition?.stage) &&
      is(filter.type, r.definition?.type) &&
      is(filter.source, r.definition?.source),
  );
};

const allVersions = (rules: readonly RuleSummary[]) => rules.flatMap((r) => r.versions);
const newestFirst = (a: RuleVersionSummary, b: RuleVersionSummary) =>
  a.draftedAt < b.draftedAt ? 1 : a.draftedAt > b.draftedAt ? -1 : 0;

/** Versions the caller drafted (draftedBy is the drafter's mobile phone), newest first. */
export const draftedBy = (rules: readonly RuleSummary[], me: string) =>
  allVersions(rules)
    .filter((v) => v.draftedBy === me)
    .sort(newestFirst);

/** Versions waiting for review, oldest submission first (first come, first reviewed). */
export const awaitingReview = (rules: readonly RuleSummary[]) =>
  allVersions(rules)
    .filter((v) => v.status === 'inReview')
    .sort((a, b) =>
      (lastStep(a, 'RuleVersionSubmitted')?.at ?? '').localeCompare(lastStep(b, 'RuleVersionSubmitted')?.at ?? ''),
    );

/** Approved versions not yet enabled: what 审核 offers to enable. */
export const awaitingEnable = (rules: readonly RuleSummary[]) =>
  allVersions(rules).filter((v) => v.status === 'approved');

export const lastStep = (version: RuleVersionSummary, action: RuleStep['action']) =>
  version.history.findLast((s) => s.action === action) ?? null;

/** The reviewers' words on a version: approvals and rejections with who and why. */
export const reviewComments = (version: RuleVersionSummary) =>
  version.history.filter((s) => s.action === 'RuleVersionApproved' || s.action === 'RuleVersionRejected');

export type RuleAction = 'copy' | 'submit' | 'approve' | 'reject' | 'enable' | 'retire';
export type Caller = { mobilePhone: string; roles: readonly string[] };

/**
 * What the caller may press on a version, mirroring the decider (domain rules/rule.ts) so the
 * screen offers only steps the server would take; the server checks again. `selfApproval` says
 * why approve is shown disabled.
 */
export const actionsFor = (
  version: RuleVersionSummary,
  caller: Caller,
): { actions: RuleAction[]; selfApproval: boolean } => {
  const may = (roles: readonly Role[]) => hasRole(caller.roles, ...roles);
  const actions: RuleAction[] = [];
  if (may(ruleStepRoles.draft)) actions.push('copy');
  if (version.status === 'draft' && may(ruleStepRoles.draft)) actions.push('submit');
  const own = version.draftedBy === caller.mobilePhone;
  if (version.status === 'inReview' && may(ruleStepRoles.review)) actions.push('approve', 'reject');
  if (version.status === 'approved' && may(ruleStepRoles.enable)) actions.push('enable');
  if ((version.status === 'approved' || version.status === 'enabled') && may(ruleStepRoles.enable))
    actions.push('retire');
  return { actions, selfApproval: own && actions.includes('approve') };
};

/** Whether the caller may use the rule API at all (the list and steps are admin/auditor calls). */
export const mayWorkRules = (roles: readonly string[]) => hasRole(roles, ...ruleStepRoles.review);

export type RuleStats = {
  byStatus: Record<RuleVersionStatus, number>;
  byRule: { ruleId: string; total: number; byStatus: Partial<Record<RuleVersionStatus, number>> }[];
  /** Mean hours from the (last) submission to the approval, over approved versions; null when none. */
  meanHoursToApprove: number | null;
  approvedCount: number;
  /** Applications by the month (Shanghai) each step happened in, newest month first. */
  byMonth: { month: string; submitted: number; approved: number; rejected: number; enabled: number }[];
};

/** yyyy-MM of an instant on the Shanghai calendar (UTC+8, no daylight saving). */
export const shanghaiMonth = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 7);

const monthlyActions = {
  RuleVersionSubmitted: 'submitted',
  RuleVersionApproved: 'approved',
  RuleVersionRejected: 'rejected',
  RuleVersionEnabled: 'enabled',
} as const;

/**
 * 申请统计. Versions approved by `system` at seeding (submitted and approved in the same instant)
 * count like any other: they were reviewed code.
 */
export const ruleStats = (rules: readonly RuleSummary[]): RuleStats => {
  const byStatus = { draft: 0, inReview: 0, approved: 0, rejected: 0, enabled: 0, retired: 0 } satisfies Record<
    RuleVersionStatus,
    number
  >;
  const byRule: RuleStats['byRule'] = [];
  const waits: number[] = [];
  const months = new Map<string, RuleStats['byMonth'][number]>();
  for (const rule of rules) {
    const counts: Partial<Record<RuleVersionStatus, number>> = {};
    for (const v of rule.versions) {
      byStatus[v.status] += 1;
      counts[v.status] = (counts[v.status] ?? 0) + 1;
      const approved = lastStep(v, 'RuleVersionApproved');
      const submitted =
        approved && v.history.filter((s) => s.action === 'RuleVersionSubmitted' && s.at <= approved.at).at(-1);
      if (approved && submitted) waits.push(Date.parse(approved.at) - Date.parse(submitted.at));
      for (const step of v.history) {
        const counted = monthlyActions[step.action as keyof typeof monthlyActions];
        if (!counted) continue;
        const month = shanghaiMonth(step.at);
        const row = months.get(month) ?? { month, submitted: 0, approved: 0, rejected: 0, enabled: 0 };
        row[counted] += 1;
        months.set(month, row);
      }
    }
    byRule.push({ ruleId: rule.ruleId, total: rule.versions.length, byStatus: counts });
  }
  const mean = waits.length ? waits.reduce((a, b) => a + b, 0) / waits.length / 3_600_000 : null;
  const byMonth = [...months.values()].sort((a, b) => b.month.localeCompare(a.month));
  return { byStatus, byRule, meanHoursToApprove: mean, approvedCount: waits.length, byMonth };
};

/** A wait in hours as people say it: minutes under an hour, hours with one decimal above. */
export const formatHours = (hours: number | null) => {
  if (hours === null) return '—';
  if (hours < 1) return `${Math.round(hours * 60)} 分钟`;
  return `${hours.toFixed(1)} 小时`;
};

/** Shanghai wall time of an ISO instant, minutes precision. */
export const formatAt = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', {
    timeZone: 'Asia/Shanghai',
    hour12: false,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });

/** The JSON editor's text → a value to send, or the reason it is not JSON. */
export const parseContent = (text: string): { ok: true; value: unknown } | { ok: false; message: string } => {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: `内容不是有效的 JSON：${(error as Error).message}` };
  }
};
