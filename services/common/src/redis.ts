import { Redis } from 'ioredis';

/** BullMQ needs maxRetriesPerRequest: null on the connections its workers block on. */
export const createRedis = (url: string, options: { forWorker?: boolean } = {}) =>
  new Redis(url, {
    maxRetriesPerRequest: options.forWorker ? null : 2,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
export type { Redis };
