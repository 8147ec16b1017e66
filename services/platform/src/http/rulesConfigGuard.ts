import type { Context, Next } from 'koa';
import { configKindRoute, ConfigKinds, type ConfigKind } from '@feibao/domain/rules/config';
import { mayOpenRulesRoute } from '@feibao/domain/rules/menu';
import { ResultCode } from '@feibao/domain/shared/codes';
import { HttpError } from './envelope.ts';
import { rulesViewer } from './rulesAuth.ts';

/**
 * `requireRulesRoute` for the dictionary calls, whose route depends on the `kind` they name
 * (body or query). Runs before validation, so a caller who may open no dictionary learns
 * nothing about the input; a bad kind from one who may is left to the validator's 400.
 */
export const requireConfigKindRoute = () => async (ctx: Context, next: Next) => {
  const raw = (ctx.method === 'GET' ? ctx.query : ((ctx.request.body ?? {}) as Record<string, unknown>)).kind;
  const viewer = rulesViewer(ctx);
  const known = ConfigKinds.includes(raw as ConfigKind);
  const allowed = known
    ? mayOpenRulesRoute(configKindRoute[raw as ConfigKind], viewer)
    : ConfigKinds.some((k) => mayOpenRulesRoute(configKindRoute[k], viewer));
  if (!allowed) throw new HttpError(ResultCode.forbidden, '无权限访问');
  await next();
};
