import type { AddressInfo } from 'node:net';
import {
  advertisedHost,
  announceProcess,
  createEventStore,
  createPool,
  createRedis,
  createTokenService,
  logger,
  processEndpointsMiddleware,
  operatedQueues,
  redisRateLimiter,
  redisRevocations,
  smsQueue,
  type Config,
} from '@feibao/platform';
import { createCommandApp } from './app.ts';
import type { CommandDeps } from './deps.ts';
import { seedAdmin } from './seedAdmin.ts';
import { seedRules } from './rules/seedRules.ts';
import { seedRuleConfig } from './rules/seedRuleConfig.ts';

export const startCommandService = async (
  config: Config,
  options: { port?: number; now?: () => Date; random?: () => number } = {},
) => {
  const redis = createRedis(config.redisUrl);
  const queueConnection = createRedis(config.redisUrl, { forWorker: true });
  const deps: CommandDeps = {
    config,
    pool: createPool(config.databaseUrl, 20),
    eventStore: createEventStore(config.databaseUrl),
    redis,
    tokens: createTokenService(config),
    revocations: redisRevocations(redis, config.queuePrefix, config.accessTokenTtlSeconds),
    limiter: redisRateLimiter(redis, config.queuePrefix),
    smsQueue: smsQueue(queueConnection, config.queuePrefix),
    opsQueues: operatedQueues(queueConnection, config.queuePrefix),
    now: options.now ?? (() => new Date()),
    random: options.random ?? Math.random,
  };
  await seedAdmin(deps);
  await seedRules(deps);
  await seedRuleConfig(deps);
  const startedAt = new Date().toISOString();
  const app = createCommandApp(deps);
  app.use(
    processEndpointsMiddleware({
      process: 'command',
      startedAt,
      metricsToken: config.metricsToken,
      checks: {
        database: async () => {
          await deps.pool.query('SELECT 1');
          return 'reachable';
        },
        redis: async () => redis.ping(),
        queueRedis: async () => queueConnection.ping(),
      },
    }),
  );
  const server = app.listen(options.port ?? config.commandPort, config.host);
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  // Where the edge and the back office find this process's health and metrics (platform processes.ts).
  const announcement = announceProcess(redis, config.queuePrefix, { process: 'command', host: advertisedHost(config.host, config.advertiseHost), port });
  await announcement.ready;
  logger.info({ port }, 'command service listening');
  return {
    port,
    deps,
    async stop() {
      await announcement.stop();
      await new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      });
      await Promise.allSettled([deps.smsQueue.close(), deps.opsQueues.close(), deps.eventStore.close(), deps.pool.end()]);
      redis.disconnect();
      queueConnection.disconnect();
    },
  };
};
