import type { InsurerLimit, RuleRef } from '@feibao/domain/rules/rating';
import type { Jdm } from '@feibao/domain/rules/jdm';
import type { PipelineStage, RuleDefinition } from '@feibao/domain/rules/definition';
import type { RiskEffect } from '@feibao/domain/rules/config';

/** What the engine (engine.ts) rates by, as its source (read-models rules/ruleDefinitions.ts `ruleSetReader`) answers it. */

/** An enabled version with where its rule runs (read-models rules/ruleDefinitions.ts). */
export type EnabledRuleVersion = RuleRef & { content: Jdm } & Pick<
    RuleDefinition,
    'stage' | 'rank' | 'insurerId' | 'scenes'
  > & { message?: string | null; risk?: string | null };
/** An enabled 规则提示语: what the customer reads when a rule naming it refers or declines, and what staff read. */
export type RuleMessage = { code: string; customerText: string; staffText?: string };
/** An enabled 规则风险等级 and what a rule of that level does when it hits. */
export type RuleRisk = { code: string; effect: RiskEffect };
/** Everything a quote is rated by: the enabled versions, 险种启用限制 and each insurer's stage order (公司规则阶段合并). */
export type RuleSet = {
  rules: EnabledRuleVersion[];
  limits: InsurerLimit[];
  stagePlans: { insurerId: number; stages: PipelineStage[] }[];
  messages?: RuleMessage[];
  risks?: RuleRisk[];
};
export type RuleSource = () => Promise<RuleSet>;
