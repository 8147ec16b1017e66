import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Client } from './clients.ts';
import { logger } from '@feibao/platform/logger';
import { ROUTE_TABLE_PATH, type RouteEntry, routeTableVersion } from '@feibao/platform/http/routeTable';

/**
 * Which service answers a path, learnt from the services' own route tables
 * (`GET /internal/routes`): nothing here lists paths by hand, so a new route is reachable
 * through the edge as soon as its service serves it. The old API mixes GET commands and
 * POST queries, so the method and the path decide together.
 */
export type Upstream = 'command' | 'query';
export type Target = { host: string; port: number };
/**
 * Hands an API request to the service that serves it: over HTTP to its own process
 * (httpRelay.ts), or to its app in this process (inProcess.ts). Either refuses a body over
 * `limit` with 413 and sets X-Forwarded-* from `client`, what the edge saw.
 */
export type Forward = (
  req: IncomingMessage,
  res: ServerResponse,
  upstream: Upstream,
  limit: number,
  client: Client,
) => void;

type CompiledRoute = { method: string; pattern: RegExp; upstream: Upstream };

export const isApiPath = (path: string) => path.startsWith('/api/') || path.startsWith('/sso-platform/');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `/api/v1/uav/file/:id` → a regular expression matching one segment per parameter; a last
 * segment `*rest` (a wildcard of @koa/router) matches everything below the path.
 */
export const compilePath = (path: string) =>
  new RegExp(
    `^${path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.startsWith('*') ? '.+' : escapeRegExp(segment)))
      .join('/')}/?$`,
  );

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
    const request = http.get(
      { host: target.host, port: target.port, path: ROUTE_TABLE_PATH, timeout: 2000 },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk) => {
          text += chunk;
        });
        answer.on('end', () => {
          try {
            const body = JSON.parse(text) as { code: number; data: RouteEntry[] };
            if (answer.statusCode !== 200 || !Array.isArray(body.data))
              throw new Error(`route table answered ${answer.statusCode}`);
            resolve(body.data);
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('route table timed out')));
    request.on('error', reject);
  });

/**
 * Keeps both tables: fetched at start-up (retrying until each service answers), again when
 * an answer names a table other than the one kept (the service restarted with other routes),
 * and, at most every `refreshMs`, when a path is unknown.
 */
export const createRouteDirectory = (upstreams: Record<Upstream, Target>, options: { refreshMs?: number } = {}) => {
  const refreshMs = options.refreshMs ?? 2000;
  const tables: Partial<Record<Upstream, { entries: RouteEntry[]; version: string }>> = {};
  let routes: CompiledRoute[] = [];
  let lastRefresh = 0;
  let refreshing: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;
  const observed: Partial<Record<Upstream, string>> = {};

  const ready = () => tables.command !== undefined && tables.query !== undefined;

  const refresh = () => {
    refreshing ??= (async () => {
      lastRefresh = Date.now();
      const results = await Promise.allSettled(
        (Object.keys(upstreams) as Upstream[]).map(async (name) => {
          const entries = await fetchTable(upstreams[name]);
          tables[name] = { entries, version: routeTableVersion(entries) };
        }),
      );
      for (const r of results) if (r.status === 'rejected') logger.debug({ err: r.reason }, 'route table unavailable');
      routes = compileTables(Object.fromEntries(Object.entries(tables).map(([name, table]) => [name, table.entries])));
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  return {
    /** Whether both services' tables are known. */
    ready,
    known: (upstream: Upstream) => tables[upstream] !== undefined,
    async lookup(method: string, path: string): Promise<Upstream | null> {
      const found = findUpstream(routes, method, path);
      if (found) return found;
      if (!ready() || Date.now() - lastRefresh >= refreshMs) {
        await refresh();
        return findUpstream(routes, method, path);
      }
      return null;
    },
    /** Called with the table version a service's answer names; a different one is fetched anew. */
    observe(upstream: Upstream, version: string | string[] | undefined) {
      if (typeof version !== 'string' || version === tables[upstream]?.version) return;
      // A version not seen before is fetched at once; one that persists, at most every refreshMs.
      if (version !== observed[upstream] || Date.now() - lastRefresh >= refreshMs) {
        observed[upstream] = version;
        void refresh();
      }
    },
    /** Fetches now, and keeps retrying in the background until both services have answered. */
    async start(retryMs = 500) {
      await refresh();
      const again = () => {
        retry = null;
        if (stopped || ready()) return;
        retry = setTimeout(() => void refresh().then(again), retryMs);
        retry.unref();
      };
      again();
    },
    stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      retry = null;
    },
    refresh,
  };
};
export type RouteDirectory = ReturnType<typeof createRouteDirectory>;
