import Router from '@koa/router';
import { z } from 'zod';
import { pageFields } from '@feibao/domain/shared/fields';
import { batchTestMessages, compareRuns } from '@feibao/domain/rules/batchTests';
import { ResultCode } from '@feibao/domain/shared/codes';
import { caller } from '@feibao/platform/http/auth';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { RULES_API_PREFIX } from '@feibao/platform/http/rulesAuth';
import { ruleTestReader } from '@feibao/read-models/rules/ruleTests';
import type { QueryAppDeps } from '../deps.ts';

const runId = z
  .string({ error: '批量测试编号不能为空' })
  .trim()
  .min(1, { error: '批量测试编号不能为空' })
  .max(64, { error: '批量测试编号不正确' });
const page = pageFields(20);
const mineQuery = z.object(page);
const casesQuery = z.object({
  page: page.currentPage,
  pageSize: page.pageSize,
  keyword: z
    .string({ error: '案例名称不正确' })
    .trim()
    .max(100, { error: '案例名称不能超过100个字符' })
    .optional()
    .default(''),
});
const detailQuery = z.object({ runId });
const compareQuery = z.object({ left: runId, right: runId });

/** Reads of rule cases and batch tests (docs/api/rules-batch-tests.md). */
export const ruleTestQueryRoutes = (deps: QueryAppDeps) => {
  const router = new Router({ prefix: RULES_API_PREFIX });
  const tests = ruleTestReader(deps.pool);
  const runOf = async (id: string) => {
    const run = await tests.run(id);
    if (!run) throw new HttpError(ResultCode.notFound, batchTestMessages.runNotFound);
    return run;
  };

  router.get('/cases', validate(casesQuery, 'query'), async (ctx) => {
    const { page, pageSize, keyword } = input<z.output<typeof casesQuery>>(ctx);
    ok(ctx, { ...(await tests.cases(page, pageSize, keyword)), page, pageSize });
  });

  router.get('/batchTests/mine', validate(mineQuery, 'query'), async (ctx) => {
    const { currentPage, pageSize } = input<z.output<typeof mineQuery>>(ctx);
    ok(ctx, { ...(await tests.mine(caller(ctx).sub, currentPage, pageSize)), currentPage, pageSize });
  });

  router.get('/batchTests/detail', validate(detailQuery, 'query'), async (ctx) => {
    ok(ctx, await runOf(input<z.output<typeof detailQuery>>(ctx).runId));
  });

  router.get('/batchTests/compare', validate(compareQuery, 'query'), async (ctx) => {
    const query = input<z.output<typeof compareQuery>>(ctx);
    const [{ results: leftResults, ...left }, { results: rightResults, ...right }] = await Promise.all([
      runOf(query.left),
      runOf(query.right),
    ]);
    ok(ctx, { left, right, cases: compareRuns(leftResults, rightResults) });
  });

  return router;
};
