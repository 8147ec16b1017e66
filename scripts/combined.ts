/**
 * The combined process of `npm start`: the edge, the command service and the query service in one
 * Node process, the edge handing each API request to the app that serves it (no second HTTP hop).
 * The separate entries (npm run start:command | start:query | start:edge, docker-compose, the
 * resilience cluster) are unchanged; this only puts the three together.
 */
import net from 'node:net';
import type { Config } from '@feibao/platform/config';
import { logger } from '@feibao/platform/logger';
import { startCommandService } from '@feibao/command-service/service';
import { startQueryService } from '@feibao/query-service/service';
import { startEdge } from '@feibao/edge-service/service';

/**
 * A port no other process holds. Each service keeps a port of its own for its route table, ping
 * and process endpoints; under node:cluster `listen(0)` would hand every worker the same one,
 * so the port is found here (`exclusive`) and then named.
 */
export const freePort = (host = '127.0.0.1') =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host, exclusive: true }, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export const startCombined = async (config: Config, options: { port?: number; webRoot?: string } = {}) => {
  const command = await startCommandService(config, { port: await freePort(config.host) });
  const query = await startQueryService(config, { port: await freePort(config.host) });
  const edge = await startEdge(config, {
    port: options.port ?? config.port,
    webRoot: options.webRoot,
    commandPort: command.port,
    queryPort: query.port,
    upstreamHost: config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host,
    inProcess: { command: command.app.callback(), query: query.app.callback() },
    internalPort: 0,
  });
  logger.info({ port: edge.port, commandPort: command.port, queryPort: query.port }, 'combined process listening');
  return {
    port: edge.port,
    async stop() {
      // The door first: no new request reaches an app that is closing.
      await edge.stop();
      await Promise.allSettled([query.stop(), command.stop()]);
    },
  };
};
