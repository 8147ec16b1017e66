import { createHash } from 'node:crypto';
import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { RouteAccess } from '@feibao/domain/shared/access';
import { describeRoutes, type OpenApiPart, type RouteDocs } from './openapi.ts';

/** One route a service answers: an HTTP method and a path pattern with `:param` segments. */
export type RouteEntry = { method: string; path: string };

/** Where a service lists its routes for the edge; the edge never relays /internal/* from clients. */
export const ROUTE_TABLE_PATH = '/internal/routes';
/** Where a service lists the OpenAPI description of the same routes; the edge joins both (docs/api/openapi.md). */
export const OPENAPI_PART_PATH = '/internal/openapi';
export const SERVED_BY_HEADER = 'X-Served-By';
/** Names the table a service answered with, so the edge notices a restarted service's new routes. */
export const ROUTE_TABLE_VERSION_HEADER = 'X-Route-Table';

/** A short digest of a table; the edge computes it over what it fetched and compares. */
export const routeTableVersion = (table: readonly RouteEntry[]) =>
  createHash('sha256')
    .update(JSON.stringify(table.map((r) => `${r.method} ${r.path}`).sort()))
    .digest('hex')
    .slice(0, 16);

/**
 * The service's own route table, read from its routers, so the edge routes by what each
 * service actually serves instead of a hand-kept list. HEAD follows GET on both sides.
 */
export const routeTable = (routers: readonly Router[]): RouteEntry[] =>
  routers.flatMap((router) =>
    router.stack.flatMap((layer) =>
      typeof layer.path === 'string'
        ? layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: layer.path as string }))
        : [],
    ),
  );

/**
 * The route docs of a service, joined from its feature list (each feature's `docs`, its `openapi.ts`).
 * Two features documenting the same route would silently hide one of the docs: refused at start.
 */
export const routeDocsOf = (features: readonly { name: string; docs?: RouteDocs }[]): RouteDocs => {
  const docs: Record<string, RouteDocs[string]> = {};
  const owner = new Map<string, string>();
  for (const feature of features)
    for (const [key, doc] of Object.entries(feature.docs ?? {})) {
      const other = owner.get(key);
      if (other) throw new Error(`route doc ${key} registered by both ${other} and ${feature.name}`);
      owner.set(key, feature.name);
      docs[key] = doc;
    }
  return docs;
};

/** Mounts the route table and names the service on every answer (the edge test checks where a call landed). */
export const serveRouteTable = (
  service: string,
  routers: readonly Router[],
  docs: { routes: RouteDocs; authenticatedCodes?: readonly number[]; access?: RouteAccess } = { routes: {} },
) => {
  const table = routeTable(routers);
  const version = routeTableVersion(table);
  // Built on the first request for it: converting every schema is work no other request needs.
  let part: OpenApiPart | null = null;
  return async (ctx: Context, next: Next) => {
    ctx.set(SERVED_BY_HEADER, service);
    ctx.set(ROUTE_TABLE_VERSION_HEADER, version);
    if (ctx.method === 'GET' && ctx.path === ROUTE_TABLE_PATH) {
      ctx.body = { code: 20000, message: 'success', data: table };
      return;
    }
    if (ctx.method === 'GET' && ctx.path === OPENAPI_PART_PATH) {
      part ??= describeRoutes(routers, docs.routes, docs);
      ctx.body = { code: 20000, message: 'success', data: part };
      return;
    }
    await next();
  };
};
