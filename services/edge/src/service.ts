import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkHealth, createPool, createRedis, logger, type Config } from '@feibao/platform';
import { allCollections } from '@feibao/read-models';
import { createEdgeServer } from './edge.ts';

const defaultWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

export const startEdge = async (
  config: Config,
  options: { port?: number; commandPort?: number; queryPort?: number; upstreamHost?: string; webRoot?: string } = {},
) => {
  const webRoot = path.resolve(options.webRoot ?? process.env.WEB_ROOT ?? defaultWebRoot);
  const pool = createPool(config.databaseUrl, 4);
  const redis = createRedis(config.redisUrl);
  const upstreamHost = options.upstreamHost ?? process.env.UPSTREAM_HOST ?? '127.0.0.1';
  const server = createEdgeServer({
    upstreams: {
      command: { host: process.env.COMMAND_HOST ?? upstreamHost, port: options.commandPort ?? config.commandPort },
      query: { host: process.env.QUERY_HOST ?? upstreamHost, port: options.queryPort ?? config.queryPort },
    },
    webRoot: existsSync(path.join(webRoot, 'index.html')) ? webRoot : null,
    health: () => checkHealth(pool, redis, allCollections),
  });
  server.listen(options.port ?? config.port, config.host);
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  logger.info({ port, webRoot }, 'edge listening');
  return {
    port,
    async stop() {
      await new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      });
      await pool.end().catch(() => undefined);
      redis.disconnect();
    },
  };
};
