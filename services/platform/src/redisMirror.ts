import type { Redis } from 'ioredis';
import { logger } from './logger.ts';

export type MirrorFeed = {
  /** True while subscribed and loaded since the last (re)connection: only then may memory answer. */
  readonly live: boolean;
  /** Resolves once the first subscription and load are done (or failed: the owner then asks Redis). */
  ready: Promise<void>;
  /** Stops listening; the subscriber connection stays its owner's to close. */
  close(): void;
};

/**
 * Keeps a process-memory copy of some Redis keys live: messages on `channel` update it, and since
 * pub/sub loses what is published while a connection is down, `load` reads the keys afresh each
 * time the subscription is (re)made: subscribed first, then loaded, so a change made in between
 * arrives by message or is in the load. Several mirrors may share one subscriber connection
 * (a subscribed connection can send nothing else). Used by revocationMirror.ts and lastWritesMirror.ts.
 */
export const mirrorFeed = (options: {
  subscriber: Redis;
  channel: string;
  name: string;
  onMessage: (text: string) => void;
  load: () => Promise<void>;
}): MirrorFeed => {
  const { subscriber, channel } = options;
  let live = false;
  let closed = false;
  // Bumped whenever the subscription drops: a load begun before a drop must not declare the mirror live.
  let connection = 0;
  let firstSyncDone: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    firstSyncDone = resolve;
  });

  const resync = async () => {
    const attempt = connection;
    try {
      await subscriber.subscribe(channel);
      await options.load();
      if (attempt === connection && !closed) live = true;
    } catch (err) {
      logger.warn({ err, mirror: options.name }, 'not mirrored; asking Redis per request until the next reconnection');
    } finally {
      firstSyncDone();
    }
  };
  const dropped = () => {
    live = false;
    connection += 1;
  };
  const onMessage = (from: string, text: string) => {
    if (from !== channel || closed) return;
    try {
      options.onMessage(text);
    } catch (err) {
      // An unreadable message: what it announced is in Redis, so a reload picks it up.
      logger.warn({ err, mirror: options.name }, 'unreadable mirror message; reloading');
      dropped();
      void resync();
    }
  };
  const onReady = () => void resync();
  subscriber.on('message', onMessage);
  subscriber.on('close', dropped);
  subscriber.on('ready', onReady);
  // A connection already up emitted its 'ready' before anyone listened.
  if (subscriber.status === 'ready') void resync();

  return {
    get live() {
      return live;
    },
    ready,
    close() {
      closed = true;
      live = false;
      subscriber.off('message', onMessage);
      subscriber.off('close', dropped);
      subscriber.off('ready', onReady);
    },
  };
};

/** Every key matching `pattern` with its value and remaining lifetime (ms; -1 without one), by SCAN. */
export const scanWithTtl = async (
  redis: Redis,
  pattern: string,
  each: (key: string, value: string, ttlMs: number) => void,
) => {
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    if (found.length === 0) continue;
    const pipeline = redis.pipeline();
    for (const key of found) pipeline.get(key).pttl(key);
    const answers = (await pipeline.exec()) ?? [];
    found.forEach((key, i) => {
      const value = answers[2 * i]?.[1] as string | null | undefined;
      // Expired between SCAN and GET: nothing to keep.
      if (value !== null && value !== undefined) each(key, value, answers[2 * i + 1]?.[1] as number);
    });
  } while (cursor !== '0');
};
