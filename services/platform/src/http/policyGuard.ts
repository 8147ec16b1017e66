import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { hasRole } from '@feibao/domain/accounts/roles';
import { mayOpenRulesRoute } from '@feibao/domain/rules/menu';
import type { Access, RouteAccess } from '@feibao/domain/shared/access';
import { ResultCode } from '@feibao/domain/shared/codes';
import type { TokenService } from '../tokens.ts';
import type { SessionRevocations } from '../revocations.ts';
import { logger } from '../logger.ts';
import { HttpError } from './envelope.ts';
import { signIn } from './auth.ts';
import { routeTable } from './routeTable.ts';
import { RULES_API_PREFIX, signInRules } from './rulesAuth.ts';

/** `METHOD path` as the route table and the policies name a route (HEAD is answered as GET). */
export const routeKey = (method: string, path: string) => `${method === 'HEAD' ? 'GET' : method} ${path}`;

/**
 * The route the routers will answer a request with, as they choose it: the first router with a route for
 * the path and method, and in it the first such route (its handler answers; they do not call on). Null when
 * none has (the routers answer 404 or 405).
 */
export const matchedRoute = (routers: readonly Router[], method: string, path: string): string | null => {
  for (const router of routers) {
    const matched = router.match(path, method);
    if (!matched.route) continue;
    const layer = matched.pathAndMethod.find((candidate) => candidate.methods.length > 0);
    if (layer && typeof layer.path === 'string') return routeKey(method, layer.path);
  }
  return null;
};

/** Routes the routers serve that no policy classifies: each is refused until its resource's `access.ts` names it. */
export const unclassifiedRoutes = (routers: readonly Router[], access: RouteAccess) =>
  routeTable(routers)
    .map((route) => routeKey(route.method, route.path))
    .filter((key) => !(key in access));

const forbidden = () => new HttpError(ResultCode.forbidden, '无权限访问');

export type PolicyGuardOptions = {
  routers: readonly Router[];
  /** Every route → who may call it (domain policies.ts `routeAccess`). */
  access: RouteAccess;
  tokens: TokenService;
  revocations: SessionRevocations;
  rulesSuperUser: string | null;
};

/** Answers one request by its route's policy: signs the caller in as the route's class asks, then checks roles or menu routes. */
const enforce = async (ctx: Context, access: Access, options: PolicyGuardOptions) => {
  switch (access.kind) {
    case 'internal':
    case 'public':
      return;
    case 'customer':
      await signIn(ctx, options.tokens, options.revocations);
      return;
    case 'registered':
      if ((await signIn(ctx, options.tokens, options.revocations)).guest)
        throw new HttpError(ResultCode.forbidden, '请先注册或登录');
      return;
    case 'staff':
      if (!hasRole((await signIn(ctx, options.tokens, options.revocations)).roles, ...access.roles)) throw forbidden();
      return;
    case 'rules': {
      // Outside the rule platform's own API (the admin-style info call) the caller is signed in as anywhere
      // else, and the call answers a caller without a rule role itself.
      if (!ctx.path.startsWith(`${RULES_API_PREFIX}/`)) {
        await signIn(ctx, options.tokens, options.revocations, access.signInRefused);
        return;
      }
      const viewer = await signInRules(ctx, options);
      const menu = access.menuOf
        ? access.menuOf({ method: ctx.method, query: ctx.query, body: ctx.request.body })
        : access.menu;
      if (menu !== 'any' && !menu.some((route) => mayOpenRulesRoute(route, viewer))) throw forbidden();
      return;
    }
    default: {
      const never: never = access;
      return never;
    }
  }
};

/**
 * The services' one route guard: for the route the routers will answer, its policy (domain `<feature>/access.ts`,
 * gathered in policies.ts) decides who may call it. It runs before the route's own middlewares, so a refused
 * caller learns nothing about the input. A route no policy names is refused (fail closed) and logged.
 */
export const policyGuard = (options: PolicyGuardOptions) => {
  const unclassified = unclassifiedRoutes(options.routers, options.access);
  if (unclassified.length > 0) logger.error({ routes: unclassified }, 'routes without a policy are refused');
  return async (ctx: Context, next: Next) => {
    const key = matchedRoute(options.routers, ctx.method, ctx.path);
    if (key !== null) {
      const access = options.access[key];
      if (!access) {
        logger.error({ route: key }, 'a route without a policy was refused');
        throw forbidden();
      }
      await enforce(ctx, access, options);
    }
    await next();
  };
};
