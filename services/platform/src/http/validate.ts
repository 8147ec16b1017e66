import type { Context, Next } from 'koa';
import { z } from 'zod';
import { ResultCode } from '@feibao/domain/shared/codes';
import { HttpError } from './envelope.ts';
import { markMiddleware } from './openapiMarks.ts';

// Messages zod writes itself (ranges, types) in Chinese too; the product's own messages are set per field.
z.config(z.locales.zhCN());

const describe = (error: z.ZodError) => {
  const issue = error.issues[0];
  if (!issue) return '参数错误';
  if (issue.code === 'unrecognized_keys') return `不支持的参数: ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_type' && !/[\u4e00-\u9fa5]/.test(issue.message))
    return `参数${issue.path.join('.') || ''}格式错误`;
  return issue.message;
};

/**
 * Parses ctx.request.body (or the query string for GET) with a zod schema and stores the
 * result in ctx.state.input; the first issue's message (the product's Chinese text) is the answer.
 */
export const validate = <S extends z.ZodType>(schema: S, source: 'body' | 'query' = 'body') =>
  markMiddleware(
    async (ctx: Context, next: Next) => {
      const raw = source === 'body' ? (ctx.request.body ?? {}) : ctx.query;
      if (source === 'body' && (typeof raw !== 'object' || raw === null || Array.isArray(raw)))
        throw new HttpError(ResultCode.badRequest, '请求格式错误');
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        throw new HttpError(
          ResultCode.badRequest,
          describe(parsed.error),
          parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        );
      }
      ctx.state.input = parsed.data;
      await next();
    },
    { kind: 'input', schema, source },
  );

export const input = <T>(ctx: Context) => ctx.state.input as T;
