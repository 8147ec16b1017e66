import type { Redis } from 'ioredis';

/**
 * Access tokens are short-lived JWTs; a logout must still take effect at once, so revoked
 * session ids are kept in Redis for as long as a token of theirs can live.
 */
export type SessionRevocations = {
  revoke(sessionId: string): Promise<void>;
  isRevoked(sessionId: string): Promise<boolean>;
};

export const redisRevocations = (redis: Redis, prefix: string, ttlSeconds: number): SessionRevocations => ({
  async revoke(sessionId) {
    await redis.set(`${prefix}:revoked:${sessionId}`, '1', 'EX', ttlSeconds + 60);
  },
  async isRevoked(sessionId) {
    return (await redis.exists(`${prefix}:revoked:${sessionId}`)) === 1;
  },
});
