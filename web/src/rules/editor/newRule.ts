import { RuleStages, stageLabels, type RuleStage } from '@feibao/domain/rules/definition';
import { applicationFields, visibleInsurers } from '@feibao/domain/ordering/catalogue';

/** The 新建规则 form (POST /api/v1/rules/define); the server checks every field again. */
export type NewRuleDraft = {
  ruleId: string;
  name: string;
  stage: RuleStage;
  /** '' = every insurer. */
  insurerId: string;
  scenes: string[];
  type: string;
  source: string;
  risk: string;
  message: string;
  description: string;
  reason: string;
};
export type NewRuleBody = Omit<NewRuleDraft, 'insurerId' | 'type' | 'source' | 'risk' | 'message'> & {
  insurerId: number | null;
  type: string | null;
  source: string | null;
  risk: string | null;
  message: string | null;
};

export const emptyNewRule = (): NewRuleDraft => ({
  ruleId: '',
  name: '',
  stage: 'rating',
  insurerId: '',
  scenes: [],
  type: '',
  source: '',
  risk: '',
  message: '',
  description: '',
  reason: '',
});

/** The price range (indication) is one rule the platform seeds; every other stage takes new rules. */
export const stageOptions = RuleStages.filter((s) => s !== 'indication' && s !== 'endorsement').map((value) => ({
  value,
  label: stageLabels[value],
}));
export const insurerOptions = [
  { value: '', label: '全部保险公司' },
  ...visibleInsurers.map((i) => ({ value: String(i.id), label: i.name })),
];
export const sceneOptions: readonly string[] = applicationFields;

const RULE_ID = /^[a-z][a-z0-9-]{1,63}$/;

/** Field → message for what the form can tell before sending. */
export const newRuleProblems = (draft: NewRuleDraft): Partial<Record<keyof NewRuleDraft, string>> => {
  const problems: Partial<Record<keyof NewRuleDraft, string>> = {};
  if (!RULE_ID.test(draft.ruleId.trim()))
    problems.ruleId = '规则编号须以小写字母开头，只能包含小写字母、数字和横线（2-64位）';
  if (!draft.name.trim()) problems.name = '规则名称不能为空';
  if (!draft.reason.trim()) problems.reason = '请填写新建原因';
  return problems;
};

const orNull = (value: string) => (value.trim() ? value.trim() : null);

export const newRuleBody = (draft: NewRuleDraft): NewRuleBody => ({
  ruleId: draft.ruleId.trim(),
  name: draft.name.trim(),
  stage: draft.stage,
  insurerId: draft.insurerId ? Number(draft.insurerId) : null,
  scenes: draft.scenes,
  type: orNull(draft.type),
  source: orNull(draft.source),
  risk: orNull(draft.risk),
  message: orNull(draft.message),
  description: draft.description.trim(),
  reason: draft.reason.trim(),
});

export const toggleScene = (scenes: readonly string[], scene: string): string[] =>
  scenes.includes(scene)
    ? scenes.filter((s) => s !== scene)
    : sceneOptions.filter((s) => s === scene || scenes.includes(s));
