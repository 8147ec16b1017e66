import type { AddressInfo } from 'node:net';
import {
  createConsistencyWaiter,
  createPool,
  createRedis,
  createTokenService,
  logger,
  redisLastWrites,
  redisRevocations,
  type Config,
} from '@feibao/platform';
import { createQueryApp } from './app.ts';

export const startQueryService = async (config: Config, options: { port?: number; now?: () => Date } = {}) => {
  const pool = createPool(config.databaseUrl, 20);
  const redis = createRedis(config.redisUrl);
  const consistency = createConsistencyWaiter(pool);
  const app = createQueryApp({
    config,
    pool,
    tokens: createTokenService(config),
    revocations: redisRevocations(redis, config.queuePrefix, config.accessTokenTtlSeconds),
    consistency,
    lastWrites: redisLastWrites(redis, config.queuePrefix),
    now: options.now ?? (() => new Date()),
  });
  const server = app.listen(options.port ?? config.queryPort, config.host);
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  logger.info({ port }, 'query service listening');
  return {
    port,
    async stop() {
      await new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      });
      consistency.close();
      await pool.end().catch(() => undefined);
      redis.disconnect();
    },
  };
};
