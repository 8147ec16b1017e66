import http from 'node:http';
import { logger, ROUTE_TABLE_PATH, type RouteEntry } from '@feibao/platform';

/**
 * Which service answers a path, learnt from the services' own route tables
 * (`GET /internal/routes`): nothing here lists paths by hand, so a new route is reachable
 * through the edge as soon as its service serves it. The old API mixes GET commands and
 * POST queries, so the method and the path decide together.
 */
export type Upstream = 'command' | 'query';
export type Target = { host: string; port: number };

type CompiledRoute = { method: string; pattern: RegExp; upstream: Upstream };

export const isApiPath = (path: string) => path.startsWith('/api/') || path.startsWith('/sso-platform/');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/api/v1/uav/file/:id` → a regular expression matching one segment per parameter. */
export const compilePath = (path: string) =>
  new RegExp(`^${path.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment))).join('/')}/?$`);

export const compileTables = (tables: Partial<Record<Upstream, RouteEntry[]>>): CompiledRoute[] =>
  (Object.entries(tables) as [Upstream, RouteEntry[]][]).flatMap(([upstream, entries]) =>
    entries.map((entry) => ({ method: entry.method, pattern: compilePath(entry.path), upstream })),
  );

/**
 * The service for a request: the one declaring this method on this path; failing that, the
 * one declaring the path at all (it answers 405 for the method); null for an unknown path.
 */
export const findUpstream = (routes: readonly CompiledRoute[], method: string, path: string): Upstream | null => {
  const wanted = method === 'HEAD' ? 'GET' : method;
  const onPath = routes.filter((r) => r.pattern.test(path));
  return (onPath.find((r) => r.method === wanted) ?? onPath[0])?.upstream ?? null;
};

const fetchTable = (target: Target): Promise<RouteEntry[]> =>
  new Promise((resolve, reject) => {
    const request = http.get({ host: target.host, port: target.port, path: ROUTE_TABLE_PATH, timeout: 2000 }, (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk) => {
        text += chunk;
      });
      answer.on('end', () => {
        try {
          const body = JSON.parse(text) as { code: number; data: RouteEntry[] };
          if (answer.statusCode !== 200 || !Array.isArray(body.data)) throw new Error(`route table answered ${answer.statusCode}`);
          resolve(body.data);
        } catch (error) {
          reject(error);
        }
      });
    });
    request.on('timeout', () => request.destroy(new Error('route table timed out')));
    request.on('error', reject);
  });

/**
 * Keeps both tables: fetched at start-up (retrying until each service answers) and again,
 * at most every `refreshMs`, when a path is unknown — a service restarted with new routes.
 */
export const createRouteDirectory = (upstreams: Record<Upstream, Target>, options: { refreshMs?: number } = {}) => {
  const refreshMs = options.refreshMs ?? 2000;
  const tables: Partial<Record<Upstream, RouteEntry[]>> = {};
  let routes: CompiledRoute[] = [];
  let lastRefresh = 0;
  let refreshing: Promise<void> | null = null;

  const refresh = () => {
    refreshing ??= (async () => {
      lastRefresh = Date.now();
      const results = await Promise.allSettled(
        (Object.keys(upstreams) as Upstream[]).map(async (name) => {
          tables[name] = await fetchTable(upstreams[name]);
        }),
      );
      for (const r of results) if (r.status === 'rejected') logger.debug({ err: r.reason }, 'route table unavailable');
      routes = compileTables(tables);
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  return {
    /** Whether both services' tables are known. */
    ready: () => tables.command !== undefined && tables.query !== undefined,
    async lookup(method: string, path: string): Promise<Upstream | null> {
      const found = findUpstream(routes, method, path);
      if (found) return found;
      if (!this.ready() || Date.now() - lastRefresh >= refreshMs) {
        await refresh();
        return findUpstream(routes, method, path);
      }
      return null;
    },
    refresh,
  };
};
export type RouteDirectory = ReturnType<typeof createRouteDirectory>;
