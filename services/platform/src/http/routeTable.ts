import type Router from '@koa/router';
import type { Context, Next } from 'koa';

/** One route a service answers: an HTTP method and a path pattern with `:param` segments. */
export type RouteEntry = { method: string; path: string };

/** Where a service lists its routes for the edge; the edge never relays /internal/* from clients. */
export const ROUTE_TABLE_PATH = '/internal/routes';
export const SERVED_BY_HEADER = 'X-Served-By';

/**
 * The service's own route table, read from its routers, so the edge routes by what each
 * service actually serves instead of a hand-kept list. HEAD follows GET on both sides.
 */
export const routeTable = (routers: readonly Router[]): RouteEntry[] =>
  routers.flatMap((router) =>
    router.stack.flatMap((layer) =>
      typeof layer.path === 'string' ? layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: layer.path as string })) : [],
    ),
  );

/** Mounts the route table and names the service on every answer (the edge test checks where a call landed). */
export const serveRouteTable = (service: string, routers: readonly Router[]) => {
  const table = routeTable(routers);
  return async (ctx: Context, next: Next) => {
    ctx.set(SERVED_BY_HEADER, service);
    if (ctx.method === 'GET' && ctx.path === ROUTE_TABLE_PATH) {
      ctx.body = { code: 20000, message: 'success', data: table };
      return;
    }
    await next();
  };
};
