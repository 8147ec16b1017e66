import { Redis } from 'ioredis';
import { logger } from './logger.ts';

/** BullMQ needs maxRetriesPerRequest: null on the connections its workers block on. */
export const createRedis = (url: string, options: { forWorker?: boolean } = {}) => {
  const redis = new Redis(url, {
    maxRetriesPerRequest: options.forWorker ? null : 2,
    enableOfflineQueue: true,
  });
  // ioredis reconnects by itself; without a listener every failed attempt is an "unhandled" error.
  let lastLogged = 0;
  redis.on('error', (err) => {
    if (Date.now() - lastLogged < 10_000) return;
    lastLogged = Date.now();
    logger.warn({ err }, 'redis connection error');
  });
  return redis;
};
export type { Redis };
