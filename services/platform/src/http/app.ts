import Koa, { type Context, type Next } from 'koa';
import { koaBody } from 'koa-body';
import { randomUUID } from 'node:crypto';
import { DomainError, ResultCode } from '@feibao/domain';
import { HttpError, reply } from './envelope.ts';
import { logger } from '../logger.ts';

const bodyErrorCode = (error: { status?: number; type?: string }) => {
  if (error.status === 413 || error.type === 'entity.too.large') return [ResultCode.tooLarge, '请求内容过大'] as const;
  if (error.status === 415) return [ResultCode.unsupportedMedia, '不支持的请求格式'] as const;
  return [ResultCode.badRequest, '请求格式错误'] as const;
};

/** Turns every failure into an envelope: bad input never becomes a 5xx. */
export const errorEnvelope = async (ctx: Context, next: Next) => {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) reply(ctx, ResultCode.notFound, '请求地址不存在');
    else if (ctx.status === 405 && !ctx.body) reply(ctx, ResultCode.badRequest, '请求方法不支持');
  } catch (raw) {
    const error = raw as Error & { status?: number; expose?: boolean; type?: string };
    if (error instanceof HttpError || error instanceof DomainError) {
      reply(ctx, error.code, error.message, error.data ?? null);
      return;
    }
    if (error.status && error.status >= 400 && error.status < 500) {
      const [code, message] = error.status === 401 ? [ResultCode.unauthorized, '请先登录'] as const : bodyErrorCode(error);
      reply(ctx, code, message);
      return;
    }
    logger.error({ err: error, path: ctx.path, requestId: ctx.state.requestId }, 'unhandled error');
    reply(ctx, ResultCode.serverError, '服务器繁忙，请稍后再试');
  }
};

const requestLog = async (ctx: Context, next: Next) => {
  const started = performance.now();
  ctx.state.requestId = ctx.get('x-request-id') || randomUUID();
  ctx.set('X-Request-Id', ctx.state.requestId);
  await next();
  logger.debug(
    { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started), requestId: ctx.state.requestId },
    'request',
  );
};

/** Largest JSON and form bodies a service reads; the edge refuses bigger ones before relaying them. */
export const JSON_BODY_LIMIT_BYTES = 256 * 1024;
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;

export const createKoaApp = (options: { trustProxy: boolean }) => {
  const app = new Koa({ proxy: options.trustProxy });
  app.silent = true;
  app.use(requestLog);
  app.use(errorEnvelope);
  app.use(
    koaBody({
      json: true,
      jsonStrict: true,
      jsonLimit: JSON_BODY_LIMIT_BYTES,
      formLimit: FORM_BODY_LIMIT_BYTES,
      textLimit: FORM_BODY_LIMIT_BYTES,
      text: false,
      urlencoded: true,
      multipart: false,
      onError: (error) => {
        throw Object.assign(error, { status: (error as { status?: number }).status ?? 400 });
      },
    }),
  );
  return app;
};
