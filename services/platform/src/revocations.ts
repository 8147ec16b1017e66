import type { Redis } from 'ioredis';

/**
 * Access tokens are short-lived JWTs; a logout must still take effect at once, so revoked
 * session ids are kept in Redis for as long as a token of theirs can live. A password reset ends
 * every session of the account at once: tokens of that subject issued before the reset's second
 * are refused for as long as they could live (their refresh is refused by the session itself,
 * command accounts/sessions.ts).
 */
export type SessionRevocations = {
  revoke(sessionId: string): Promise<void>;
  /** Every token of `subject` issued before `at` (tokens.ts `issuedAtMs`) stops working. */
  revokeSubjectBefore(subject: string, at: Date): Promise<void>;
  isRevoked(claims: { sid: string; sub: string; issuedAtMs: number }): Promise<boolean>;
};

export const redisRevocations = (redis: Redis, prefix: string, ttlSeconds: number): SessionRevocations => ({
  async revoke(sessionId) {
    await redis.set(`${prefix}:revoked:${sessionId}`, '1', 'EX', ttlSeconds + 60);
  },
  async revokeSubjectBefore(subject, at) {
    await redis.set(`${prefix}:revokedBefore:${subject}`, String(at.getTime()), 'EX', ttlSeconds + 60);
  },
  async isRevoked({ sid, sub, issuedAtMs }) {
    const [revoked = null, before = null] = await redis.mget(`${prefix}:revoked:${sid}`, `${prefix}:revokedBefore:${sub}`);
    return revoked !== null || (before !== null && issuedAtMs < Number(before));
  },
});
