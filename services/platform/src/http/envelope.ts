import type { Context } from 'koa';
import { ResultCode, type Envelope } from '@feibao/domain/shared/codes';

export const httpStatusOf = (code: number): number => {
  switch (code) {
    case ResultCode.success:
    case ResultCode.special:
      return 200;
    case ResultCode.badRequest:
      return 400;
    case ResultCode.unauthorized:
    case ResultCode.rulesIllegalToken:
    case ResultCode.rulesSessionRevoked:
    case ResultCode.rulesTokenExpired:
      return 401;
    case ResultCode.forbidden:
      return 403;
    case ResultCode.notFound:
      return 404;
    case ResultCode.conflict:
      return 409;
    case ResultCode.tooLarge:
      return 413;
    case ResultCode.unsupportedMedia:
      return 415;
    case ResultCode.tooManyRequests:
      return 429;
    case ResultCode.unavailable:
      return 503;
    default:
      return 500;
  }
};

/**
 * Every answer is an envelope. The envelope code is the contract the web client reads;
 * the HTTP status mirrors it (400 validation, 401 auth, 403, 404, 409 illegal state, 429)
 * so proxies and logs see failures too.
 */
export const reply = <T>(ctx: Context, code: number, message: string, data: T = null as T) => {
  ctx.status = httpStatusOf(code);
  ctx.body = { code, message, data } satisfies Envelope<T>;
};

export const ok = <T>(ctx: Context, data: T, message = '成功') => reply(ctx, ResultCode.success, message, data);

/** Thrown from middleware and handlers; the error middleware turns it into an envelope. */
export class HttpError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}
