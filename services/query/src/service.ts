import type { AddressInfo } from 'node:net';
import {
  advertisedHost,
  announceProcess,
  createConsistencyWaiter,
  createPool,
  createRedis,
  createTokenService,
  logger,
  processEndpointsMiddleware,
  operatedQueues,
  redisLastWrites,
  redisRevocations,
  startRulesEngine,
  metricsFor,
  type Config,
} from '@feibao/platform';
import { ruleSetReader } from '@feibao/read-models';
import { createQueryApp } from './app.ts';
import { registerClaimGauges } from './observability/claimGauges.ts';

export const startQueryService = async (config: Config, options: { port?: number; now?: () => Date } = {}) => {
  const pool = createPool(config.databaseUrl, 20);
  const redis = createRedis(config.redisUrl);
  const consistency = createConsistencyWaiter(pool);
  const queueConnection = createRedis(config.redisUrl, { forWorker: true });
  const opsQueues = operatedQueues(queueConnection, config.queuePrefix);
  const rules = startRulesEngine(pool, ruleSetReader(pool));
  const app = createQueryApp({
    config,
    pool,
    tokens: createTokenService(config),
    revocations: redisRevocations(redis, config.queuePrefix, config.accessTokenTtlSeconds),
    consistency,
    lastWrites: redisLastWrites(redis, config.queuePrefix),
    now: options.now ?? (() => new Date()),
    opsQueues,
    redis,
    rules,
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
  const announcement = announceProcess(redis, config.queuePrefix, { process: 'query', host: advertisedHost(config.host, config.advertiseHost), port });
  await announcement.ready;
  logger.info({ port }, 'query service listening');
  return {
    port,
    async stop() {
      await announcement.stop();
      await new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      });
      consistency.close();
      await rules.stop();
      await opsQueues.close();
      queueConnection.disconnect();
      await pool.end().catch(() => undefined);
      redis.disconnect();
    },
  };
};
