/**
 * The route directory of the Node edge, for nginx (docker-compose.yml): which service answers a
 * method and path, rendered from the services' own route tables as an nginx `map`. The edge
 * learns the tables at run time; nginx cannot, so the map is generated and committed, and
 * tests/int/edgeNginxRoutes.int.spec.ts fails when it no longer matches what the services serve
 * (UPDATE_NGINX_ROUTES=1 on that test rewrites it).
 */
import type { RouteEntry } from '@feibao/platform/http/routeTable';
import { compilePath, type Upstream } from '@feibao/edge-service/routes';

export const NGINX_ROUTES_FILE = 'deploy/nginx/api-routes.conf';

/** Routes only a development platform mounts (the dev SMS inbox): never in the production map. */
const developmentOnly = (entry: RouteEntry) => entry.path.includes('/dev/');

/** The path part of the edge's own expression (routes.ts compilePath), without its leading `^`. */
const pathPattern = (path: string) => compilePath(path).source.slice(1);

/**
 * `"<method> <uri>"` → `command` | `query`. As the edge decides: a route declaring the method
 * first (HEAD as GET), then any route declaring the path (its service answers 405); regular
 * expressions of a map are tried in order. No match: empty, answered 404 by nginx.
 */
export const renderNginxRouteMap = (tables: Record<Upstream, RouteEntry[]>) => {
  const entries = (Object.entries(tables) as [Upstream, RouteEntry[]][])
    .flatMap(([upstream, routes]) => routes.filter((r) => !developmentOnly(r)).map((route) => ({ ...route, upstream })))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  const line = (methods: string, path: string, upstream: Upstream) =>
    `    "~^${methods} ${pathPattern(path)}" ${upstream};`;
  const byMethod = entries.map((e) => line(e.method === 'GET' ? '(GET|HEAD)' : e.method, e.path, e.upstream));
  const seen = new Set<string>();
  const byPath = entries
    .filter((e) => !seen.has(e.path) && seen.add(e.path))
    .map((e) => line('[A-Z]+', e.path, e.upstream));
  return [
    "# Generated from the command and query services' route tables (scripts/nginxRoutes.ts); do not edit.",
    '# tests/int/edgeNginxRoutes.int.spec.ts checks it; UPDATE_NGINX_ROUTES=1 on that test rewrites it.',
    'map "$request_method $uri" $feibao_service {',
    '    default "";',
    ...byMethod,
    '    # The path alone: the service that has it answers 405 for another method.',
    ...byPath,
    '}',
    '',
  ].join('\n');
};
