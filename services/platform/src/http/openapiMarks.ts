import type { z } from 'zod';

/**
 * What a middleware tells the OpenAPI generator about the route it guards (openapi.ts): the
 * request schema `validate` parses, or the authentication a route asks for. Recorded on the
 * middleware function itself, so the route files stay as they are.
 */
export type OpenApiMark =
  | { kind: 'input'; schema: z.ZodType; source: 'body' | 'query' }
  | { kind: 'auth'; scheme: 'bearer' | 'rules' }
  | { kind: 'role'; roles: readonly string[] };

const MARK = Symbol.for('feibao.openapi');

type Marked = { [MARK]?: OpenApiMark };

/** Returns the same middleware, marked. */
export const markMiddleware = <F extends (...args: never[]) => unknown>(middleware: F, mark: OpenApiMark): F => {
  (middleware as F & Marked)[MARK] = mark;
  return middleware;
};

export const markOf = (middleware: unknown): OpenApiMark | undefined =>
  typeof middleware === 'function' ? (middleware as Marked)[MARK] : undefined;
