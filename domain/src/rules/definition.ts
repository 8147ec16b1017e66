import { z } from 'zod';
import { applicationFields, visibleInsurers } from '../ordering/catalogue.ts';

/**
 * What a rule is, beside its versions: its name, the pipeline stage it runs in and its place there,
 * the insurer and scenes (application fields) it applies to, and the dictionary codes that classify
 * it. The engine runs a line through the stages in order (docs/api/rules-definitions.md).
 */

/** 准入 → 核保转人工 → 费率 → 限额: the default order an insurer's quote passes through. */
export const PipelineStages = ['eligibility', 'referral', 'rating', 'limits'] as const;
export type PipelineStage = (typeof PipelineStages)[number];
/**
 * pool: pieces shared by other rules (inlined where referenced); indication: the education package's price range;
 * cancellation: each insurer's 退保 terms (cooling-off days, pro rata or short-rate, fee), read when a policy is cancelled;
 * endorsement: each insurer's 批改 terms (minimum extra and return premium, the amount an underwriter decides).
 */
export const RuleStages = [...PipelineStages, 'pool', 'indication', 'cancellation', 'endorsement'] as const;
export type RuleStage = (typeof RuleStages)[number];

export const stageLabels: Record<RuleStage, string> = {
  eligibility: '准入',
  referral: '核保转人工',
  rating: '费率',
  limits: '限额',
  pool: '规则池',
  indication: '价格区间',
  cancellation: '退保规则',
  endorsement: '批改规则',
};

export const isPipelineStage = (stage: RuleStage): stage is PipelineStage =>
  (PipelineStages as readonly string[]).includes(stage);

export type RuleDefinitionFields = {
  name: string;
  insurerId: number | null;
  /** Application fields of the insure form (教育培训, 农业/植保, …); empty: every scene. */
  scenes: string[];
  /** Codes of the ruleType, ruleSource, ruleRisk and ruleMessage dictionaries. */
  type: string | null;
  source: string | null;
  risk: string | null;
  message: string | null;
  description: string;
};

export type RuleDefinition = RuleDefinitionFields & {
  ruleId: string;
  stage: RuleStage;
  /** Order inside the stage, ascending; fractional so a move touches one rule only. */
  rank: number;
  createdBy: string;
  createdAt: string;
  updatedBy: string;
  updatedAt: string;
};

export const definitionMessages = {
  ruleIdFormat: '规则编号须以小写字母开头，只能包含小写字母、数字和横线（2-64位）',
  exists: '规则编号已存在',
  notDefined: '规则不存在',
  nameRequired: '规则名称不能为空',
  unknownInsurer: '保险公司不存在',
  unknownScene: '适用场景不正确',
  stageFixed: '规则池和价格区间规则不能移动到其他阶段',
  stageNotPipeline: '只能移动到准入、核保转人工、费率或限额阶段',
  nothingChanged: '没有需要保存的修改',
} as const;

const code = (label: string) =>
  z
    .string({ error: `${label}格式错误` })
    .trim()
    .max(40, { error: `${label}格式错误` })
    .transform((v) => (v === '' ? null : v))
    .nullable();

export const ruleIdSchema = z
  .string({ error: '规则编号不能为空' })
  .trim()
  .regex(/^[a-z][a-z0-9-]{1,63}$/, { error: definitionMessages.ruleIdFormat });

/** The editable fields; each route uses all (define) or some of them (update). */
export const definitionFieldSchemas = {
  name: z
    .string({ error: definitionMessages.nameRequired })
    .trim()
    .min(1, { error: definitionMessages.nameRequired })
    .max(50, { error: '规则名称不能超过50个字符' }),
  insurerId: z
    .number({ error: definitionMessages.unknownInsurer })
    .int({ error: definitionMessages.unknownInsurer })
    .refine((id) => visibleInsurers.some((i) => i.id === id), { error: definitionMessages.unknownInsurer })
    .nullable(),
  scenes: z
    .array(
      z
        .string({ error: definitionMessages.unknownScene })
        .refine((s) => (applicationFields as readonly string[]).includes(s), {
          error: definitionMessages.unknownScene,
        }),
      {
        error: definitionMessages.unknownScene,
      },
    )
    .max(applicationFields.length, { error: definitionMessages.unknownScene })
    .transform((scenes) => [...new Set(scenes)]),
  type: code('规则类型'),
  source: code('规则来源'),
  risk: code('风险等级'),
  message: code('提示语'),
  description: z.string({ error: '说明格式错误' }).trim().max(500, { error: '说明不能超过500个字符' }),
};

export const stageSchema = z.enum(RuleStages, { error: '阶段不正确' });

/** Whether a rule of this definition looks at a line of this insurer and scene. */
export const ruleApplies = (
  definition: Pick<RuleDefinition, 'insurerId' | 'scenes'>,
  insurerId: number,
  scene: string | null,
): boolean =>
  (definition.insurerId === null || definition.insurerId === insurerId) &&
  (definition.scenes.length === 0 || (scene !== null && definition.scenes.includes(scene)));

/** The rank that puts a rule at `position` among `ranks` (the stage's other rules, ascending). */
export const rankAt = (ranks: readonly number[], position: number): number => {
  const sorted = [...ranks].sort((a, b) => a - b);
  const at = Math.max(0, Math.min(position, sorted.length));
  const before = at > 0 ? sorted[at - 1]! : null;
  const after = at < sorted.length ? sorted[at]! : null;
  if (before === null && after === null) return 1;
  if (before === null) return after! - 1;
  if (after === null) return before + 1;
  return (before + after) / 2;
};

/** Rules of a stage in the order the engine runs them (rank, then id for equal ranks). */
export const byRank = <T extends Pick<RuleDefinition, 'rank' | 'ruleId'>>(a: T, b: T) =>
  a.rank - b.rank || a.ruleId.localeCompare(b.ruleId);
