import {
  byRank,
  PipelineStages,
  stageLabels,
  type PipelineStage,
  type RuleDefinition,
} from '@feibao/domain/rules/definition';
import { poolReferences, type Jdm } from '@feibao/domain/rules/jdm';
import { insurerById } from '@feibao/domain/ordering/catalogue';
import type { RuleSummary } from '../review/model.ts';

/**
 * The pure side of the stage screens (阶段转换, 我的场景, 规则池, 险种启用限制, 公司规则阶段合并):
 * what each column, card and cell shows and how an edit changes a list, kept out of React so it is
 * tested without a browser.
 */

/** GET /api/v1/rules/list: a rule with its versions and definition (null for a rule from before definitions). */
export type RuleRow = RuleSummary & { definition: RuleDefinition | null };
export type DefinedRule = RuleSummary & { definition: RuleDefinition };
const defined = (rules: readonly RuleRow[]): DefinedRule[] =>
  rules.filter((r): r is DefinedRule => r.definition !== null);

export const insurerLabel = (insurerId: number | null) =>
  insurerId === null ? '全部' : (insurerById(insurerId)?.name ?? `保险公司${insurerId}`);
export const enabledLabel = (rule: Pick<RuleSummary, 'enabledVersion'>) =>
  rule.enabledVersion === null ? '未启用' : `v${rule.enabledVersion}`;

/**
 * The cached rows with a command's answer merged in. Merged, not replaced: the command service
 * answers without createdBy/createdAt (the rule stream's state does not keep them), which 我的场景
 * needs; a new rule's creator is whoever updated it.
 */
export const withDefinition = (rows: RuleRow[] | undefined, answer: RuleDefinition): RuleRow[] | undefined => {
  const found = rows?.find((r) => r.ruleId === answer.ruleId);
  if (found?.definition)
    return rows!.map((r) => (r === found ? { ...r, definition: { ...found.definition!, ...answer } } : r));
  const definition = {
    ...answer,
    createdBy: answer.createdBy ?? answer.updatedBy,
    createdAt: answer.createdAt ?? answer.updatedAt,
  };
  return found
    ? rows!.map((r) => (r === found ? { ...r, definition } : r))
    : [...(rows ?? []), { ruleId: answer.ruleId, enabledVersion: null, versions: [], definition }];
};

// ——— 阶段转换 ———

export type StageColumn = { stage: PipelineStage; label: string; rules: DefinedRule[] };

/** The four pipeline stages in their default order, each with its rules in the order the engine runs them. */
export const stageColumns = (rules: readonly RuleRow[]): StageColumn[] =>
  PipelineStages.map((stage) => ({
    stage,
    label: stageLabels[stage],
    rules: defined(rules)
      .filter((r) => r.definition.stage === stage)
      .sort((a, b) => byRank(a.definition, b.definition)),
  }));

export type MoveRequest = { ruleId: string; stage: PipelineStage; position: number };

/**
 * The body of POST /stage/move for one step up or down inside the rule's stage, or null at the
 * edge. The server places the rule at `position` among the stage's other rules, so one step down
 * from index i is position i + 1 once the rule itself is left out.
 */
export const stepMove = (
  columns: readonly StageColumn[],
  ruleId: string,
  direction: 'up' | 'down',
): MoveRequest | null => {
  const column = columns.find((c) => c.rules.some((r) => r.ruleId === ruleId));
  if (!column) return null;
  const at = column.rules.findIndex((r) => r.ruleId === ruleId);
  const position = direction === 'up' ? at - 1 : at + 1;
  if (position < 0 || position >= column.rules.length) return null;
  return { ruleId, stage: column.stage, position };
};

/** Moving to another stage puts the rule last there; the reviewer then orders it with up/down. */
export const stageMove = (
  columns: readonly StageColumn[],
  ruleId: string,
  stage: PipelineStage,
): MoveRequest | null => {
  const target = columns.find((c) => c.stage === stage);
  if (!target || target.rules.some((r) => r.ruleId === ruleId)) return null;
  return { ruleId, stage, position: target.rules.length };
};

// ——— 我的场景 ———

/** Who the caller is in rule records: definitions and drafts keep the account's user name (its mobile phone). */
export type Me = { name: string; mobilePhone: string };
const isMe = (who: string, me: Me) => who !== '' && (who === me.mobilePhone || who === me.name);
export const isMine = (rule: DefinedRule, me: Me) =>
  isMe(rule.definition.createdBy, me) || rule.versions.some((v) => isMe(v.draftedBy, me));

export const appliesToScene = (definition: Pick<RuleDefinition, 'scenes'>, scene: string) =>
  definition.scenes.length === 0 || definition.scenes.includes(scene);

export type SceneRule = { rule: DefinedRule; mine: boolean; general: boolean };
export type SceneCard = { scene: string; rules: SceneRule[] };

/**
 * One card per scene with the rules that look at it (pool pieces run only inside other rules, so
 * they are left out): the caller's first, then by stage and rank; `onlyMine` keeps the caller's.
 */
export const sceneCards = (
  scenes: readonly string[],
  rules: readonly RuleRow[],
  me: Me,
  onlyMine: boolean,
): SceneCard[] => {
  const stageOrder = (r: DefinedRule) => {
    const i = (PipelineStages as readonly string[]).indexOf(r.definition.stage);
    return i < 0 ? PipelineStages.length : i;
  };
  const candidates = defined(rules).filter((r) => r.definition.stage !== 'pool');
  return scenes.map((scene) => ({
    scene,
    rules: candidates
      .filter((rule) => appliesToScene(rule.definition, scene))
      .map((rule) => ({ rule, mine: isMine(rule, me), general: rule.definition.scenes.length === 0 }))
      .filter((r) => !onlyMine || r.mine)
      .sort(
        (a, b) =>
          Number(b.mine) - Number(a.mine) ||
          stageOrder(a.rule) - stageOrder(b.rule) ||
          byRank(a.rule.definition, b.rule.definition),
      ),
  }));
};

/** Scene checkboxes: add or remove one, keeping the catalogue's order. */
export const toggleScene = (selected: readonly string[], scene: string, all: readonly string[]): string[] => {
  const next = selected.includes(scene) ? selected.filter((s) => s !== scene) : [...selected, scene];
  return all.filter((s) => next.includes(s));
};
export const scenesText = (scenes: readonly string[]) => (scenes.length === 0 ? '通用（全部场景）' : scenes.join('、'));

// ——— 规则池 ———

export type LoadedVersion = { ruleId: string; version: number; content: Jdm };

/** The version whose model counts for references: the enabled one, else the newest draft. */
export const versionToRead = (rule: Pick<RuleSummary, 'enabledVersion' | 'versions'>): number | null =>
  rule.enabledVersion ?? (rule.versions.length ? Math.max(...rule.versions.map((v) => v.version)) : null);

/** For each pool rule, the rule versions whose model has a 规则池节点 referencing it. */
export const poolUsers = (versions: readonly LoadedVersion[]): Map<string, string[]> => {
  const users = new Map<string, string[]>();
  for (const v of versions)
    for (const poolId of poolReferences(v.content)) {
      if (poolId === v.ruleId) continue;
      users.set(poolId, [...(users.get(poolId) ?? []), `${v.ruleId} v${v.version}`]);
    }
  return users;
};
export const poolRules = (rules: readonly RuleRow[]): DefinedRule[] =>
  defined(rules)
    .filter((r) => r.definition.stage === 'pool')
    .sort((a, b) => byRank(a.definition, b.definition));

// ——— 险种启用限制 ———

export type LimitEntry = {
  code: string;
  enabled: boolean;
  insurerId: number;
  coverId: number;
  offered: boolean;
  minAmount: number | null;
  maxAmount: number | null;
  maxDronePrice: number | null;
  maxTakeoffKg: number | null;
  updatedBy?: string;
  updatedAt?: string;
};

export type LimitCell = { offered: boolean; text: string; bounds: string[]; note: string | null };

const range = (min: number | null, max: number | null, unit: string) => {
  if (min !== null && max !== null) return `${min}–${max}${unit}`;
  if (min !== null) return `≥${min}${unit}`;
  if (max !== null) return `≤${max}${unit}`;
  return null;
};

/** A grid cell: no entry (or a disabled one) puts no limit on the cover. */
export const limitCell = (entry: LimitEntry | undefined): LimitCell => {
  if (!entry) return { offered: true, text: '开办', bounds: [], note: null };
  if (!entry.enabled) return { offered: true, text: '开办', bounds: [], note: '限制已停用' };
  if (!entry.offered) return { offered: false, text: '未开办', bounds: [], note: null };
  const amount = range(entry.minAmount, entry.maxAmount, '万元');
  const bounds = [
    amount === null ? null : `保额 ${amount}`,
    entry.maxDronePrice === null ? null : `单价≤${entry.maxDronePrice}元`,
    entry.maxTakeoffKg === null ? null : `起飞重量≤${entry.maxTakeoffKg}kg`,
  ];
  return { offered: true, text: '开办', bounds: bounds.filter((b): b is string => b !== null), note: null };
};

export type LimitDraft = {
  offered: boolean;
  minAmount: string;
  maxAmount: string;
  maxDronePrice: string;
  maxTakeoffKg: string;
  reason: string;
};
const numberText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
export const limitDraftOf = (entry: LimitEntry | undefined): LimitDraft => ({
  offered: entry?.offered ?? true,
  minAmount: numberText(entry?.minAmount),
  maxAmount: numberText(entry?.maxAmount),
  maxDronePrice: numberText(entry?.maxDronePrice),
  maxTakeoffKg: numberText(entry?.maxTakeoffKg),
  reason: '',
});

const boundLabels = {
  minAmount: '最低保额',
  maxAmount: '最高保额',
  maxDronePrice: '无人机单价上限',
  maxTakeoffKg: '最大起飞重量上限',
} as const;
type BoundKey = keyof typeof boundLabels;

/** The request body for config create/update, or the first problem (blank bound: no bound). */
export const limitBody = (
  insurerId: number,
  coverId: number,
  draft: LimitDraft,
): { ok: true; body: Record<string, unknown> } | { ok: false; message: string } => {
  const bounds: Partial<Record<BoundKey, number | null>> = {};
  for (const key of Object.keys(boundLabels) as BoundKey[]) {
    const raw = draft[key].trim();
    if (raw === '') {
      bounds[key] = null;
      continue;
    }
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0) return { ok: false, message: `${boundLabels[key]}不正确` };
    bounds[key] = n;
  }
  if (bounds.minAmount != null && bounds.maxAmount != null && bounds.minAmount > bounds.maxAmount)
    return { ok: false, message: '最低保额不能高于最高保额' };
  if (!draft.reason.trim()) return { ok: false, message: '请填写原因' };
  return {
    ok: true,
    body: {
      kind: 'insuranceLimit',
      code: `${insurerId}-${coverId}`,
      insurerId,
      coverId,
      offered: draft.offered,
      ...bounds,
      reason: draft.reason.trim(),
    },
  };
};

// ——— 公司规则阶段合并 ———

export type StagePlanEntry = {
  code: string;
  enabled: boolean;
  insurerId: number;
  stages: PipelineStage[];
  updatedBy?: string;
  updatedAt?: string;
};
export type PlanStep = { stage: PipelineStage; included: boolean };

/** The order an insurer's lines pass through: its entry's when enabled, else the default. */
export const stageOrderOf = (entry: StagePlanEntry | undefined): PipelineStage[] =>
  entry?.enabled ? [...entry.stages] : [...PipelineStages];
export const stageOrderText = (stages: readonly PipelineStage[]) => stages.map((s) => stageLabels[s]).join(' → ');

/** The editor's rows: the plan's stages in order, then the left-out ones (unticked). */
export const planSteps = (stages: readonly PipelineStage[]): PlanStep[] => [
  ...stages.map((stage) => ({ stage, included: true })),
  ...PipelineStages.filter((s) => !stages.includes(s)).map((stage) => ({ stage, included: false })),
];
export const planStages = (steps: readonly PlanStep[]): PipelineStage[] =>
  steps.filter((s) => s.included).map((s) => s.stage);

/** 费率 always runs: without a price there is no quote. */
export const toggleStep = (steps: readonly PlanStep[], stage: PipelineStage): PlanStep[] =>
  stage === 'rating' ? [...steps] : steps.map((s) => (s.stage === stage ? { ...s, included: !s.included } : s));

export const moveStep = (steps: readonly PlanStep[], index: number, direction: 'up' | 'down'): PlanStep[] => {
  const to = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || index >= steps.length || to < 0 || to >= steps.length) return [...steps];
  const next = [...steps];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
};
