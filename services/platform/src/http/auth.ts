import type { Context } from 'koa';
import { ResultCode } from '@feibao/domain/shared/codes';
import type { AccessClaims, TokenService } from '../tokens.ts';
import type { SessionRevocations } from '../revocations.ts';
import { HttpError } from './envelope.ts';

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
/** The access token a request carries (Bearer or X-Token). */
export const tokenOf = bearer;

/** Work that needs the caller, run once the route's guard has signed them in (the query side's read-your-writes wait). */
export type AfterAuthentication = (caller: Caller) => Promise<void>;
export const afterAuthentication = (ctx: Context, hook: AfterAuthentication) => {
  ctx.state.afterAuthentication = hook;
};

/** Keeps the signed-in caller on the request and runs the work that waited for them. */
export const signedIn = async (ctx: Context, claims: Caller) => {
  ctx.state.caller = claims;
  const hook = ctx.state.afterAuthentication as AfterAuthentication | undefined;
  if (hook) {
    ctx.state.afterAuthentication = undefined;
    await hook(claims);
  }
};

/**
 * Identity comes only from a verified access token: a userName in the request never
 * chooses whose data is read or written. Any failure is HTTP 401 (`refused` words it for
 * a client that expects its own message).
 */
export const signIn = async (
  ctx: Context,
  tokens: TokenService,
  revocations: SessionRevocations,
  refused?: string,
): Promise<Caller> => {
  const token = bearer(ctx);
  if (!token) throw new HttpError(ResultCode.unauthorized, refused ?? '请先登录');
  let claims: Caller & { issuedAtMs: number };
  try {
    claims = await tokens.verify(token);
  } catch {
    throw new HttpError(ResultCode.unauthorized, refused ?? '登录已失效，请重新登录');
  }
  if (await revocations.isRevoked(claims))
    throw new HttpError(ResultCode.unauthorized, refused ?? '登录已失效，请重新登录');
  await signedIn(ctx, claims);
  return claims;
};

/** The caller the route's guard signed in (http/policyGuard.ts). */
export const caller = (ctx: Context) => ctx.state.caller as Caller;
