import type { Context } from 'koa';
import { errors } from 'jose';
import { mayUseRulesPlatform, type RulesViewer } from '@feibao/domain/rules/menu';
import { ResultCode } from '@feibao/domain/shared/codes';
import type { TokenService } from '../tokens.ts';
import type { SessionRevocations } from '../revocations.ts';
import { type Caller, signedIn, tokenOf } from './auth.ts';
import { HttpError } from './envelope.ts';

export const RULES_API_PREFIX = '/api/v1/rules';

/**
 * Why a rule-platform session failed, in the codes its client turns into the re-login prompt
 * (docs/api/rules-platform.md "Session codes"): 50008 no token or one that is not ours, 50012 a session that ended
 * (logout, password reset, a replayed refresh token), 50014 a token past its expiry.
 */
const refuse = {
  illegal: () => new HttpError(ResultCode.rulesIllegalToken, '登录凭证无效，请重新登录'),
  revoked: () => new HttpError(ResultCode.rulesSessionRevoked, '账号已退出或在别处登录，请重新登录'),
  expired: () => new HttpError(ResultCode.rulesTokenExpired, '登录已过期，请重新登录'),
};

export type RulesAuthOptions = {
  tokens: TokenService;
  revocations: SessionRevocations;
  /** RULES_SUPERUSER: the one user name that opens every route. */
  rulesSuperUser: string | null;
};

/**
 * Sign-in for `/api/v1/rules/*`: the same token (X-Token or Bearer) and revocation list,
 * answered with the rule platform's session codes instead of 40100, then the gate every rule
 * call shares: a rule-platform role (or the superuser), else 40300. Roles come from the token
 * (a role cookie the old client kept is not trusted). The guard then checks the menu route(s) the call serves.
 */
export const signInRules = async (ctx: Context, options: RulesAuthOptions): Promise<RulesViewer> => {
  const token = tokenOf(ctx);
  if (!token) throw refuse.illegal();
  let claims: Caller & { issuedAtMs: number };
  try {
    claims = await options.tokens.verify(token);
  } catch (error) {
    throw error instanceof errors.JWTExpired ? refuse.expired() : refuse.illegal();
  }
  if (await options.revocations.isRevoked(claims)) throw refuse.revoked();
  ctx.state.caller = claims;
  const viewer: RulesViewer = {
    roles: claims.guest ? [] : claims.roles,
    userName: claims.guest ? '' : claims.sub,
    superUser: options.rulesSuperUser,
  };
  if (!mayUseRulesPlatform(viewer)) throw new HttpError(ResultCode.forbidden, '无权限访问');
  ctx.state.rulesViewer = viewer;
  await signedIn(ctx, claims);
  return viewer;
};

/** The viewer the guard let in: roles, user name and the superuser setting. */
export const rulesViewer = (ctx: Context) => {
  const viewer = ctx.state.rulesViewer as RulesViewer | undefined;
  if (!viewer) throw new Error('rulesViewer read before the rule platform sign-in ran');
  return viewer;
};
