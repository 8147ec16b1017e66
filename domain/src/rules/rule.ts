import { hasRole, type Role } from '../accounts/roles.ts';
import { assertNever, type Decider } from '../shared/decider.ts';
import { forbidden, illegalState, invalid, notFound } from '../shared/errors.ts';
import {
  definitionMessages,
  isPipelineStage,
  type RuleDefinition,
  type RuleDefinitionFields,
  type RuleStage,
} from './definition.ts';
import { jdmProblem, type Jdm } from './jdm.ts';

/**
 * A rule (one stream per rule id) and its immutable versions. A version moves
 * draft → inReview → approved → enabled → retired (or inReview → rejected); enabling one retires
 * the rule's enabled version in the same step, so at most one is enabled. Every step records who,
 * when and why. Nobody approves a version they drafted.
 */

export const RuleVersionStatuses = ['draft', 'inReview', 'approved', 'rejected', 'enabled', 'retired'] as const;
export type RuleVersionStatus = (typeof RuleVersionStatuses)[number];

/** Who may do what (docs/glossary.md "Roles"): drafting, review and enablement are rule staff work. */
export const ruleStepRoles = {
  draft: ['admin', 'auditor'],
  review: ['admin', 'auditor'],
  enable: ['admin', 'auditor'],
} as const satisfies Record<string, readonly Role[]>;

export const ruleStreamId = (ruleId: string) => `rule-${ruleId}`;

type Step = { ruleId: string; version: number; by: string; at: string; reason: string };
type Change = { ruleId: string; by: string; at: string; reason: string };
/** The batch-test run a submission points to, as the command handler read it; null when none was named. */
export type SubmittedTest = {
  runId: string;
  ruleId: string;
  version: number;
  finished: boolean;
  passed: number;
  failed: number;
};
export type RuleDefined = {
  type: 'RuleDefined';
  data: Change & RuleDefinitionFields & { stage: RuleStage; rank: number };
};
export type RuleDefinitionChanged = {
  type: 'RuleDefinitionChanged';
  data: Change & { changes: Partial<RuleDefinitionFields> };
};
export type RuleMoved = { type: 'RuleMoved'; data: Change & { from: RuleStage; stage: RuleStage; rank: number } };
export type RuleVersionDrafted = { type: 'RuleVersionDrafted'; data: Step & { content: Jdm } };
export type RuleVersionSubmitted = {
  type: 'RuleVersionSubmitted';
  data: Step & { batchTestRunId?: string; overrideReason?: string };
};
export type RuleVersionApproved = { type: 'RuleVersionApproved'; data: Step };
export type RuleVersionRejected = { type: 'RuleVersionRejected'; data: Step };
export type RuleVersionEnabled = { type: 'RuleVersionEnabled'; data: Step & { replaces: number | null } };
export type RuleVersionRetired = { type: 'RuleVersionRetired'; data: Step };
export type RuleVersionEvent =
  | RuleVersionDrafted
  | RuleVersionSubmitted
  | RuleVersionApproved
  | RuleVersionRejected
  | RuleVersionEnabled
  | RuleVersionRetired;
export type RuleDefinitionEvent = RuleDefined | RuleDefinitionChanged | RuleMoved;
export type RuleEvent = RuleVersionEvent | RuleDefinitionEvent;
export const ruleVersionEventTypes = [
  'RuleVersionDrafted',
  'RuleVersionSubmitted',
  'RuleVersionApproved',
  'RuleVersionRejected',
  'RuleVersionEnabled',
  'RuleVersionRetired',
] as const satisfies readonly RuleVersionEvent['type'][];
export const ruleDefinitionEventTypes = [
  'RuleDefined',
  'RuleDefinitionChanged',
  'RuleMoved',
] as const satisfies readonly RuleDefinitionEvent['type'][];
export const ruleEventTypes = [...ruleVersionEventTypes, ...ruleDefinitionEventTypes] as const;

export type RuleState = {
  ruleId: string | null;
  definition: Omit<RuleDefinition, 'updatedBy' | 'updatedAt'> | null;
  versions: { version: number; status: RuleVersionStatus; draftedBy: string }[];
  enabled: number | null;
};
export const initialRule = (): RuleState => ({ ruleId: null, definition: null, versions: [], enabled: null });

/** system: start-up seeding, which reproduces reviewed code and so may approve its own draft. */
export type RuleMetadata = { now: Date; actor: string; roles: readonly string[]; system?: boolean };
type Cmd<T extends string, D> = { type: T; data: D; metadata: RuleMetadata };
export type DraftRuleVersion = Cmd<'DraftRuleVersion', { ruleId: string; content: unknown; reason: string }>;
type VersionStep<T extends string> = Cmd<T, { ruleId: string; version: number; reason: string }>;
export type DefineRule = Cmd<
  'DefineRule',
  RuleDefinitionFields & { ruleId: string; stage: RuleStage; rank: number; reason: string }
>;
export type ChangeRuleDefinition = Cmd<
  'ChangeRuleDefinition',
  { ruleId: string; changes: Partial<RuleDefinitionFields>; reason: string }
>;
export type MoveRule = Cmd<'MoveRule', { ruleId: string; stage: RuleStage; rank: number; reason: string }>;
export type SubmitRuleVersion = Cmd<
  'SubmitRuleVersion',
  { ruleId: string; version: number; reason: string; batchTest?: SubmittedTest | null; overrideReason?: string }
>;
export type RuleCommand =
  | DefineRule
  | ChangeRuleDefinition
  | MoveRule
  | DraftRuleVersion
  | SubmitRuleVersion
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
  testOrOverride: '请关联该版本的批量测试，或填写未测试的原因',
  testOfOtherVersion: '关联的批量测试不是该规则版本的测试',
  testNotFinished: '关联的批量测试尚未完成',
  testFailedOverride: '该版本最近的批量测试有未通过的案例，请填写忽略原因',
} as const;

const statusAfter: Record<RuleVersionEvent['type'], RuleVersionStatus> = {
  RuleVersionDrafted: 'draft',
  RuleVersionSubmitted: 'inReview',
  RuleVersionApproved: 'approved',
  RuleVersionRejected: 'rejected',
  RuleVersionEnabled: 'enabled',
  RuleVersionRetired: 'retired',
};

const evolveDefinition = (state: RuleState, event: RuleDefinitionEvent): RuleState => {
  switch (event.type) {
    case 'RuleDefined': {
      const { by, at, reason: _reason, ...definition } = event.data;
      return { ...state, ruleId: event.data.ruleId, definition: { ...definition, createdBy: by, createdAt: at } };
    }
    case 'RuleDefinitionChanged':
      return state.definition ? { ...state, definition: { ...state.definition, ...event.data.changes } } : state;
    case 'RuleMoved':
      return state.definition
        ? { ...state, definition: { ...state.definition, stage: event.data.stage, rank: event.data.rank } }
        : state;
    default:
      return assertNever(event);
  }
};

export const evolveRule = (state: RuleState, event: RuleEvent): RuleState => {
  if (event.type === 'RuleDefined' || event.type === 'RuleDefinitionChanged' || event.type === 'RuleMoved')
    return evolveDefinition(state, event);
  const { ruleId, version, by } = event.data;
  const status = statusAfter[event.type];
  const versions =
    event.type === 'RuleVersionDrafted'
      ? [...state.versions, { version, status, draftedBy: by }]
      : state.versions.map((v) => (v.version === version ? { ...v, status } : v));
  const enabled =
    event.type === 'RuleVersionEnabled'
      ? version
      : event.type === 'RuleVersionRetired' && state.enabled === version
        ? null
        : state.enabled;
  return { ...state, ruleId, versions, enabled };
};

const decideDefinition = (
  command: DefineRule | ChangeRuleDefinition | MoveRule,
  state: RuleState,
  change: Change,
): RuleEvent[] => {
  switch (command.type) {
    case 'DefineRule': {
      if (state.definition) throw illegalState(definitionMessages.exists);
      const { reason: _reason, ...definition } = command.data;
      return [{ type: 'RuleDefined', data: { ...definition, ...change } }];
    }
    case 'ChangeRuleDefinition': {
      const current = state.definition;
      if (!current) throw notFound(definitionMessages.notDefined);
      const changes = Object.fromEntries(
        Object.entries(command.data.changes).filter(
          ([key, value]) =>
            value !== undefined && JSON.stringify(current[key as keyof RuleDefinitionFields]) !== JSON.stringify(value),
        ),
      ) as Partial<RuleDefinitionFields>;
      if (Object.keys(changes).length === 0) throw invalid(definitionMessages.nothingChanged);
      return [{ type: 'RuleDefinitionChanged', data: { ...change, changes } }];
    }
    case 'MoveRule': {
      const current = state.definition;
      if (!current) throw notFound(definitionMessages.notDefined);
      // A pool piece or the price range is not run per line: its outputs would mean nothing there.
      if (!isPipelineStage(current.stage)) throw illegalState(definitionMessages.stageFixed);
      if (!isPipelineStage(command.data.stage)) throw invalid(definitionMessages.stageNotPipeline);
      return [
        {
          type: 'RuleMoved',
          data: { ...change, from: current.stage, stage: command.data.stage, rank: command.data.rank },
        },
      ];
    }
    default:
      return assertNever(command);
  }
};

/** A submission names a finished batch test of the version, or says why not; failures need a reason too. */
const checkSubmission = (command: SubmitRuleVersion, version: number) => {
  const { batchTest, overrideReason } = command.data;
  const override = overrideReason?.trim() ?? '';
  if (!batchTest) {
    if (!override) throw invalid(ruleMessages.testOrOverride);
    return { overrideReason: override };
  }
  if (batchTest.ruleId !== command.data.ruleId || batchTest.version !== version)
    throw invalid(ruleMessages.testOfOtherVersion);
  if (!batchTest.finished) throw illegalState(ruleMessages.testNotFinished);
  if (batchTest.failed > 0 && !override) throw invalid(ruleMessages.testFailedOverride);
  return { batchTestRunId: batchTest.runId, ...(override ? { overrideReason: override } : {}) };
};

const decide = (command: RuleCommand, state: RuleState): RuleEvent[] => {
  const { metadata: m, data } = command;
  const reason = data.reason.trim();
  if (!reason) throw invalid(ruleMessages.reasonRequired);
  const may = (roles: readonly Role[]) => {
    if (!m.system && !hasRole(m.roles, ...roles)) throw forbidden(ruleMessages.forbidden);
  };
  if (command.type === 'DefineRule' || command.type === 'ChangeRuleDefinition' || command.type === 'MoveRule') {
    may(ruleStepRoles.draft);
    return decideDefinition(command, state, { ruleId: data.ruleId, by: m.actor, at: m.now.toISOString(), reason });
  }
  if (!state.definition) throw notFound(ruleMessages.unknownRule);
  const step = (version: number): Step => ({
    ruleId: data.ruleId,
    version,
    by: m.actor,
    at: m.now.toISOString(),
    reason,
  });

  if (command.type === 'DraftRuleVersion') {
    may(ruleStepRoles.draft);
    const problem = jdmProblem(command.data.content);
    if (problem) throw invalid(problem);
    return [
      {
        type: 'RuleVersionDrafted',
        data: { ...step(state.versions.length + 1), content: command.data.content as Jdm },
      },
    ];
  }
  const target = state.versions.find((v) => v.version === command.data.version);
  if (!target) throw notFound(ruleMessages.versionNotFound);
  const at = step(target.version);
  switch (command.type) {
    case 'SubmitRuleVersion':
      may(ruleStepRoles.draft);
      if (target.status !== 'draft') throw illegalState(ruleMessages.submitOnlyDraft);
      return [
        {
          type: 'RuleVersionSubmitted',
          data: { ...at, ...(m.system ? {} : checkSubmission(command, target.version)) },
        },
      ];
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
      const retire: RuleEvent[] =
        previous === null
          ? []
          : [
              {
                type: 'RuleVersionRetired',
                data: { ...step(previous), reason: `由版本${target.version}替换：${reason}` },
              },
            ];
      return [...retire, { type: 'RuleVersionEnabled', data: { ...at, replaces: previous } }];
    }
    case 'RetireRuleVersion':
      may(ruleStepRoles.enable);
      if (target.status !== 'enabled' && target.status !== 'approved')
        throw illegalState(ruleMessages.retireOnlyActive);
      return [{ type: 'RuleVersionRetired', data: at }];
    default:
      return assertNever(command);
  }
};

export const ruleDecider: Decider<RuleState, RuleCommand, RuleEvent> = {
  decide,
  evolve: evolveRule,
  initialState: initialRule,
};
