import Router from '@koa/router';
import { z } from 'zod';
import { inlinePool, jdmProblem, PoolReferenceError, type Jdm } from '@feibao/domain/rules/jdm';
import { invalid } from '@feibao/domain/shared/errors';
import { input, validate } from '@feibao/platform/http/validate';
import { ok } from '@feibao/platform/http/envelope';
import { RULES_API_PREFIX } from '@feibao/platform/http/rulesAuth';
import { ruleSetReader } from '@feibao/read-models/rules/ruleDefinitions';
import type { QueryAppDeps } from '../deps.ts';
import { ruleContentError } from '@feibao/domain/rules/zen/zen';
import { tryRuleContent } from '@feibao/domain/rules/zen/tryout';

/** A tariff input is well under 1 KB; this leaves room for hand-written cases without inviting abuse. */
export const TRY_INPUT_MAX_BYTES = 64 * 1024;

const tryBody = z.object({
  // The same checks as saving a draft (command rules/routes.ts), with the same messages; the engine's own after pool pieces are inlined.
  content: z.unknown().superRefine((content, ctx) => {
    const problem = jdmProblem(content);
    if (problem) ctx.addIssue({ code: 'custom', message: `规则无法加载：${problem}` });
  }),
  input: z
    .record(z.string(), z.unknown(), { error: '试算输入必须是JSON对象' })
    .refine((value) => Buffer.byteLength(JSON.stringify(value)) <= TRY_INPUT_MAX_BYTES, {
      error: '试算输入不能超过64KB',
    }),
});

/**
 * 试算 (docs/api/rules-versions.md): evaluates an unsaved model on one input for the editor. Nothing is
 * written, so it sits on the read side; the model must pass the same checks as a draft.
 */
export const ruleTryRoutes = (deps: QueryAppDeps) => {
  const router = new Router();
  const rules = ruleSetReader(deps.pool);
  /** The model as quoting runs it: pool pieces (规则池) inlined from their enabled versions. */
  const withPool = async (content: Jdm): Promise<Jdm> => {
    if (!content.nodes.some((n) => n.type === 'decisionNode')) return content;
    const pool = new Map((await rules()).rules.filter((r) => r.stage === 'pool').map((r) => [r.ruleId, r.content]));
    try {
      return inlinePool(content, (key) => pool.get(key) ?? null);
    } catch (error) {
      if (error instanceof PoolReferenceError) throw invalid(error.message);
      throw error;
    }
  };

  router.post(`${RULES_API_PREFIX}/version/try`, validate(tryBody), async (ctx) => {
    const body = input<{ content: Jdm; input: Record<string, unknown> }>(ctx);
    const content = await withPool(body.content);
    const problem = ruleContentError(content);
    if (problem) throw invalid(`规则无法加载：${problem}`);
    ok(ctx, await tryRuleContent(content, body.input));
  });

  return router;
};
