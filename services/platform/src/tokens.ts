import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Config } from './config.ts';

export type AccessClaims = {
  /** The account key: the user's mobile phone, or guest:<sessionId> for a guest. */
  sub: string;
  sid: string;
  roles: string[];
  guest: boolean;
  name: string;
};

export type VerifiedClaims = Readonly<AccessClaims & { exp: number; issuedAtMs: number }>;

const ALGORITHMS = ['HS256'];

/** About 1 kB each (token text and claims): a few MB of memory at most per process. */
export const VERIFIED_TOKENS_KEPT = 10_000;

export const createTokenService = (
  config: Pick<Config, 'jwtSecret' | 'jwtIssuer' | 'jwtAudience' | 'accessTokenTtlSeconds'>,
  options: { verifiedTokensKept?: number } = {},
) => {
  const key = new TextEncoder().encode(config.jwtSecret);
  /**
   * A token's signature and claims are checked once per process: an HMAC and the claim checks
   * were a fifth of the query service's CPU per request. Keyed by the whole token text, so a
   * token altered in any byte is a different key and verified afresh; failures are never kept.
   * Revocation is not cached here: `SessionRevocations` answers it on every request.
   */
  const verified = new LRUCache<string, VerifiedClaims>({ max: options.verifiedTokensKept ?? VERIFIED_TOKENS_KEPT });
  const verifySignature = async (token: string): Promise<VerifiedClaims> => {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ALGORITHMS,
      issuer: config.jwtIssuer,
      audience: config.jwtAudience,
      requiredClaims: ['sub', 'exp', 'sid'],
    });
    const roles = Array.isArray(payload.roles) ? payload.roles.map(String) : [];
    // One object serves every request of the token: frozen, so no request can change what the next one sees.
    return Object.freeze({
      sub: String(payload.sub),
      sid: String(payload.sid),
      roles: Object.freeze(roles) as string[],
      guest: payload.guest === true,
      name: typeof payload.name === 'string' ? payload.name : '',
      exp: payload.exp!,
      // Every token we sign has them; one without counts as issued before any password reset.
      issuedAtMs:
        typeof payload.ims === 'number' ? payload.ims : typeof payload.iat === 'number' ? payload.iat * 1000 : 0,
    });
  };
  return {
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    async sign(claims: AccessClaims, now = new Date()): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      // ims: the issue time in milliseconds; iat's whole seconds cannot tell a token issued just
      // before a password reset from one issued just after (revocations.ts).
      return new SignJWT({
        sid: claims.sid,
        roles: claims.roles,
        guest: claims.guest,
        name: claims.name,
        ims: now.getTime(),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(config.jwtIssuer)
        .setAudience(config.jwtAudience)
        .setIssuedAt(iat)
        .setExpirationTime(iat + config.accessTokenTtlSeconds)
        .setJti(randomUUID())
        .sign(key);
    },
    /** Throws on a bad signature, another algorithm, a wrong issuer or audience, or expiry. */
    async verify(token: string): Promise<VerifiedClaims> {
      const known = verified.get(token);
      // jose refuses a token once the clock's whole second reaches `exp`: the same instant here.
      if (known && Date.now() < known.exp * 1000) return known;
      if (known) verified.delete(token);
      const claims = await verifySignature(token);
      verified.set(token, claims);
      return claims;
    },
  };
};
export type TokenService = ReturnType<typeof createTokenService>;

/** Refresh tokens are `<sessionId>.<secret>`; only a hash of the whole token is stored. */
export const newRefreshToken = (sessionId: string) => `${sessionId}.${randomBytes(32).toString('base64url')}`;
export const sessionIdOfRefreshToken = (token: string) => {
  const [sid, secret] = token.split('.');
  return sid && secret && /^[0-9a-f-]{36}$/.test(sid) ? sid : null;
};
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
