import type { Context, Next } from 'koa';
import { ResultCode } from '@feibao/domain/shared/codes';
import { HttpError } from './envelope.ts';

export const malformedTextMessage = '请求包含无效字符';

/**
 * Text PostgreSQL cannot store: NUL (not in `text`, nor as `\u0000` in `jsonb`) and UTF-16
 * halves without their partner (`jsonb` refuses them). Left in, they fail the insert and the
 * request answers 500; refused here, they are bad input like any other.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is its purpose.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (text: string) => !UNSTORABLE.test(text);

/** Whether every string and key in a parsed body is storable; iterative, as bodies may nest ten thousand deep. */
export const isStorableValue = (value: unknown): boolean => {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (!isStorableText(item)) return false;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        if (!isStorableText(key)) return false;
        pending.push(element);
      }
    }
  }
  return true;
};

/** The decoded path, or the raw one when its escapes are broken (the router then matches nothing). */
const decodedPath = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** Refuses a request whose path, query or parsed body carries unstorable text (40000), before any route sees it. */
export const refuseUnstorableText = async (ctx: Context, next: Next) => {
  if (!isStorableText(decodedPath(ctx.path)) || !isStorableValue(ctx.query) || !isStorableValue(ctx.request.body))
    throw new HttpError(ResultCode.badRequest, malformedTextMessage);
  await next();
};
