/**
 * The client app a request comes from, named by the fixed access-key header the old clients send
 * (`CLIENT_APPS` maps keys to app names). The key ships inside the web bundles, so it identifies an
 * app for the logs and refuses stale or foreign builds; it never stands for a user's permission.
 */
import type { Context, Next } from 'koa';
import { ResultCode } from '@feibao/domain/shared/codes';
import { HttpError } from './envelope.ts';

export const ACCESS_KEY_HEADER = 'X-Access-Key';
export const UNKNOWN_ACCESS_KEY = '客户端标识无效，请刷新页面或更新应用后重试';

/**
 * The app a request names: undefined when it sends no key (scripts and partners that never had
 * one stay allowed), null when the key is not one of ours.
 */
export const clientAppOf = (
  apps: ReadonlyMap<string, string> | undefined,
  key: string | undefined,
): string | null | undefined => {
  const sent = key?.trim();
  if (!sent || !apps) return undefined;
  return apps.get(sent) ?? null;
};

/** After the error envelope, before the body is read: an unknown key is refused whatever the route. */
export const refuseUnknownClientApp = async (ctx: Context, next: Next) => {
  if (ctx.state.clientApp === null) throw new HttpError(ResultCode.forbidden, UNKNOWN_ACCESS_KEY);
  await next();
};
