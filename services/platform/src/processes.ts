/**
 * Each process's own health and metrics. A process announces where it answers in Redis (a key
 * that expires unless rewritten, as the workers heartbeat does), so the edge and the back office
 * find every process, on whatever host and port, without a hand-kept list; each answers
 * `GET /internal/health` (its own facts) and `GET /metrics` (its own series) there.
 */
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import {
  type HealthCheck,
  type ProcessHealth,
  type ProcessName,
  type ProcessStatus,
  processNames,
} from '@feibao/domain/observability/processes';
import type { Redis } from 'ioredis';
import { logger } from './logger.ts';
import { mayReadInternals, METRICS_CONTENT_TYPE, metricsFor, type MetricsSnapshot, renderMetrics } from './metrics.ts';

export const PROCESS_HEALTH_PATH = '/internal/health';
export const METRICS_PATH = '/metrics';
const BEAT_MS = 5000;
const BEAT_TTL_MS = 15_000;

export type ProcessAddress = {
  process: ProcessName;
  instance: string;
  host: string;
  port: number;
  pid: number;
  startedAt: string;
};

const processKey = (queuePrefix: string, process: string, instance: string) =>
  `${queuePrefix}:process:${process}:${instance}`;

/** A host others can reach: a wildcard bind is announced by this machine's name (ADVERTISE_HOST overrides). */
export const advertisedHost = (bindHost: string, advertise: string | undefined) =>
  advertise || (bindHost === '0.0.0.0' || bindHost === '::' ? hostname() : bindHost);

/**
 * Announces this process until `stop`; `ready` settles after the first announcement. A stopped
 * process's key is removed at once, a crashed one's lapses within 15 s.
 */
export const announceProcess = (
  redis: Redis,
  queuePrefix: string,
  address: Omit<ProcessAddress, 'instance' | 'pid' | 'startedAt'>,
) => {
  const entry: ProcessAddress = {
    ...address,
    instance: randomUUID().slice(0, 8),
    pid: process.pid,
    startedAt: new Date().toISOString(),
  };
  const key = processKey(queuePrefix, address.process, entry.instance);
  const beat = () => redis.set(key, JSON.stringify(entry), 'PX', BEAT_TTL_MS).catch(() => undefined);
  const first = beat();
  const timer = setInterval(beat, BEAT_MS);
  timer.unref();
  return {
    entry,
    ready: first,
    async stop() {
      clearInterval(timer);
      await redis.del(key).catch(() => undefined);
    },
  };
};

/** Every process announced now, in processNames order. */
export const announcedProcesses = async (redis: Redis, queuePrefix: string): Promise<ProcessAddress[]> => {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${queuePrefix}:process:*`, 'COUNT', 200);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  if (keys.length === 0) return [];
  const values = await redis.mget(keys);
  return values
    .flatMap((v) => (v ? [JSON.parse(v) as ProcessAddress] : []))
    .sort(
      (a, b) =>
        processNames.indexOf(a.process) - processNames.indexOf(b.process) || a.startedAt.localeCompare(b.startedAt),
    );
};

/** A check that settles within 2 s: a hung dependency fails its check instead of the whole report. */
export const settleCheck = async (check: () => Promise<unknown>): Promise<HealthCheck> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    const detail = await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out after 2s')), 2000);
      }),
    ]);
    return { ok: true, detail };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
};

export type HealthChecks = Record<string, () => Promise<unknown>>;

export const processHealth = async (
  process: ProcessName,
  startedAt: string,
  checks: HealthChecks,
): Promise<ProcessHealth> => {
  const settled: Record<string, HealthCheck> = Object.fromEntries(
    await Promise.all(Object.entries(checks).map(async ([name, check]) => [name, await settleCheck(check)] as const)),
  );
  return {
    process,
    ok: Object.values(settled).every((r) => r.ok),
    pid: globalThis.process.pid,
    uptimeSeconds: Math.floor((Date.now() - Date.parse(startedAt)) / 1000),
    startedAt,
    checks: settled,
  };
};

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
};

export type ProcessEndpoints = {
  process: ProcessName;
  startedAt: string;
  checks: HealthChecks;
  metricsToken: string | undefined;
  /** Series besides the process's own registry (the edge: every other process's). */
  metrics?: () => Promise<string>;
};

/**
 * Answers `/internal/health` and `/metrics` for a plain node:http server; false for other paths.
 * `/metrics` answers prom-client JSON to `Accept: application/json` (what the edge gathers).
 */
export const serveProcessEndpoints = async (
  req: IncomingMessage,
  res: ServerResponse,
  options: ProcessEndpoints,
): Promise<boolean> => {
  const path = (req.url ?? '/').split('?')[0];
  if (path !== PROCESS_HEALTH_PATH && path !== METRICS_PATH) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (!mayReadInternals(req, options.metricsToken)) {
    sendJson(res, 403, { code: 40300, message: '无权限访问', data: null });
    return true;
  }
  if (path === PROCESS_HEALTH_PATH) {
    const report = await processHealth(options.process, options.startedAt, options.checks);
    sendJson(res, report.ok ? 200 : 503, report);
    return true;
  }
  const registry = metricsFor(options.process).registry;
  if (/application\/json/.test(req.headers.accept ?? '')) {
    sendJson(res, 200, await registry.getMetricsAsJSON());
    return true;
  }
  const text = options.metrics ? await options.metrics() : await registry.metrics();
  res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' });
  res.end(text);
  return true;
};

/** Starts a tiny HTTP server answering only the process endpoints (the workers have no other). */
export const startProcessServer = async (host: string, port: number, options: ProcessEndpoints) => {
  const server = http.createServer((req, res) => {
    serveProcessEndpoints(req, res, options)
      .then((served) => {
        if (!served) sendJson(res, 404, { code: 40400, message: '请求地址不存在', data: null });
      })
      .catch((error) => {
        logger.error({ err: error }, 'process endpoint failed');
        if (!res.headersSent) sendJson(res, 500, { code: 50000, message: '服务器繁忙，请稍后再试', data: null });
      });
  });
  server.listen(port, host);
  await new Promise((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return {
    server,
    port: (server.address() as { port: number }).port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

// ---- asking the others ------------------------------------------------------

const getFrom = (address: ProcessAddress, path: string, token: string | undefined, accept: string) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const headers: Record<string, string> = { accept };
    if (token) headers.authorization = `Bearer ${token}`;
    const request = http.get({ host: address.host, port: address.port, path, headers, timeout: 2500 }, (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk) => {
        text += chunk;
      });
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text }));
      answer.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error('no answer in 2.5 s')));
    request.on('error', (error) =>
      reject(
        new Error(
          `not answering at ${address.host}:${address.port} (${(error as NodeJS.ErrnoException).code ?? error.message})`,
        ),
      ),
    );
  });

/** One process's own health report as it answers it, or why it could not be had. */
export const askProcessHealth = async (address: ProcessAddress, token: string | undefined): Promise<ProcessStatus> => {
  try {
    const { status, text } = await getFrom(address, PROCESS_HEALTH_PATH, token, 'application/json');
    if (status !== 200 && status !== 503) throw new Error(`answered ${status}`);
    return { reachable: true, ...(JSON.parse(text) as ProcessHealth) };
  } catch (error) {
    return { reachable: false, process: address.process, ok: false, error: (error as Error).message };
  }
};

/** Every process's health: announced ones asked in parallel, a process nobody announced marked missing. */
export const gatherProcessHealth = async (
  redis: Redis,
  queuePrefix: string,
  token: string | undefined,
): Promise<ProcessStatus[]> => {
  const announced = await announcedProcesses(redis, queuePrefix);
  const answers = await Promise.all(announced.map((a) => askProcessHealth(a, token)));
  const missing = processNames
    .filter((name) => !announced.some((a) => a.process === name))
    .map(
      (name): ProcessStatus => ({
        reachable: false,
        process: name,
        ok: false,
        error: `no ${name} process announced within ${BEAT_TTL_MS / 1000} s (not started?)`,
      }),
    );
  return [...answers, ...missing].sort((a, b) => processNames.indexOf(a.process) - processNames.indexOf(b.process));
};

/** The whole platform's series: this process's own, then every other announced process's, labelled by instance. */
export const gatherMetrics = async (
  redis: Redis,
  queuePrefix: string,
  self: ProcessAddress,
  token: string | undefined,
) => {
  const others = (await announcedProcesses(redis, queuePrefix)).filter((a) => a.instance !== self.instance);
  const fetched = await Promise.all(
    others.map(async (address) => {
      try {
        const { status, text } = await getFrom(address, METRICS_PATH, token, 'application/json');
        if (status !== 200) throw new Error(`answered ${status}`);
        return {
          labels: { instance: `${address.host}:${address.port}` },
          metrics: JSON.parse(text) as MetricsSnapshot,
        };
      } catch (error) {
        logger.warn({ err: error, process: address.process }, 'metrics of a process unavailable');
        return null;
      }
    }),
  );
  const own = {
    labels: { instance: `${self.host}:${self.port}` },
    metrics: (await metricsFor(self.process).registry.getMetricsAsJSON()) as MetricsSnapshot,
  };
  return renderMetrics([own, ...fetched.filter((f) => f !== null)]);
};

/** The process endpoints on a Koa service; mounted last, so only paths no router took get here. */
export const processEndpointsMiddleware =
  (options: ProcessEndpoints) =>
  async (ctx: { req: IncomingMessage; res: ServerResponse; respond?: boolean }, next: () => Promise<unknown>) => {
    if (await serveProcessEndpoints(ctx.req, ctx.res, options)) {
      ctx.respond = false;
      return;
    }
    await next();
  };
