import { hasRole, type Role } from '../accounts/roles.ts';
import { visibleInsurers } from '../ordering/catalogue.ts';
import { assertNever, type Decider } from '../shared/decider.ts';
import { forbidden, illegalState, invalid, notFound } from '../shared/errors.ts';
import { jdmProblem, type Jdm } from './jdm.ts';
import { PRICE_RANGE_RULE_ID, REFERRAL_RULE_ID, tariffRuleId } from './rating.ts';

/**
 * A rule (one stream per rule id) and its immutable versions. A version moves
 * draft → inReview → approved → enabled → retired (or inReview → rejected); enabling one retires
 * the rule's enabled version in the same step, so at most one is enabled. Every step records who,
 * when and why. Nobody approves a version they drafted.
 */

export const RuleVersionStatuses = ['draft', 'inReview', 'approved', 'rejected', 'enabled', 'retired'] as const;
export type RuleVersionStatus = (typeof RuleVersionStatuses)[number];

/** The rules the quoting path consults; a version of any other id would rate nothing. */
export const knownRuleIds: readonly string[] = [REFERRAL_RULE_ID, PRICE_RANGE_RULE_ID, ...visibleInsurers.map((i) => tariffRuleId(i.id))];

/** Who may do what (seed §6): drafting, review and enablement are rule staff work. */
export const ruleStepRoles = {
  draft: ['admin', 'auditor'],
  review: ['admin', 'auditor'],
  enable: ['admin', 'auditor'],
} as const satisfies Record<string, readonly Role[]>;

export const ruleStreamId = (ruleId: string) => `rule-${ruleId}`;

type Step = { ruleId: string; version: number; by: string; at: string; reason: string };
export type RuleVersionDrafted = { type: 'RuleVersionDrafted'; data: Step & { content: Jdm } };
export type RuleVersionSubmitted = { type: 'RuleVersionSubmitted'; data: Step };
export type RuleVersionApproved = { type: 'RuleVersionApproved'; data: Step };
export type RuleVersionRejected = { type: 'RuleVersionRejected'; data: Step };
export type RuleVersionEnabled = { type: 'RuleVersionEnabled'; data: Step & { replaces: number | null } };
export type RuleVersionRetired = { type: 'RuleVersionRetired'; data: Step };
export type RuleEvent = RuleVersionDrafted | RuleVersionSubmitted | RuleVersionApproved | RuleVersionRejected | RuleVersionEnabled | RuleVersionRetired;
export const ruleEventTypes = [
  'RuleVersionDrafted',
  'RuleVersionSubmitted',
  'RuleVersionApproved',
  'RuleVersionRejected',
  'RuleVersionEnabled',
  'RuleVersionRetired',
] as const satisfies readonly RuleEvent['type'][];

export type RuleState = { ruleId: string | null; versions: { version: number; status: RuleVersionStatus; draftedBy: string }[]; enabled: number | null };
export const initialRule = (): RuleState => ({ ruleId: null, versions: [], enabled: null });

/** system: start-up seeding, which reproduces reviewed code and so may approve its own draft. */
export type RuleMetadata = { now: Date; actor: string; roles: readonly string[]; system?: boolean };
type Cmd<T extends string, D> = { type: T; data: D; metadata: RuleMetadata };
export type DraftRuleVersion = Cmd<'DraftRuleVersion', { ruleId: string; content: unknown; reason: string }>;
type VersionStep<T extends string> = Cmd<T, { ruleId: string; version: number; reason: string }>;
export type RuleCommand =
  | DraftRuleVersion
  | VersionStep<'SubmitRuleVersion'>
  | VersionStep<'ApproveRuleVersion'>
  | VersionStep<'RejectRuleVersion'>
  | VersionStep<'EnableRuleVersion'>
  | VersionStep<'RetireRuleVersion'>;

export const ruleMessages = {
  unknownRule: '规则不存在',
  versionNotFound: '规则版本不存在',
  reasonRequired: '请填写原因',
  forbidden: '无权限访问',
  selfApproval: '不能审批自己提交的规则版本',
  submitOnlyDraft: '仅草稿状态的版本可以提交审核',
  reviewOnlyInReview: '仅审核中的版本可以审批或驳回',
  enableOnlyApproved: '仅已审批的版本可以启用',
  retireOnlyActive: '仅已审批或已启用的版本可以停用',
} as const;

const statusAfter: Record<RuleEvent['type'], RuleVersionStatus> = {
  RuleVersionDrafted: 'draft',
  RuleVersionSubmitted: 'inReview',
  RuleVersionApproved: 'approved',
  RuleVersionRejected: 'rejected',
  RuleVersionEnabled: 'enabled',
  RuleVersionRetired: 'retired',
};

export const evolveRule = (state: RuleState, event: RuleEvent): RuleState => {
  const { ruleId, version, by } = event.data;
  const status = statusAfter[event.type];
  const versions =
    event.type === 'RuleVersionDrafted'
      ? [...state.versions, { version, status, draftedBy: by }]
      : state.versions.map((v) => (v.version === version ? { ...v, status } : v));
  const enabled = event.type === 'RuleVersionEnabled' ? version : event.type === 'RuleVersionRetired' && state.enabled === version ? null : state.enabled;
  return { ruleId, versions, enabled };
};

const decide = (command: RuleCommand, state: RuleState): RuleEvent[] => {
  const { metadata: m, data } = command;
  const reason = data.reason.trim();
  if (!reason) throw invalid(ruleMessages.reasonRequired);
  if (!knownRuleIds.includes(data.ruleId)) throw notFound(ruleMessages.unknownRule);
  const step = (version: number): Step => ({ ruleId: data.ruleId, version, by: m.actor, at: m.now.toISOString(), reason });
  const may = (roles: readonly Role[]) => {
    if (!m.system && !hasRole(m.roles, ...roles)) throw forbidden(ruleMessages.forbidden);
  };

  if (command.type === 'DraftRuleVersion') {
    may(ruleStepRoles.draft);
    const problem = jdmProblem(command.data.content);
    if (problem) throw invalid(problem);
    return [{ type: 'RuleVersionDrafted', data: { ...step(state.versions.length + 1), content: command.data.content as Jdm } }];
  }
  const target = state.versions.find((v) => v.version === command.data.version);
  if (!target) throw notFound(ruleMessages.versionNotFound);
  const at = step(target.version);
  switch (command.type) {
    case 'SubmitRuleVersion':
      may(ruleStepRoles.draft);
      if (target.status !== 'draft') throw illegalState(ruleMessages.submitOnlyDraft);
      return [{ type: 'RuleVersionSubmitted', data: at }];
    case 'ApproveRuleVersion':
    case 'RejectRuleVersion':
      may(ruleStepRoles.review);
      if (target.status !== 'inReview') throw illegalState(ruleMessages.reviewOnlyInReview);
      if (command.type === 'RejectRuleVersion') return [{ type: 'RuleVersionRejected', data: at }];
      if (target.draftedBy === m.actor && !m.system) throw forbidden(ruleMessages.selfApproval);
      return [{ type: 'RuleVersionApproved', data: at }];
    case 'EnableRuleVersion': {
      may(ruleStepRoles.enable);
      if (target.status !== 'approved') throw illegalState(ruleMessages.enableOnlyApproved);
      const previous = state.enabled;
      const retire: RuleEvent[] = previous === null ? [] : [{ type: 'RuleVersionRetired', data: { ...step(previous), reason: `由版本${target.version}替换：${reason}` } }];
      return [...retire, { type: 'RuleVersionEnabled', data: { ...at, replaces: previous } }];
    }
    case 'RetireRuleVersion':
      may(ruleStepRoles.enable);
      if (target.status !== 'enabled' && target.status !== 'approved') throw illegalState(ruleMessages.retireOnlyActive);
      return [{ type: 'RuleVersionRetired', data: at }];
    default:
      return assertNever(command);
  }
};

export const ruleDecider: Decider<RuleState, RuleCommand, RuleEvent> = { decide, evolve: evolveRule, initialState: initialRule };
