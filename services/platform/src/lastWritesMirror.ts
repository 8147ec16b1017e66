import type { Redis } from 'ioredis';
import { LAST_WRITE_TTL_MS, lastWriteKeys, redisLastWrites, type LastWrites } from './consistency.ts';
import { mirrorFeed, scanWithTtl } from './redisMirror.ts';

/**
 * Each user's last written position (consistency.ts LastWrites) answered from process memory, so
 * a read by a caller with nothing pending costs no Redis round trip; kept live like the
 * revocations (redisMirror.ts): the command side publishes every raised mark, and the marks are
 * reloaded on every (re)subscription. While not live, `pending` asks Redis. The command side
 * records the mark before its answer leaves, and the message reaches this process in well under a
 * millisecond (docs/security.md measures the same path for revocations), so a client's next read
 * finds it; a read that carries X-Consistency-Token waits for that position in any case.
 */
export const lastWritesMirror = (options: {
  redis: Redis;
  subscriber: Redis;
  prefix: string;
  ttlMs?: number;
  now?: () => number;
}) => {
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? LAST_WRITE_TTL_MS;
  const keys = lastWriteKeys(options.prefix);
  const stored = redisLastWrites(options.redis, options.prefix, ttlMs);
  const marks = new Map<string, { position: number; forgetAt: number }>();
  const raise = (user: string, position: number, forgetAt = now() + ttlMs) => {
    const known = marks.get(user);
    if (!known || position > known.position || known.forgetAt <= now()) marks.set(user, { position, forgetAt });
    else known.forgetAt = Math.max(known.forgetAt, forgetAt);
  };
  const userPrefix = keys.user('');
  const feed = mirrorFeed({
    subscriber: options.subscriber,
    channel: keys.channel,
    name: 'last-writes',
    onMessage: (text) => {
      const [user, position] = JSON.parse(text) as [string, number];
      raise(user, position);
    },
    load: () =>
      scanWithTtl(options.redis, keys.pattern, (key, value, ttl) => {
        const position = Number(value);
        if (Number.isSafeInteger(position) && position > 0)
          raise(key.slice(userPrefix.length), position, now() + (ttl > 0 ? ttl : ttlMs));
      }),
  });
  const sweep = setInterval(() => {
    const at = now();
    for (const [user, mark] of marks) if (mark.forgetAt <= at) marks.delete(user);
  }, ttlMs);
  sweep.unref();

  const lastWrites: LastWrites & { ready: Promise<void>; readonly live: boolean; close(): void } = {
    ready: feed.ready,
    get live() {
      return feed.live;
    },
    async record(user, position) {
      await stored.record(user, position);
      raise(user, position);
    },
    async pending(user) {
      if (!feed.live) return stored.pending(user);
      const mark = marks.get(user);
      return mark && mark.forgetAt > now() ? mark.position : null;
    },
    async settled(user, position) {
      const mark = marks.get(user);
      if (mark?.position === position) marks.delete(user);
      // Once per process and mark: the first read that finds it applied forgets it everywhere.
      if (mark?.position === position || !feed.live) await stored.settled(user, position);
    },
    close() {
      clearInterval(sweep);
      feed.close();
    },
  };
  return lastWrites;
};
export type LastWritesMirror = ReturnType<typeof lastWritesMirror>;
