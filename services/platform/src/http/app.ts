import Koa, { type Context, type Next } from 'koa';
import { koaBody } from 'koa-body';
import { randomUUID } from 'node:crypto';
import { isExpectedVersionConflictError } from '@event-driven-io/emmett';
import { DomainError } from '@feibao/domain/shared/errors';
import { ResultCode } from '@feibao/domain/shared/codes';
import { HttpError, reply } from './envelope.ts';
import { logger } from '../logger.ts';
import { currentService, runInContext } from '../context.ts';
import { metricsFor } from '../metrics.ts';
import { refuseUnstorableText } from './wellFormed.ts';
import { ACCESS_KEY_HEADER, clientAppOf, refuseUnknownClientApp } from './clientApp.ts';

const bodyErrorCode = (error: { status?: number; type?: string }) => {
  if (error.status === 413 || error.type === 'entity.too.large') return [ResultCode.tooLarge, '请求内容过大'] as const;
  if (error.status === 415) return [ResultCode.unsupportedMedia, '不支持的请求格式'] as const;
  return [ResultCode.badRequest, '请求格式错误'] as const;
};

export const CONCURRENT_WRITE_REFUSED = '数据正被同时修改，请稍后重试';
export const STORE_UNAVAILABLE = '服务暂时不可用，请稍后重试';
/** Retry-After (seconds) on a 50300 answer: nothing was done, and the same request may be sent again after it. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/** PostgreSQL or Redis out of reach (restarting, failing over, network): node-postgres and ioredis errors. */
const STORE_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  // PostgreSQL: shutting down or starting, out of connections, connection failures.
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const STORE_ERROR_TEXTS =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection is closed|MaxRetriesPerRequest|Stream isn't writeable/i;
export const isStoreUnavailable = (error: { code?: unknown; message?: string; name?: string }) =>
  (typeof error.code === 'string' && STORE_ERROR_CODES.has(error.code)) ||
  STORE_ERROR_TEXTS.test(`${error.name ?? ''} ${error.message ?? ''}`);

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
    // Writers on one stream that still collide after handleCommand's retries: the caller's
    // write was not stored, and trying again is the answer (workers' jobs keep the error and retry).
    if (isExpectedVersionConflictError(error)) {
      reply(ctx, ResultCode.conflict, CONCURRENT_WRITE_REFUSED);
      return;
    }
    if (error.status && error.status >= 400 && error.status < 500) {
      const [code, message] =
        error.status === 401 ? ([ResultCode.unauthorized, '请先登录'] as const) : bodyErrorCode(error);
      reply(ctx, code, message);
      return;
    }
    // Nothing was stored (a command's append is one transaction): the client may send it again.
    if (isStoreUnavailable(error)) {
      logger.warn({ err: error.message, path: ctx.path }, 'a store is unreachable');
      ctx.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      reply(ctx, ResultCode.unavailable, STORE_UNAVAILABLE);
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
const requestLog =
  (service: string | undefined, clientApps: ReadonlyMap<string, string> | undefined) =>
  async (ctx: Context, next: Next) => {
    const started = performance.now();
    const requestId = requestIdOf(ctx.get('x-request-id'));
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const name = service ?? currentService();
    // Every line of the request names the client app; an unknown key is refused after the envelope is in place.
    const clientApp = clientAppOf(clientApps, ctx.get(ACCESS_KEY_HEADER));
    ctx.state.clientApp = clientApp;
    await runInContext({ service: name, requestId, ...(clientApp ? { clientApp } : {}) }, async () => {
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
        if (clientApp === null)
          logger.info(
            { path: ctx.path, accessKey: ctx.get(ACCESS_KEY_HEADER).slice(0, 64) },
            'unknown client access key',
          );
      }
    });
  };

/** Largest JSON and form bodies a service reads; the edge refuses bigger ones before relaying them. */
export const JSON_BODY_LIMIT_BYTES = 256 * 1024;
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * `service` names the process in logs and metrics (tests run several in one Node process);
 * `clientApps` (config `clientApps`) turns on the access-key check (clientApp.ts).
 */
export const createKoaApp = (options: {
  trustProxy: boolean;
  service?: string;
  clientApps?: ReadonlyMap<string, string>;
}) => {
  const app = new Koa({ proxy: options.trustProxy });
  app.silent = true;
  app.use(requestLog(options.service, options.clientApps));
  app.use(errorEnvelope);
  app.use(refuseUnknownClientApp);
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
  app.use(refuseUnstorableText);
  return app;
};
