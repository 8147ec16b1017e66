import { OPERATED_QUEUES } from '@feibao/domain/ops/queues';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { advertisedHost, announceProcess, processEndpointsMiddleware } from '@feibao/platform/processes';
import { createEventStore } from '@feibao/platform/eventStore';
import { createPool } from '@feibao/platform/db';
import { createRedis } from '@feibao/platform/redis';
import { createTokenService } from '@feibao/platform/tokens';
import { logger } from '@feibao/platform/logger';
import { operatedQueues } from '@feibao/platform/queueHandles';
import { redisRateLimiter } from '@feibao/platform/rateLimit';
import { revocationMirror } from '@feibao/platform/revocationMirror';
import { smsQueue } from '@feibao/platform/queues';
import { providerFor } from '@feibao/platform/payments/provider';
import { devGateway, type DevNotifyJob } from '@feibao/platform/payments/dev';
import { devNotifyJobId, devNotifyQueue } from '@feibao/platform/payments/queues';
import type { Config } from '@feibao/platform/config';
import { createCommandApp } from './app.ts';
import type { CommandDeps } from './deps.ts';
import { seedAdmin } from './seedAdmin.ts';
import { seedRules } from './rules/seedRules.ts';
import { seedRuleConfig } from './rules/seedRuleConfig.ts';
import { seedDisclosureTexts } from './disclosure/seedTexts.ts';

const MIRROR_READY_WAIT_MS = 2_000;

export const startCommandService = async (
  config: Config,
  options: { port?: number; now?: () => Date; random?: () => number } = {},
) => {
  const redis = createRedis(config.redisUrl);
  const queueConnection = createRedis(config.redisUrl, { forWorker: true });
  // Revocations answered from memory, fed by Redis pub/sub (ADR 0011), as on the query side.
  const revocationFeed = createRedis(config.redisUrl);
  const revocations = revocationMirror({
    redis,
    subscriber: revocationFeed,
    prefix: config.queuePrefix,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
  });
  const pool = createPool(config.databaseUrl, 20);
  // The dev gateway's notifications are queued here (its cashier calls) and sent by the workers.
  const devNotifications =
    config.paymentProvider === 'dev' ? devNotifyQueue(queueConnection, config.queuePrefix) : null;
  const devNotifier = devNotifications
    ? (job: DevNotifyJob) => devNotifications.add(job.kind, job, { jobId: devNotifyJobId(job) })
    : undefined;
  const deps: CommandDeps = {
    config,
    pool,
    eventStore: createEventStore(config.databaseUrl),
    redis,
    tokens: createTokenService(config),
    revocations,
    limiter: redisRateLimiter(redis, config.queuePrefix),
    smsQueue: smsQueue(queueConnection, config.queuePrefix),
    opsQueues: operatedQueues(queueConnection, config.queuePrefix, OPERATED_QUEUES),
    payments: providerFor(config, pool, { devNotifier }),
    devGateway: devNotifier && !config.production ? devGateway(pool, devNotifier) : null,
    now: options.now ?? (() => new Date()),
    random: options.random ?? Math.random,
  };
  await seedAdmin(deps);
  await seedRules(deps);
  await seedRuleConfig(deps);
  await seedDisclosureTexts(deps);
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
  const announcement = announceProcess(redis, config.queuePrefix, {
    process: 'command',
    host: advertisedHost(config.host, config.advertiseHost),
    port,
  });
  await announcement.ready;
  // Redis out of reach at start: answer anyway, asking Redis per request until the mirror is live.
  await Promise.race([revocations.ready, delay(MIRROR_READY_WAIT_MS, undefined, { ref: false })]);
  logger.info({ port }, 'command service listening');
  return {
    port,
    deps,
    /** The app itself, for an edge in this process that hands it requests without HTTP (scripts/combined.ts). */
    app,
    async stop() {
      await announcement.stop();
      await new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      });
      await Promise.allSettled([
        deps.smsQueue.close(),
        devNotifications?.close(),
        deps.opsQueues.close(),
        deps.eventStore.close(),
        deps.pool.end(),
      ]);
      revocations.close();
      revocationFeed.disconnect();
      redis.disconnect();
      queueConnection.disconnect();
    },
  };
};
