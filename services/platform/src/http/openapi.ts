import type Router from '@koa/router';
import { z } from 'zod';
import type { Access, RouteAccess } from '@feibao/domain/shared/access';
import { ResultCode } from '@feibao/domain/shared/codes';
import { httpStatusOf } from './envelope.ts';
import { markOf, type OpenApiMark } from './openapiMarks.ts';
import { RULES_API_PREFIX } from './rulesAuth.ts';

/**
 * What the route files cannot say by themselves: the `data` of the success answer, a short
 * summary, the extra codes the handler can answer. Kept per feature beside the routes
 * (`<feature>/openapi.ts`), keyed `METHOD /path` exactly as the route table spells it.
 */
export type RouteDoc = {
  summary: string;
  /** The `data` of the 20000 answer; absent means "not described yet" (any JSON). */
  data?: z.ZodType;
  /** Codes besides the ones the middlewares imply (40000 for validated input, 40100/50008 for auth, 40300 for roles). */
  codes?: readonly number[];
  /** The request body when the route parses it itself (no marked `validate`), e.g. a schema chosen per request. */
  body?: z.ZodType;
  /** For uploads and downloads: the body is not JSON. */
  bodyContentType?:
    | 'multipart/form-data'
    | 'application/octet-stream'
    | 'application/pdf'
    | 'application/x-www-form-urlencoded';
  /** A success answer that is not an envelope (a file, a page). */
  rawSuccess?: { contentType: string; description: string };
};
export type RouteDocs = Readonly<Record<string, RouteDoc>>;

export const routeKey = (method: string, path: string) => `${method} ${path}`;

type JsonSchema = Record<string, unknown>;
/** A partial OpenAPI document: what one service contributes (its paths and the schemas they refer to). */
export type OpenApiPart = {
  paths: Record<string, Record<string, unknown>>;
  schemas: Record<string, JsonSchema>;
  /** Route docs keyed by a method and path no router serves (a renamed route): the tests expect none. */
  unmatchedDocs: string[];
};

/** `/file/:id` → `/file/{id}`; a wildcard `*rest` of @koa/router becomes a parameter too. */
export const openApiPath = (path: string) => path.replace(/[:*]([A-Za-z0-9_]+)/g, '{$1}');
const pathParams = (path: string) => [...path.matchAll(/[:*]([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);

const codeNames = new Map<number, string>(Object.entries(ResultCode).map(([name, code]) => [code, name]));

/**
 * zod → JSON Schema 2020-12 (OpenAPI 3.1's dialect). Recursive schemas come with `$defs`; they
 * move to components.schemas under a name unique in the document, and their `$ref`s follow.
 */
const toSchema = (schema: z.ZodType, io: 'input' | 'output', name: string, schemas: Record<string, JsonSchema>) => {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  const defs = json.$defs as Record<string, JsonSchema> | undefined;
  delete json.$defs;
  if (!defs) return json;
  const renamed = (def: string) => `${name}_${def}`.replace(/[^A-Za-z0-9_.-]/g, '_');
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) =>
          key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
            ? [key, `#/components/schemas/${renamed(inner.slice('#/$defs/'.length))}`]
            : key === '$ref' && inner === '#'
              ? [key, `#/components/schemas/${name}`]
              : [key, rewrite(inner)],
        ),
      );
    return value;
  };
  for (const [def, body] of Object.entries(defs)) schemas[renamed(def)] = rewrite(body) as JsonSchema;
  const root = rewrite(json) as JsonSchema;
  // A schema referring to itself (`#`) needs a name of its own.
  if (JSON.stringify(root).includes(`#/components/schemas/${name}"`)) {
    schemas[name] = root;
    return { $ref: `#/components/schemas/${name}` };
  }
  return root;
};

const envelope = (codes: readonly number[], data: JsonSchema) => ({
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: {
    code: codes.length === 1 ? { const: codes[0] } : { enum: [...codes] },
    message: { type: 'string' },
    data,
  },
});

const operationId = (method: string, path: string) =>
  `${method.toLowerCase()}${path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')}`;

/** The family a path belongs to (its tag): `/api/v1/uav/order/…` → `order`, `/api/v1/rules/config/…` → `rules`. */
export const tagOf = (path: string) => {
  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'sso-platform') return 'sso-platform';
  if (segments[2] === 'rules') return 'rules';
  if (segments[3] === 'backoffice') return `backoffice/${segments[4] ?? ''}`;
  return segments[3] ?? segments[0] ?? 'api';
};

/** Codes a handler names itself (`ResultCode.conflict` in its source; a bundler may add a digit to the name): a floor, the route docs add the rest. */
const codesNamedIn = (middleware: unknown) =>
  [...String(middleware).matchAll(/ResultCode\d*\.([A-Za-z]+)/g)]
    .map((m) => ResultCode[m[1] as keyof typeof ResultCode])
    .filter((code): code is ResultCode => typeof code === 'number');

/** How a route's policy signs the caller in (the guard, http/policyGuard.ts) and the roles or menu routes it asks for. */
const guardOf = (access: Access | undefined, path: string) => {
  switch (access?.kind) {
    case undefined:
    case 'internal':
    case 'public':
      return null;
    case 'customer':
      return { scheme: 'bearer', requires: null } as const;
    case 'registered':
      return { scheme: 'bearer', requires: ['registered'] } as const;
    case 'staff':
      return { scheme: 'bearer', requires: access.roles } as const;
    case 'rules':
      // Outside the rule platform's API is only the admin-style info call: its route docs describe its own
      // answers (docs/api/rules-sign-in.md "Compatibility calls").
      if (!path.startsWith(`${RULES_API_PREFIX}/`)) return null;
      return {
        scheme: 'rules',
        requires: access.menu === 'any' ? null : [`${access.roles.join(', ')}; menu route ${access.menu.join(' or ')}`],
      } as const;
    default: {
      const never: never = access;
      return never;
    }
  }
};

/**
 * `authenticatedCodes`: what every signed-in route of a service may answer besides, e.g. the
 * command side's refusals from `decide` (40400 a missing order or claim, 40900 an illegal state).
 *
 * The OpenAPI paths of a service's routers, read from the same places the route table is
 * (routeTable.ts): each layer's methods and path, the `validate` schema its middlewares carry
 * (openapiMarks.ts) and who may call it from `access`, the policies the route guard enforces,
 * completed by the feature's route docs. `internal` routes (`/internal/*`) are the platform's own and not published.
 */
export const describeRoutes = (
  routers: readonly Router[],
  docs: RouteDocs,
  options: { authenticatedCodes?: readonly number[]; access?: RouteAccess } = {},
): OpenApiPart => {
  const part: OpenApiPart = { paths: {}, schemas: {}, unmatchedDocs: [] };
  const matched = new Set<string>();
  for (const router of routers)
    for (const layer of router.stack) {
      if (typeof layer.path !== 'string' || layer.path.startsWith('/internal/')) continue;
      const marks = layer.stack.map(markOf).filter((mark): mark is OpenApiMark => mark !== undefined);
      for (const method of layer.methods.filter((m) => m !== 'HEAD')) {
        const path = layer.path;
        const doc = docs[routeKey(method, path)];
        if (doc) matched.add(routeKey(method, path));
        const id = operationId(method, path);
        const operation: Record<string, unknown> = {
          operationId: id,
          summary: doc?.summary ?? `${method} ${path}`,
          tags: [tagOf(path)],
        };
        const parameters: unknown[] = pathParams(path).map((name) => ({
          name,
          in: 'path',
          required: true,
          schema: { type: 'string' },
        }));
        const codes = new Set<number>([ResultCode.serverError, ResultCode.unavailable]);
        for (const middleware of layer.stack) for (const code of codesNamedIn(middleware)) codes.add(code);
        codes.delete(ResultCode.success);
        for (const code of doc?.codes ?? []) codes.add(code);
        let body = doc?.body ? toSchema(doc.body, 'input', `${id}Body`, part.schemas) : null;
        for (const mark of marks) {
          if (mark.kind === 'input') {
            codes.add(ResultCode.badRequest);
            const schema = toSchema(
              mark.schema,
              'input',
              `${id}${mark.source === 'body' ? 'Body' : 'Query'}`,
              part.schemas,
            );
            if (mark.source === 'body') body = schema;
            else {
              const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
              const required = new Set((schema.required ?? []) as string[]);
              for (const [name, property] of Object.entries(properties))
                parameters.push({ name, in: 'query', required: required.has(name), schema: property });
            }
          }
        }
        const guard = guardOf(options.access?.[routeKey(method, path)], path);
        if (guard) {
          operation.security =
            guard.scheme === 'rules' ? [{ xToken: [] }, { bearer: [] }] : [{ bearer: [] }, { xToken: [] }];
          if (guard.scheme === 'rules')
            for (const code of [
              ResultCode.rulesIllegalToken,
              ResultCode.rulesSessionRevoked,
              ResultCode.rulesTokenExpired,
              ResultCode.forbidden,
            ])
              codes.add(code);
          else codes.add(ResultCode.unauthorized);
          for (const code of options.authenticatedCodes ?? []) codes.add(code);
          if (guard.requires) {
            codes.add(ResultCode.forbidden);
            const requires = guard.requires.join(', ');
            operation.description = [operation.description, `Requires: ${requires}`].filter(Boolean).join('\n\n');
          }
        }
        if (parameters.length > 0) operation.parameters = parameters;
        if (body || doc?.bodyContentType)
          operation.requestBody = {
            required: true,
            content: { [doc?.bodyContentType ?? 'application/json']: { schema: body ?? {} } },
          };
        const data = doc?.data ? toSchema(doc.data, 'output', `${id}Data`, part.schemas) : {};
        const responses: Record<string, unknown> = {
          '200': doc?.rawSuccess
            ? {
                description: doc.rawSuccess.description,
                content: { [doc.rawSuccess.contentType]: { schema: {} } },
              }
            : {
                description: 'success (20000)',
                content: { 'application/json': { schema: envelope([ResultCode.success], data) } },
              },
        };
        const byStatus = new Map<number, number[]>();
        for (const code of [...codes].sort()) {
          const status = httpStatusOf(code);
          byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
        }
        for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
          const described = list.map((code) => `${code} ${codeNames.get(code) ?? ''}`.trim()).join(', ');
          const schema = envelope(list, {});
          if (status === 200) {
            // 30000 answers with HTTP 200 too: the success envelope or the special case.
            const success = responses['200'] as { description: string; content: Record<string, { schema: unknown }> };
            const json = success.content['application/json'];
            if (json) json.schema = { anyOf: [json.schema, schema] };
            success.description = `${success.description}; ${described}`;
            continue;
          }
          responses[String(status)] = { description: described, content: { 'application/json': { schema } } };
        }
        operation.responses = responses;
        const openPath = openApiPath(path);
        part.paths[openPath] = { ...part.paths[openPath], [method.toLowerCase()]: operation };
      }
    }
  part.unmatchedDocs = Object.keys(docs).filter((key) => !matched.has(key));
  return part;
};

/** The whole document from the services' parts (the edge joins them, services/edge/src/apiDocs.ts). */
export const openApiDocument = (parts: readonly OpenApiPart[], info: { version: string }) => {
  const paths: OpenApiPart['paths'] = {};
  const schemas: OpenApiPart['schemas'] = {};
  for (const part of parts) {
    for (const [path, operations] of Object.entries(part.paths)) paths[path] = { ...paths[path], ...operations };
    Object.assign(schemas, part.schemas);
  }
  const tags = [
    ...new Set(
      Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((op) => (op as { tags: string[] }).tags)),
    ),
  ]
    .sort()
    .map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: '飞保 FeiBao API',
      version: info.version,
      description:
        'Every answer is an envelope `{code, message, data}`; 20000 is success, the other codes are in docs/glossary.md "Result codes". Generated from the zod schemas the routes validate with (docs/api/openapi.md).',
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    tags,
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        xToken: { type: 'apiKey', in: 'header', name: 'X-Token' },
      },
    },
  };
};
