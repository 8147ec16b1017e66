import Router from '@koa/router';
import { z } from 'zod';
import { orderIdOfRequest } from '@feibao/domain/ordering/inquiry';
import { ResultCode } from '@feibao/domain/shared/codes';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { RULES_API_PREFIX } from '@feibao/platform/http/rulesAuth';
import { orderReader } from '@feibao/read-models/ordering/orders/reader';
import { ruleDefinitionReader } from '@feibao/read-models/rules/ruleDefinitions';
import { ruleVersionReader } from '@feibao/read-models/rules/ruleVersions';
import { runsOfVersion } from '@feibao/read-models/rules/runsOfVersion';
import type { QueryAppDeps } from '../deps.ts';

const versionQuery = z.object({
  ruleId: z
    .string({ error: '规则编号不能为空' })
    .trim()
    .min(1, { error: '规则编号不能为空' })
    .max(64, { error: '规则编号不正确' }),
  version: z.coerce
    .number({ error: '版本号不正确' })
    .int({ error: '版本号不正确' })
    .min(1, { error: '版本号不正确' })
    .max(1_000_000, { error: '版本号不正确' }),
});
const whyQuery = z.object({
  requestId: z
    .string({ error: '询价请求编号不能为空' })
    .trim()
    .min(1, { error: '询价请求编号不能为空' })
    .max(200, { error: '询价请求编号不正确' }),
  key: z.string({ error: '险种不能为空' }).trim().min(1, { error: '险种不能为空' }).max(40, { error: '险种不正确' }),
});

/**
 * Reads of the rule platform (docs/api/rules-versions.md): the rules with their versions and one
 * version with its model, for rule staff; and, for the quote desk, why a quote line got its
 * answer: the rule versions that rated it and the engine's compact trace.
 */
export const ruleQueryRoutes = (deps: QueryAppDeps) => {
  const router = new Router();
  const versions = ruleVersionReader(deps.pool);
  const orders = orderReader(deps.pool);

  const definitions = ruleDefinitionReader(deps.pool);
  /** Every defined rule with its definition and versions (a new rule has none yet), by stage and rank. */
  const rulesWithVersions = async () => {
    const [listed, defined] = await Promise.all([versions.list(), definitions.all()]);
    const byId = new Map(listed.map((r) => [r.ruleId, r]));
    const rules = defined.map((definition) => ({
      ...(byId.get(definition.ruleId) ?? { ruleId: definition.ruleId, enabledVersion: null, versions: [] }),
      definition,
    }));
    const orphans = listed
      .filter((r) => !defined.some((d) => d.ruleId === r.ruleId))
      .map((r) => ({ ...r, definition: null }));
    return [...rules, ...orphans];
  };

  /** The rules' names as the rule platform shows them today (one read of the dozen definitions). */
  const named = async (refs: readonly { ruleId: string; version: number }[]) => {
    if (refs.length === 0) return [];
    const names = new Map((await definitions.all()).map((d) => [d.ruleId, d.name]));
    return refs.map((ref) => ({ ...ref, name: names.get(ref.ruleId) ?? null }));
  };

  router.get(`${RULES_API_PREFIX}/list`, async (ctx) => ok(ctx, await rulesWithVersions()));

  /** Rule names and version numbers for every rule-platform role: the batch tester picks what to test from them. */
  router.get(`${RULES_API_PREFIX}/names`, async (ctx) =>
    ok(
      ctx,
      (await rulesWithVersions()).map((r) => ({
        ruleId: r.ruleId,
        name: r.definition?.name ?? r.ruleId,
        stage: r.definition?.stage ?? null,
        versions: r.versions.map((v) => ({ version: v.version, status: v.status })),
      })),
    ),
  );

  const versionRuns = runsOfVersion(deps.pool);
  /** The version's batch-test runs, newest first: what 提交审核 links to. */
  router.get(`${RULES_API_PREFIX}/version/batchTests`, validate(versionQuery, 'query'), async (ctx) => {
    const { ruleId, version } = input<z.output<typeof versionQuery>>(ctx);
    ok(ctx, await versionRuns(ruleId, version));
  });

  router.get(`${RULES_API_PREFIX}/version`, validate(versionQuery, 'query'), async (ctx) => {
    const { ruleId, version } = input<z.output<typeof versionQuery>>(ctx);
    const found = await versions.version(ruleId, version);
    if (!found) throw new HttpError(ResultCode.notFound, '规则版本不存在');
    ok(ctx, found);
  });

  router.get('/api/v1/uav/backoffice/quote/why', validate(whyQuery, 'query'), async (ctx) => {
    const { requestId, key } = input<z.output<typeof whyQuery>>(ctx);
    const order = await orders.byId(orderIdOfRequest(requestId));
    const insurer = order?.insurers.find((i) => i.requestId === requestId);
    if (!order || !insurer) throw new HttpError(ResultCode.notFound, '询价请求不存在');
    const answer = insurer.answers[key];
    const line = order.lines.find((l) => l.key === key);
    if (!line) throw new HttpError(ResultCode.notFound, '该险种不在询价方案中');
    if (!answer) throw new HttpError(ResultCode.notFound, '该险种尚未报价');
    const { rules, trace, key: _key, ...quote } = answer;
    ok(ctx, {
      orderId: order.id,
      requestId,
      insurerId: insurer.insuranceCompanyId,
      insurerName: insurer.insuranceCompanyName,
      key,
      coverName: line.insuranceTypeInfoName,
      droneName: line.uavInfoName,
      quote,
      // Staff entries and answers from before the rule platform name no rules. Names are today's.
      rules: await named(rules ?? []),
      trace: trace ?? [],
    });
  });

  return router;
};
