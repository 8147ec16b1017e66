import type { AddressInfo } from 'node:net';
import { pongoClient } from '@event-driven-io/pongo';
import {
  createConsistencyWaiter,
  createPool,
  createRedis,
  createTokenService,
  logger,
  migrate,
  redisRevocations,
  type Config,
} from '@feibao/platform';
import { createQueryApp } from './app.ts';
import { readModelSchema } from '@feibao/read-models';

export const startQueryService = async (config: Config, options: { port?: number } = {}) => {
  await migrate(config.databaseUrl, readModelSchema);
  const pool = createPool(config.databaseUrl, 20);
  const pongo = pongoClient(config.databaseUrl, { schema: { autoMigration: 'None' } });
  const redis = createRedis(config.redisUrl);
  const consistency = createConsistencyWaiter(pool);
  const app = createQueryApp({
    config,
    pool,
    documents: pongo.db(),
    tokens: createTokenService(config),
    revocations: redisRevocations(redis, config.queuePrefix, config.accessTokenTtlSeconds),
    consistency,
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
      await Promise.allSettled([pongo.close(), pool.end()]);
      redis.disconnect();
    },
  };
};
