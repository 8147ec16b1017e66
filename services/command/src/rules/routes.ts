import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { inlinePool, jdmProblem, PoolReferenceError, type Jdm } from '@feibao/domain/rules/jdm';
import { invalid, notFound } from '@feibao/domain/shared/errors';
import {
  ruleMessages,
  ruleDecider,
  ruleStreamId,
  type RuleCommand,
  type SubmittedTest,
} from '@feibao/domain/rules/rule';
import { aggregate, handleCommand } from '@feibao/platform/eventStore';
import { caller } from '@feibao/platform/http/auth';
import { input, validate } from '@feibao/platform/http/validate';
import { ok } from '@feibao/platform/http/envelope';
import { RULES_API_PREFIX } from '@feibao/platform/http/rulesAuth';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { CommandDeps } from '../deps.ts';
import { enabledPoolModels, submittedTest } from './ruleStreams.ts';
import { ruleContentError } from '@feibao/domain/rules/zen/zen';

const ruleId = z
  .string({ error: '规则编号不能为空' })
  .trim()
  .min(1, { error: '规则编号不能为空' })
  .max(64, { error: '规则编号不正确' });
const reason = z
  .string({ error: '请填写原因' })
  .trim()
  .min(1, { error: '请填写原因' })
  .max(500, { error: '原因不能超过500个字符' });
const draftBody = z.strictObject({ ruleId, content: z.unknown(), reason });
const stepBody = z.strictObject({
  ruleId,
  version: z.coerce
    .number({ error: '版本号不正确' })
    .int({ error: '版本号不正确' })
    .min(1, { error: '版本号不正确' })
    .max(1_000_000, { error: '版本号不正确' }),
  reason,
});

const submitBody = stepBody.extend({
  batchTestRunId: z
    .string({ error: '批量测试编号不正确' })
    .trim()
    .min(1, { error: '批量测试编号不正确' })
    .max(64, { error: '批量测试编号不正确' })
    .optional(),
  overrideReason: z.string({ error: '原因格式错误' }).trim().max(500, { error: '原因不能超过500个字符' }).optional(),
});

const steps = {
  approve: ['ApproveRuleVersion', '已审批通过'],
  reject: ['RejectRuleVersion', '已驳回'],
  enable: ['EnableRuleVersion', '已启用'],
  retire: ['RetireRuleVersion', '已停用'],
} as const;

/**
 * The rule lifecycle (docs/api/rules-versions.md): draft, submit, approve or reject, enable, retire.
 * Rule staff only (admin, auditor); the decider enforces the order of steps and that nobody
 * approves their own version. A draft must be a model the engine loads.
 */
export const ruleCommandRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: `${RULES_API_PREFIX}/version` });
  const run = async (ctx: Context, id: string, command: RuleCommand) => {
    const result = await handleCommand(deps.eventStore, ruleStreamId(id), ruleDecider, command);
    setConsistencyToken(ctx, result.position);
    return result;
  };
  const metadata = (ctx: Context) => ({ now: deps.now(), actor: caller(ctx).sub, roles: caller(ctx).roles });
  /** The model as the engine will run it: pool references inlined from the enabled pool rules. */
  const withPool = async (content: Jdm): Promise<Jdm> => {
    if (!content.nodes.some((n) => n.type === 'decisionNode')) return content;
    const pool = await enabledPoolModels(deps.pool, deps.eventStore);
    try {
      return inlinePool(content, (key) => pool.get(key) ?? null);
    } catch (error) {
      if (error instanceof PoolReferenceError) throw invalid(error.message);
      throw error;
    }
  };

  router.post('/draft', validate(draftBody), async (ctx) => {
    const body = input<z.output<typeof draftBody>>(ctx);
    if (!(await aggregate(deps.eventStore, ruleStreamId(body.ruleId), ruleDecider)).definition)
      throw notFound(ruleMessages.unknownRule);
    const problem = jdmProblem(body.content) ?? ruleContentError(await withPool(body.content as Jdm));
    if (problem) throw invalid(`规则无法加载：${problem}`);
    const result = await run(ctx, body.ruleId, {
      type: 'DraftRuleVersion',
      data: { ruleId: body.ruleId, content: body.content, reason: body.reason },
      metadata: metadata(ctx),
    });
    ok(
      ctx,
      { ruleId: body.ruleId, version: (result.events[0]!.data as { version: number }).version, status: 'draft' },
      '已保存草稿',
    );
  });

  router.post('/submit', validate(submitBody), async (ctx) => {
    const { batchTestRunId, overrideReason, ...body } = input<z.output<typeof submitBody>>(ctx);
    let batchTest: SubmittedTest | null = null;
    if (batchTestRunId) {
      batchTest = await submittedTest(deps.eventStore, batchTestRunId);
      if (!batchTest) throw invalid('批量测试不存在');
    }
    const result = await run(ctx, body.ruleId, {
      type: 'SubmitRuleVersion',
      data: { ...body, batchTest, overrideReason },
      metadata: metadata(ctx),
    });
    ok(
      ctx,
      { ruleId: body.ruleId, version: body.version, status: 'inReview', enabledVersion: result.state.enabled },
      '已提交审核',
    );
  });

  for (const [path, [type, message]] of Object.entries(steps)) {
    router.post(`/${path}`, validate(stepBody), async (ctx) => {
      const body = input<z.output<typeof stepBody>>(ctx);
      const result = await run(ctx, body.ruleId, { type, data: body, metadata: metadata(ctx) });
      const state = result.state.versions.find((v) => v.version === body.version);
      ok(
        ctx,
        {
          ruleId: body.ruleId,
          version: body.version,
          status: state?.status ?? null,
          enabledVersion: result.state.enabled,
        },
        message,
      );
    });
  }
  return router;
};
