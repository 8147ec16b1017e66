import type { Redis } from 'ioredis';
import { mirrorFeed, scanWithTtl } from './redisMirror.ts';
import {
  redisRevocations,
  revocationKeys,
  revocationTtlSeconds,
  type RevocationNotice,
  type SessionRevocations,
} from './revocations.ts';

export type RevocationMirror = SessionRevocations & {
  /** Resolves once the first subscription and load are done (or failed: the mirror then asks Redis until it is live). */
  ready: Promise<void>;
  /** True while subscribed and loaded since the last (re)connection: only then is memory the answer. */
  readonly live: boolean;
  close(): void;
};

/** How often memory drops revocations whose tokens can no longer be alive. */
const SWEEP_MS = 60_000;

/**
 * Revocations answered from process memory instead of a Redis round trip per request, kept live
 * by redisMirror.ts (the revocations' channel, and a reload of the stored keys on every
 * (re)subscription). While the mirror is not live (starting, Redis unreachable, reloading) every
 * check asks Redis as `redisRevocations` does, so no revocation is missed for want of a message.
 * Revocations made through this object apply at once in this process; another process hears of
 * one a moment after its logout answered (the window is measured in docs/security.md).
 * `subscriber` is a connection of its own (it may serve other mirrors); its owner closes it.
 */
export const revocationMirror = (options: {
  redis: Redis;
  subscriber: Redis;
  prefix: string;
  accessTokenTtlSeconds: number;
  now?: () => number;
}): RevocationMirror => {
  const now = options.now ?? Date.now;
  const keys = revocationKeys(options.prefix);
  const keepMs = revocationTtlSeconds(options.accessTokenTtlSeconds) * 1000;
  const stored = redisRevocations(options.redis, options.prefix, options.accessTokenTtlSeconds);
  const sessions = new Map<string, number>(); // session id → when memory may forget it
  const subjects = new Map<string, { before: number; forgetAt: number }>();

  const apply = (notice: RevocationNotice, forgetAt = now() + keepMs) => {
    if ('sid' in notice) {
      sessions.set(notice.sid, Math.max(forgetAt, sessions.get(notice.sid) ?? 0));
      return;
    }
    const known = subjects.get(notice.sub);
    subjects.set(notice.sub, {
      before: Math.max(notice.before, known?.before ?? 0),
      forgetAt: Math.max(forgetAt, known?.forgetAt ?? 0),
    });
  };
  const sessionPrefix = keys.session('');
  const subjectPrefix = keys.subject('');
  const feed = mirrorFeed({
    subscriber: options.subscriber,
    channel: keys.channel,
    name: 'revocations',
    onMessage: (text) => apply(JSON.parse(text) as RevocationNotice),
    load: () =>
      scanWithTtl(options.redis, keys.pattern, (key, value, ttlMs) => {
        const forgetAt = now() + (ttlMs > 0 ? ttlMs : keepMs);
        if (key.startsWith(subjectPrefix))
          apply({ sub: key.slice(subjectPrefix.length), before: Number(value) }, forgetAt);
        else if (key.startsWith(sessionPrefix)) apply({ sid: key.slice(sessionPrefix.length) }, forgetAt);
      }),
  });

  const sweep = setInterval(() => {
    const at = now();
    for (const [sid, forgetAt] of sessions) if (forgetAt <= at) sessions.delete(sid);
    for (const [sub, entry] of subjects) if (entry.forgetAt <= at) subjects.delete(sub);
  }, SWEEP_MS);
  sweep.unref();

  return {
    ready: feed.ready,
    get live() {
      return feed.live;
    },
    async revoke(sessionId) {
      await stored.revoke(sessionId);
      apply({ sid: sessionId });
    },
    async revokeSubjectBefore(subject, at) {
      await stored.revokeSubjectBefore(subject, at);
      apply({ sub: subject, before: at.getTime() });
    },
    async isRevoked(claims) {
      if (!feed.live) return stored.isRevoked(claims);
      // As the Redis keys expire: a revocation outlives every token it can concern, then goes.
      const at = now();
      if ((sessions.get(claims.sid) ?? 0) > at) return true;
      const subject = subjects.get(claims.sub);
      return subject !== undefined && subject.forgetAt > at && claims.issuedAtMs < subject.before;
    },
    close() {
      clearInterval(sweep);
      feed.close();
    },
  };
};
