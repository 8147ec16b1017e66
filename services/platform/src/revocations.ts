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

/** What a revocation publishes on `revocationChannel` (revocationMirror.ts keeps them in memory). */
export type RevocationNotice = { sid: string } | { sub: string; before: number };

export const revocationKeys = (prefix: string) => ({
  session: (sessionId: string) => `${prefix}:revoked:${sessionId}`,
  subject: (subject: string) => `${prefix}:revokedBefore:${subject}`,
  /** Both kinds, for SCAN: `revoked:*` and `revokedBefore:*`. */
  pattern: `${prefix}:revoked*`,
  channel: `${prefix}:revocations`,
});

/** Kept a minute longer than a token can live, so a token issued just before the revocation is covered. */
export const revocationTtlSeconds = (accessTokenTtlSeconds: number) => accessTokenTtlSeconds + 60;

/**
 * Writes each revocation as a key with a TTL and publishes it in the same MULTI, so a
 * process mirroring them never hears of one that is not stored; `isRevoked` asks Redis
 * (one MGET), the answer of record when no mirror is live.
 */
export const redisRevocations = (redis: Redis, prefix: string, ttlSeconds: number): SessionRevocations => {
  const keys = revocationKeys(prefix);
  const ttl = revocationTtlSeconds(ttlSeconds);
  const store = async (key: string, value: string, notice: RevocationNotice) => {
    const results = await redis.multi().set(key, value, 'EX', ttl).publish(keys.channel, JSON.stringify(notice)).exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error('revocation not stored');
  };
  return {
    async revoke(sessionId) {
      await store(keys.session(sessionId), '1', { sid: sessionId });
    },
    async revokeSubjectBefore(subject, at) {
      await store(keys.subject(subject), String(at.getTime()), { sub: subject, before: at.getTime() });
    },
    async isRevoked({ sid, sub, issuedAtMs }) {
      const [revoked = null, before = null] = await redis.mget(keys.session(sid), keys.subject(sub));
      return revoked !== null || (before !== null && issuedAtMs < Number(before));
    },
  };
};
