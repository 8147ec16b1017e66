import Koa, { type Context, type Next } from 'koa';
import { koaBody } from 'koa-body';
import { randomUUID } from 'node:crypto';
import { DomainError, ResultCode } from '@feibao/domain';
import { HttpError, reply } from './envelope.ts';
import { logger } from '../logger.ts';
import { currentService, runInContext } from '../context.ts';
import { metricsFor } from '../metrics.ts';

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
    logger.error({ err: error, path: ctx.path }, 'unhandled error');
    reply(ctx, ResultCode.serverError, '服务器繁忙，请稍后再试');
  }
};

/** An id a client or the edge sent is kept if it is a plain token; anything else is replaced (it goes into logs). */
export const requestIdOf = (sent: string | undefined) => (sent && /^[\w.:-]{1,128}$/.test(sent) ? sent : randomUUID());

/** Paths answered outside the routers, labelled as themselves; any other unrouted path is '(unmatched)'. */
const unroutedPaths = new Set(['/internal/routes', '/internal/health', '/metrics']);

/**
 * The request's id (the edge's, or a new one), echoed as X-Request-Id and kept in the async
 * context, so every log line and event of the request carries it; then the access log and the
 * HTTP metrics, labelled by the router's route template, never the raw path (one series per id).
 */
const requestLog = (service: string | undefined) => async (ctx: Context, next: Next) => {
  const started = performance.now();
  const requestId = requestIdOf(ctx.get('x-request-id'));
  ctx.state.requestId = requestId;
  ctx.set('X-Request-Id', requestId);
  const name = service ?? currentService();
  await runInContext({ service: name, requestId }, async () => {
    try {
      await next();
    } finally {
      const seconds = (performance.now() - started) / 1000;
      const status = ctx.respond === false ? ctx.res.statusCode : ctx.status;
      const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
      const route = typeof matched === 'string' ? matched : unroutedPaths.has(ctx.path) ? ctx.path : '(unmatched)';
      const metrics = metricsFor(name);
      metrics.httpRequests.inc({ method: ctx.method, route, status: String(status) });
      metrics.httpDuration.observe({ method: ctx.method, route }, seconds);
      logger.debug({ method: ctx.method, path: ctx.path, route, status, ms: Math.round(seconds * 1000) }, 'request');
    }
  });
};

/** Largest JSON and form bodies a service reads; the edge refuses bigger ones before relaying them. */
export const JSON_BODY_LIMIT_BYTES = 256 * 1024;
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;

/** `service` names the process in logs and metrics (tests run several in one Node process). */
export const createKoaApp = (options: { trustProxy: boolean; service?: string }) => {
  const app = new Koa({ proxy: options.trustProxy });
  app.silent = true;
  app.use(requestLog(options.service));
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
