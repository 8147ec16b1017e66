import type { Redis } from 'ioredis';

export type RateLimiter = {
  /** Counts one hit; true while the window's count stays within the limit. */
  hit(key: string, limit: number, windowSeconds: number): Promise<boolean>;
  /** Takes back one hit (an attempt refused before it ran, or one that succeeded); nothing once the window is gone. */
  undo(key: string): Promise<void>;
  /** Reads without counting. */
  exceeded(key: string, limit: number): Promise<boolean>;
  reset(key: string): Promise<void>;
  /** Takes a key for windowSeconds; false when it is already taken (one send a minute). */
  claim(key: string, windowSeconds: number): Promise<boolean>;
};

export const redisRateLimiter = (redis: Redis, prefix: string): RateLimiter => ({
  async hit(key, limit, windowSeconds) {
    const k = `${prefix}:rl:${key}`;
    const [[, count]] = (await redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec()) as [
      [null, number],
      unknown,
    ];
    return count <= limit;
  },
  async undo(key) {
    // Only while the key lives: a DECR on an expired key would leave a count without a window.
    await redis.eval(
      "if redis.call('exists', KEYS[1]) == 1 then redis.call('decr', KEYS[1]) end return 0",
      1,
      `${prefix}:rl:${key}`,
    );
  },
  async exceeded(key, limit) {
    const value = await redis.get(`${prefix}:rl:${key}`);
    return Number(value ?? 0) >= limit;
  },
  async reset(key) {
    await redis.del(`${prefix}:rl:${key}`);
  },
  async claim(key, windowSeconds) {
    return (await redis.set(`${prefix}:claim:${key}`, '1', 'EX', windowSeconds, 'NX')) === 'OK';
  },
});
