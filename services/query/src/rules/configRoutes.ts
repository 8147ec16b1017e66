import Router from '@koa/router';
import { z } from 'zod';
import { configKind } from '@feibao/domain';
import { input, ok, requireConfigKindRoute, RULES_API_PREFIX, rulesAuth, validate } from '@feibao/platform';
import { ruleConfigReader } from '@feibao/read-models';
import type { QueryAppDeps } from '../deps.ts';

const listQuery = z.object({
  kind: configKind,
  q: z.string({ error: '搜索内容格式错误' }).trim().max(50, { error: '搜索内容不能超过50个字符' }).optional(),
  enabled: z.enum(['true', 'false'], { error: '启用状态格式错误' }).optional(),
});

/** One rule dictionary's entries (docs/api/rules-config.md), for its menu route's roles. */
export const ruleConfigQueryRoutes = (deps: QueryAppDeps) => {
  const router = new Router();
  const auth = rulesAuth({
    tokens: deps.tokens,
    revocations: deps.revocations,
    rulesSuperUser: deps.config.rulesSuperUser,
  });
  const entries = ruleConfigReader(deps.pool);

  router.get(
    `${RULES_API_PREFIX}/config`,
    auth,
    requireConfigKindRoute(),
    validate(listQuery, 'query'),
    async (ctx) => {
      const { kind, q, enabled } = input<z.output<typeof listQuery>>(ctx);
      ok(
        ctx,
        await entries.list({
          kind,
          q: q || undefined,
          enabled: enabled === undefined ? undefined : enabled === 'true',
        }),
      );
    },
  );
  return router;
};
