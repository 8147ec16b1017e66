import useSWR from 'swr';
import type { Jdm } from '@feibao/domain/rules/jdm';
import type { RuleVersionStatus } from '@feibao/domain/rules/rule';
import { rulesFetcher, rulesRequest } from '../api/client.ts';
import { RULE_LIST_API, type RuleAction, type RuleSummary, type RuleVersionSummary } from './model.ts';

export type StepAction = Exclude<RuleAction, 'copy'>;
export type RuleVersionDetail = RuleVersionSummary & { content: Jdm };

/** `enabled` false skips the call (roles the list refuses). */
export const useRuleList = (enabled = true) =>
  useSWR<RuleSummary[]>(enabled ? RULE_LIST_API : null, rulesFetcher, { revalidateOnFocus: false });

/** Every rule's name and versions, for any rule-platform role (the batch tester's picker). */
export type RuleName = {
  ruleId: string;
  name: string;
  stage: string | null;
  versions: { version: number; status: RuleVersionStatus }[];
};
export const useRuleNames = () => useSWR<RuleName[]>('/api/v1/rules/names', rulesFetcher, { revalidateOnFocus: false });
/** ruleId → the rule's name (its id until the names have loaded, or for a rule no longer defined). */
export const useRuleName = () => {
  const names = useRuleNames().data;
  return (ruleId: string) => names?.find((r) => r.ruleId === ruleId)?.name ?? ruleId;
};

const versionPath = (ruleId: string, version: number) =>
  `/api/v1/rules/version?${new URLSearchParams({ ruleId, version: String(version) })}`;
export const useRuleVersion = (ruleId: string, version: number) =>
  useSWR<RuleVersionDetail>(versionPath(ruleId, version), rulesFetcher, { revalidateOnFocus: false });

export const runStep = (
  action: StepAction,
  body: { ruleId: string; version: number; reason: string; batchTestRunId?: string; overrideReason?: string },
) =>
  rulesRequest<{ ruleId: string; version: number; status: RuleVersionStatus | null; enabledVersion: number | null }>(
    `/api/v1/rules/version/${action}`,
    { body },
  );

export const saveDraft = (body: { ruleId: string; content: unknown; reason: string }) =>
  rulesRequest<{ ruleId: string; version: number; status: 'draft' }>('/api/v1/rules/version/draft', { body });
