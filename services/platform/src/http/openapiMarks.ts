import type { z } from 'zod';

/**
 * What a middleware tells the OpenAPI generator about its route (openapi.ts): the request schema
 * `validate` parses. Recorded on the middleware function itself, so the route files stay as they
 * are. Who may call a route is not a mark: the generator reads it from the policies, as the guard does.
 */
export type OpenApiMark = { kind: 'input'; schema: z.ZodType; source: 'body' | 'query' };

const MARK = Symbol.for('feibao.openapi');

type Marked = { [MARK]?: OpenApiMark };

/** Returns the same middleware, marked. */
export const markMiddleware = <F extends (...args: never[]) => unknown>(middleware: F, mark: OpenApiMark): F => {
  (middleware as F & Marked)[MARK] = mark;
  return middleware;
};

export const markOf = (middleware: unknown): OpenApiMark | undefined =>
  typeof middleware === 'function' ? (middleware as Marked)[MARK] : undefined;
