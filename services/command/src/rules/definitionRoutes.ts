import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  definitionFieldSchemas,
  definitionMessages,
  isPipelineStage,
  PipelineStages,
  rankAt,
  ruleIdSchema,
  stageSchema,
} from '@feibao/domain/rules/definition';
import { invalid } from '@feibao/domain/shared/errors';
import { ruleDecider, ruleStreamId, type RuleCommand } from '@feibao/domain/rules/rule';
import { aggregate, handleCommand } from '@feibao/platform/eventStore';
import { caller } from '@feibao/platform/http/auth';
import { input, validate } from '@feibao/platform/http/validate';
import { ok } from '@feibao/platform/http/envelope';
import { RULES_API_PREFIX } from '@feibao/platform/http/rulesAuth';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { CommandDeps } from '../deps.ts';
import { stageRanks } from './ruleStreams.ts';

const reason = z
  .string({ error: '请填写原因' })
  .trim()
  .min(1, { error: '请填写原因' })
  .max(500, { error: '原因不能超过500个字符' });
const f = definitionFieldSchemas;
const defineBody = z.strictObject({
  ruleId: ruleIdSchema,
  name: f.name,
  stage: stageSchema
    .refine((s) => s !== 'indication', { error: '价格区间规则只有一条，不能新建' })
    // 批改规则: one rule, per insurer inside its table (domain rules/seed/endorsementRules.ts).
    .refine((s) => s !== 'endorsement', { error: '批改规则只有一条，不能新建' }),
  insurerId: f.insurerId.default(null),
  scenes: f.scenes.default([]),
  type: f.type.default(null),
  source: f.source.default(null),
  risk: f.risk.default(null),
  message: f.message.default(null),
  description: f.description.default(''),
  reason,
});
const updateBody = z.strictObject({
  ruleId: ruleIdSchema,
  name: f.name.optional(),
  insurerId: f.insurerId.optional(),
  scenes: f.scenes.optional(),
  type: f.type.optional(),
  source: f.source.optional(),
  risk: f.risk.optional(),
  message: f.message.optional(),
  description: f.description.optional(),
  reason,
});
const moveBody = z.strictObject({
  ruleId: ruleIdSchema,
  stage: z.enum(PipelineStages, { error: definitionMessages.stageNotPipeline }),
  position: z
    .number({ error: '位置不正确' })
    .int({ error: '位置不正确' })
    .min(0, { error: '位置不正确' })
    .max(10_000, { error: '位置不正确' }),
  reason,
});

/**
 * What a rule is and where it runs (docs/api/rules-definitions.md): define a
 * rule, change its name, insurer, scenes and dictionary codes, move it within or between pipeline
 * stages. Rule staff only; every change keeps who, when and why. The answer is the definition as
 * the list will show it.
 */
export const ruleDefinitionRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: RULES_API_PREFIX });
  const ranks = (stage: string, except: string) => stageRanks(deps.pool, deps.eventStore, stage, except);
  const metadata = (ctx: Context) => ({ now: deps.now(), actor: caller(ctx).sub, roles: caller(ctx).roles });
  const run = async (ctx: Context, command: RuleCommand, message: string) => {
    const result = await handleCommand(deps.eventStore, ruleStreamId(command.data.ruleId), ruleDecider, command);
    setConsistencyToken(ctx, result.position);
    const at = result.events.at(-1)!.data as { by: string; at: string };
    ok(ctx, { ...result.state.definition, updatedBy: at.by, updatedAt: at.at }, message);
  };

  router.post('/define', validate(defineBody), async (ctx) => {
    const { reason: why, ...body } = input<z.output<typeof defineBody>>(ctx);
    if (body.stage === 'pool' && body.insurerId !== null)
      throw invalid('规则池中的规则供所有保险公司共用，不能指定保险公司');
    const others = await ranks(body.stage, body.ruleId);
    await run(
      ctx,
      {
        type: 'DefineRule',
        data: { ...body, rank: rankAt(others, others.length), reason: why },
        metadata: metadata(ctx),
      },
      '已新建规则',
    );
  });

  router.post('/definition/update', validate(updateBody), async (ctx) => {
    const { ruleId, reason: why, ...changes } = input<z.output<typeof updateBody>>(ctx);
    const current = (await aggregate(deps.eventStore, ruleStreamId(ruleId), ruleDecider)).definition;
    if (current?.stage === 'pool' && changes.insurerId != null)
      throw invalid('规则池中的规则供所有保险公司共用，不能指定保险公司');
    await run(
      ctx,
      { type: 'ChangeRuleDefinition', data: { ruleId, changes, reason: why }, metadata: metadata(ctx) },
      '已保存',
    );
  });

  router.post('/stage/move', validate(moveBody), async (ctx) => {
    const { ruleId, stage, position, reason: why } = input<z.output<typeof moveBody>>(ctx);
    if (!isPipelineStage(stage)) throw invalid(definitionMessages.stageNotPipeline);
    const rank = rankAt(await ranks(stage, ruleId), position);
    await run(ctx, { type: 'MoveRule', data: { ruleId, stage, rank, reason: why }, metadata: metadata(ctx) }, '已调整');
  });
  return router;
};
