import Router from '@koa/router';
import { z } from 'zod';
import { configKind } from '@feibao/domain/rules/config';
import { input, validate } from '@feibao/platform/http/validate';
import { ok } from '@feibao/platform/http/envelope';
import { RULES_API_PREFIX } from '@feibao/platform/http/rulesAuth';
import { ruleConfigProjection, ruleConfigReader } from '@feibao/read-models/rules/config';
import type { QueryAppDeps } from '../deps.ts';

const listQuery = z.object({
  kind: configKind,
  q: z.string({ error: '搜索内容格式错误' }).trim().max(50, { error: '搜索内容不能超过50个字符' }).optional(),
  enabled: z.enum(['true', 'false'], { error: '启用状态格式错误' }).optional(),
});

/**
 * The dictionaries' list answers from one projection: a new entry shows as soon as that projection holds it,
 * even while a big batch test keeps the others busy (the editor's read-your-writes would otherwise run out).
 */
export const ruleConfigReadScopes: [string, readonly string[]][] = [
  [`${RULES_API_PREFIX}/config`, [ruleConfigProjection.name]],
];

/** One rule dictionary's entries (docs/api/rules-config.md), for its menu route's roles. */
export const ruleConfigQueryRoutes = (deps: QueryAppDeps) => {
  const router = new Router();
  const entries = ruleConfigReader(deps.pool);

  router.get(`${RULES_API_PREFIX}/config`, validate(listQuery, 'query'), async (ctx) => {
    const { kind, q, enabled } = input<z.output<typeof listQuery>>(ctx);
    ok(
      ctx,
      await entries.list({
        kind,
        q: q || undefined,
        enabled: enabled === undefined ? undefined : enabled === 'true',
      }),
    );
  });
  return router;
};
