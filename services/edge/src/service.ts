import { existsSync } from 'node:fs';
import http, { type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { advertisedHost, announceProcess, gatherMetrics, serveProcessEndpoints } from '@feibao/platform/processes';
import { checkHealth } from '@feibao/platform/health';
import { createPool } from '@feibao/platform/db';
import { createRedis } from '@feibao/platform/redis';
import { FORM_BODY_LIMIT_BYTES, JSON_BODY_LIMIT_BYTES } from '@feibao/platform/http/app';
import { logger } from '@feibao/platform/logger';
import { mayReadInternals, metricsFor } from '@feibao/platform/metrics';
import { registerPlatformGauges } from '@feibao/platform/platformGauges';
import type { Config } from '@feibao/platform/config';
import { MAX_FILES_PER_UPLOAD } from '@feibao/domain/uploads/upload';
import { OPERATED_QUEUES } from '@feibao/domain/ops/queues';
import { VERIFY_FILE_MAX_BYTES } from '@feibao/domain/verification/messages';
import { ResultCode } from '@feibao/domain/shared/codes';
import { sendEnvelope } from './answers.ts';
import { parseTrustedProxies } from './clients.ts';
import { createApiDocs } from './apiDocs.ts';
import { createEdgeServer } from './edge.ts';
import { relayOverHttp } from './httpRelay.ts';
import { dispatchInProcess } from './inProcess.ts';
import { createRouteDirectory, type Target, type Upstream } from './routes.ts';

const defaultWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** Whether a service answers its ping: health covers every upstream the edge routes to. */
const ping = (target: Target) =>
  new Promise<string>((resolve, reject) => {
    const request = http.get(
      { host: target.host, port: target.port, path: '/internal/ping', timeout: 1500 },
      (answer) => {
        answer.resume();
        if (answer.statusCode === 200) resolve(`${target.host}:${target.port}`);
        else reject(new Error(`answered ${answer.statusCode}`));
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in 1.5 s')));
    request.on('error', (error) =>
      reject(
        new Error(
          `not answering at ${target.host}:${target.port} (${(error as NodeJS.ErrnoException).code ?? error.message})`,
        ),
      ),
    );
  });

/**
 * The process endpoints alone on a port of this process. `exclusive`: in a node:cluster worker a
 * listen is otherwise shared through the primary, and port 0 would give every worker the same port.
 */
const listenInternal = async (
  internal: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>,
  host: string,
  port: number,
) => {
  const server = http.createServer((req, res) => {
    internal(req, res)
      .then((served) => {
        if (!served) sendEnvelope(res, 404, ResultCode.notFound, '请求地址不存在');
      })
      .catch((error) => {
        logger.error({ err: error }, 'edge process endpoint failed');
        if (!res.headersSent) sendEnvelope(res, 500, ResultCode.serverError, '服务器繁忙，请稍后再试');
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, resolve);
  });
  return server;
};

export const startEdge = async (
  config: Config,
  options: {
    port?: number;
    commandPort?: number;
    queryPort?: number;
    upstreamHost?: string;
    webRoot?: string;
    /** EDGE_TRUSTED_PROXIES: addresses or subnets of the TLS proxies in front of the edge (clients.ts). */
    trustedProxies?: string;
    /** EDGE_HEADERS_TIMEOUT_MS, EDGE_REQUEST_TIMEOUT_MS: how long a client may take to send its headers, its whole request. */
    headersTimeoutMs?: number;
    requestTimeoutMs?: number;
    /**
     * The command and query apps of this process (`app.callback()`): API requests are handed to
     * them, no HTTP hop. Their own ports (commandPort, queryPort) still serve the route tables,
     * the ping and their process endpoints.
     */
    inProcess?: Record<Upstream, RequestListener>;
    /**
     * A port of this process alone for /internal/health and /metrics, announced instead of the
     * public one: several processes sharing the public port (node:cluster) are each asked there.
     */
    internalPort?: number;
  } = {},
) => {
  // Read first: a wrong entry stops the start before anything is opened.
  const trustedProxies = parseTrustedProxies(options.trustedProxies ?? process.env.EDGE_TRUSTED_PROXIES);
  const timeoutOf = (value: number | undefined, variable: string) => {
    const ms = value ?? (process.env[variable] ? Number(process.env[variable]) : undefined);
    if (ms !== undefined && !(Number.isFinite(ms) && ms > 0))
      throw new Error(`${variable} must be a positive number of milliseconds`);
    return ms;
  };
  const headersTimeoutMs = timeoutOf(options.headersTimeoutMs, 'EDGE_HEADERS_TIMEOUT_MS');
  const requestTimeoutMs = timeoutOf(options.requestTimeoutMs, 'EDGE_REQUEST_TIMEOUT_MS');
  const webRoot = path.resolve(options.webRoot ?? process.env.WEB_ROOT ?? defaultWebRoot);
  const pool = createPool(config.databaseUrl, 4);
  const redis = createRedis(config.redisUrl);
  const upstreamHost = options.upstreamHost ?? process.env.UPSTREAM_HOST ?? '127.0.0.1';
  const upstreams: Record<Upstream, Target> = {
    command: { host: process.env.COMMAND_HOST ?? upstreamHost, port: options.commandPort ?? config.commandPort },
    query: { host: process.env.QUERY_HOST ?? upstreamHost, port: options.queryPort ?? config.queryPort },
  };
  const routes = createRouteDirectory(upstreams);
  /** An upstream is healthy when it answers its ping and the edge knows its route table. */
  const upstreamHealth = async (name: Upstream) => {
    try {
      const detail = await ping(upstreams[name]);
      if (!routes.ready()) await routes.refresh();
      if (!routes.known(name)) throw new Error(`answers at ${detail} but its route table is not known yet`);
      return { ok: true, detail };
    } catch (error) {
      return { ok: false, detail: (error as Error).message };
    }
  };
  // The services' own limits (platform http/app.ts, the upload routes of files, claim photos and rule imports): bigger bodies never reach them.
  const uploadPaths = [
    '/api/v1/uav/file/uploadBatch',
    '/api/v1/uav/claim/settlement/uploadBatch',
    '/api/v1/rules/transposition/import',
  ];
  // Public verification takes a PDF's raw bytes (docs/api/verify.md): a little over the route's own limit, so
  // a file just too large gets the route's message.
  const VERIFY_FILE_PATH = '/api/v1/uav/verify/file';
  const uploadLimit = config.uploadMaxBytes * MAX_FILES_PER_UPLOAD + 1024 * 1024;
  const bodyLimit = (pathname: string, contentType: string) =>
    /multipart\/form-data/i.test(contentType) && uploadPaths.includes(pathname)
      ? uploadLimit
      : pathname === VERIFY_FILE_PATH && /application\/(pdf|octet-stream)/i.test(contentType)
        ? VERIFY_FILE_MAX_BYTES + 64 * 1024
        : /application\/x-www-form-urlencoded/i.test(contentType)
          ? FORM_BODY_LIMIT_BYTES
          : JSON_BODY_LIMIT_BYTES;
  const startedAt = new Date().toISOString();
  // Set once listening: /metrics names this process's instance by its announced address.
  let announcement: ReturnType<typeof announceProcess> | null = null;
  const gauges = registerPlatformGauges(metricsFor('edge').registry, {
    db: pool,
    redis,
    queuePrefix: config.queuePrefix,
    queueNames: OPERATED_QUEUES,
  });
  const internal = (req: http.IncomingMessage, res: http.ServerResponse) =>
    serveProcessEndpoints(req, res, {
      process: 'edge',
      startedAt,
      metricsToken: config.metricsToken,
      checks: {
        database: async () => {
          await pool.query('SELECT 1');
          return 'reachable';
        },
        redis: async () => redis.ping(),
        commandRoutes: async () => {
          const check = await upstreamHealth('command');
          if (!check.ok) throw new Error(String(check.detail));
          return check.detail;
        },
        queryRoutes: async () => {
          const check = await upstreamHealth('query');
          if (!check.ok) throw new Error(String(check.detail));
          return check.detail;
        },
      },
      // The edge's /metrics is the platform's: every announced process's series besides its own.
      metrics: async () =>
        announcement
          ? gatherMetrics(redis, config.queuePrefix, announcement.entry, config.metricsToken)
          : metricsFor('edge').registry.metrics(),
    });
  const server = createEdgeServer({
    internal,
    apiDocs: createApiDocs(upstreams, { version: '0.1.0' }),
    forward: options.inProcess
      ? dispatchInProcess(options.inProcess)
      : relayOverHttp(upstreams, (upstream, version) => routes.observe(upstream, version)),
    mayReadHealthDetails: (req) => mayReadInternals(req, config.metricsToken),
    trustedProxies,
    headersTimeoutMs,
    requestTimeoutMs,
    routes,
    bodyLimit,
    webRoot: existsSync(path.join(webRoot, 'index.html')) ? webRoot : null,
    health: async () => {
      const [base, command, query] = await Promise.all([
        checkHealth(pool, redis, config.queuePrefix),
        upstreamHealth('command'),
        upstreamHealth('query'),
      ]);
      const checks = { ...base.checks, commandService: command, queryService: query };
      return { ok: base.ok && command.ok && query.ok, checks };
    },
  });
  // Learn the routes now if the services are up; otherwise keep asking in the background.
  await routes.start();
  server.listen(options.port ?? config.port, config.host);
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  const internalServer =
    options.internalPort === undefined ? null : await listenInternal(internal, config.host, options.internalPort);
  const announcedPort = internalServer ? (internalServer.address() as AddressInfo).port : port;
  announcement = announceProcess(redis, config.queuePrefix, {
    process: 'edge',
    host: advertisedHost(config.host, config.advertiseHost),
    port: announcedPort,
  });
  await announcement.ready;
  logger.info(
    {
      port,
      internalPort: internalServer ? announcedPort : undefined,
      webRoot,
      routesKnown: routes.ready(),
      inProcess: !!options.inProcess,
    },
    'edge listening',
  );
  return {
    port,
    async stop() {
      await announcement?.stop();
      await gauges.close();
      routes.stop();
      await Promise.all(
        [server, internalServer].map(
          (s) =>
            s &&
            new Promise((resolve) => {
              s.close(resolve);
              s.closeAllConnections();
            }),
        ),
      );
      await pool.end().catch(() => undefined);
      redis.disconnect();
    },
  };
};
