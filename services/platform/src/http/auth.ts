import type { Context, Next } from 'koa';
import { backofficeRoles, hasRole, type BackofficeArea, type Role } from '@feibao/domain/accounts/roles';
import { ResultCode } from '@feibao/domain/shared/codes';
import type { AccessClaims, TokenService } from '../tokens.ts';
import type { SessionRevocations } from '../revocations.ts';
import { HttpError } from './envelope.ts';
import { markMiddleware } from './openapiMarks.ts';

export type Caller = AccessClaims;

const bearer = (ctx: Context) => {
  const header = ctx.get('authorization');
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header);
    return match ? match[1]!.trim() : header.trim();
  }
  // The rule-platform client sends X-Token instead (docs/api/conventions.md).
  return ctx.get('x-token') || null;
};
/** The access token a request carries (Bearer or X-Token), for the rule platform's own authentication (rulesAuth.ts). */
export const tokenOf = bearer;

/**
 * Identity comes only from a verified access token: a userName in the request never
 * chooses whose data is read or written. Any failure is HTTP 401.
 */
export const authenticate = (tokens: TokenService, revocations: SessionRevocations) =>
  markMiddleware(
    async (ctx: Context, next: Next) => {
      const token = bearer(ctx);
      if (!token) throw new HttpError(ResultCode.unauthorized, '请先登录');
      let claims: Caller & { issuedAtMs: number };
      try {
        claims = await tokens.verify(token);
      } catch {
        throw new HttpError(ResultCode.unauthorized, '登录已失效，请重新登录');
      }
      if (await revocations.isRevoked(claims)) throw new HttpError(ResultCode.unauthorized, '登录已失效，请重新登录');
      ctx.state.caller = claims;
      const hook = ctx.state.afterAuthentication as AfterAuthentication | undefined;
      if (hook) {
        ctx.state.afterAuthentication = undefined;
        await hook(claims);
      }
      await next();
    },
    { kind: 'auth', scheme: 'bearer' },
  );

export const caller = (ctx: Context) => ctx.state.caller as Caller;

/** Work that needs the caller, run once the route has authenticated them (the query side's read-your-writes wait). */
export type AfterAuthentication = (caller: Caller) => Promise<void>;
export const afterAuthentication = (ctx: Context, hook: AfterAuthentication) => {
  ctx.state.afterAuthentication = hook;
};

export const requireRegistered = markMiddleware(
  async (ctx: Context, next: Next) => {
    if (caller(ctx).guest) throw new HttpError(ResultCode.forbidden, '请先注册或登录');
    await next();
  },
  { kind: 'role', roles: ['registered'] },
);

/** Every role check of the routes goes through here (policy: domain `hasRole`). */
export const requireRole = (...roles: Role[]) =>
  markMiddleware(
    async (ctx: Context, next: Next) => {
      if (!hasRole(caller(ctx).roles, ...roles)) throw new HttpError(ResultCode.forbidden, '无权限访问');
      await next();
    },
    { kind: 'role', roles },
  );

export const requireAdmin = requireRole('admin');

/** Every call of a back-office area is guarded by the same roles the web menu shows it to. */
export const requireArea = (area: BackofficeArea) => requireRole(...backofficeRoles[area]);
