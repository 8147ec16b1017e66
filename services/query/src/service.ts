import { OPERATED_QUEUES } from '@feibao/domain/ops/queues';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { advertisedHost, announceProcess, processEndpointsMiddleware } from '@feibao/platform/processes';
import { createConsistencyWaiter } from '@feibao/platform/consistency';
import { createPool } from '@feibao/platform/db';
import { createRedis } from '@feibao/platform/redis';
import { createTokenService } from '@feibao/platform/tokens';
import { logger } from '@feibao/platform/logger';
import { operatedQueues } from '@feibao/platform/queueHandles';
import { revocationMirror } from '@feibao/platform/revocationMirror';
import { lastWritesMirror } from '@feibao/platform/lastWritesMirror';
import { metricsFor } from '@feibao/platform/metrics';
import { providerFor } from '@feibao/platform/payments/provider';
import type { Config } from '@feibao/platform/config';
import { ruleSetReader } from '@feibao/read-models/rules/ruleDefinitions';
import { createQueryApp } from './app.ts';
import { registerClaimGauges } from './observability/claimGauges.ts';
import { startRulesEngine } from '@feibao/read-models/rules/engine/loader';

const MIRRORS_READY_WAIT_MS = 2_000;

export const startQueryService = async (config: Config, options: { port?: number; now?: () => Date } = {}) => {
  const pool = createPool(config.databaseUrl, 20);
  const redis = createRedis(config.redisUrl);
  const consistency = createConsistencyWaiter(pool);
  const queueConnection = createRedis(config.redisUrl, { forWorker: true });
  const opsQueues = operatedQueues(queueConnection, config.queuePrefix, OPERATED_QUEUES);
  const rules = startRulesEngine(pool, ruleSetReader(pool));
  // Per-request answers from memory instead of Redis round trips (revocations, each user's last write).
  const mirrorFeedConnection = createRedis(config.redisUrl);
  const revocations = revocationMirror({
    redis,
    subscriber: mirrorFeedConnection,
    prefix: config.queuePrefix,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
  });
  const lastWrites = lastWritesMirror({ redis, subscriber: mirrorFeedConnection, prefix: config.queuePrefix });
  const app = createQueryApp({
    config,
    pool,
    tokens: createTokenService(config),
    revocations,
    consistency,
    lastWrites,
    now: options.now ?? (() => new Date()),
    opsQueues,
    redis,
    rules,
    payments: providerFor(config, pool),
  });
  const startedAt = new Date().toISOString();
  registerClaimGauges(metricsFor('query').registry, pool);
  app.use(
    processEndpointsMiddleware({
      process: 'query',
      startedAt,
      metricsToken: config.metricsToken,
      checks: {
        database: async () => {
          await pool.query('SELECT 1');
          return 'reachable';
        },
        redis: async () => redis.ping(),
      },
    }),
  );
  const server = app.listen(options.port ?? config.queryPort, config.host);
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  // Where the edge and the back office find this process's health and metrics (platform processes.ts).
  const announcement = announceProcess(redis, config.queuePrefix, {
    process: 'query',
    host: advertisedHost(config.host, config.advertiseHost),
    port,
  });
  await announcement.ready;
  // Redis out of reach at start: answer anyway, asking Redis per request until the mirrors are live.
  await Promise.race([
    Promise.all([revocations.ready, lastWrites.ready]),
    delay(MIRRORS_READY_WAIT_MS, undefined, { ref: false }),
  ]);
  logger.info({ port }, 'query service listening');
  return {
    port,
    /** The app itself, for an edge in this process that hands it requests without HTTP (scripts/combined.ts). */
    app,
    async stop() {
      await announcement.stop();
      await new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      });
      consistency.close();
      revocations.close();
      lastWrites.close();
      mirrorFeedConnection.disconnect();
      await rules.stop();
      await opsQueues.close();
      queueConnection.disconnect();
      await pool.end().catch(() => undefined);
      redis.disconnect();
    },
  };
};
