import { createHmac } from 'node:crypto';
import { errors } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.ts';

const config = {
  jwtSecret: 'unit-secret-0123456789abcdef',
  jwtIssuer: 'feibao',
  jwtAudience: 'feibao-web',
  accessTokenTtlSeconds: 900,
};
const claims = {
  sub: '13900000001',
  sid: '00000000-0000-4000-8000-000000000001',
  roles: ['user'],
  guest: false,
  name: '张三',
};

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
/** Re-signs a header and payload with the service's secret, as only the server could. */
const signed = (payload: Record<string, unknown>) => {
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', config.jwtSecret).update(input).digest('base64url')}`;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('verified token cache', () => {
  it('serves a verified token again without the signature check, until the instant it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T08:00:00.250Z'));
    const tokens = createTokenService(config);
    const token = await tokens.sign(claims);
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ ...claims, exp: Math.floor(Date.now() / 1000) + 900 });
    expect(await tokens.verify(token)).toBe(first);

    vi.setSystemTime(first.exp * 1000 - 1);
    expect(await tokens.verify(token)).toBe(first);
    vi.setSystemTime(first.exp * 1000);
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(errors.JWTExpired);
    // And the same without the entry in the cache: jose draws the line at the same millisecond.
    const fresh = createTokenService(config);
    vi.setSystemTime(first.exp * 1000 - 1);
    await expect(fresh.verify(token)).resolves.toMatchObject({ sub: claims.sub });
    vi.setSystemTime(first.exp * 1000);
    await expect(createTokenService(config).verify(token)).rejects.toBeInstanceOf(errors.JWTExpired);
  });

  it('never answers an altered token from the cache, however close to a cached one', async () => {
    const tokens = createTokenService(config);
    const token = await tokens.sign(claims);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];

    const promoted = `${header}.${b64({ ...payloadOf(token), roles: ['admin'] })}.${signature}`;
    await expect(tokens.verify(promoted)).rejects.toThrow();
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    await expect(tokens.verify(flipped)).rejects.toThrow();
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    await expect(tokens.verify(unsigned)).rejects.toThrow();
    // Failures are not remembered either way: a bad token stays bad, the good one stays good.
    await expect(tokens.verify(promoted)).rejects.toThrow();
    await expect(tokens.verify(token)).resolves.toMatchObject({ roles: ['user'] });
  });

  it('keeps at most the configured number of tokens, dropping the least recently used', async () => {
    const tokens = createTokenService(config, { verifiedTokensKept: 2 });
    const [a, b, c] = await Promise.all([1, 2, 3].map((n) => tokens.sign({ ...claims, sid: `sid-${n}` })));
    const first = await tokens.verify(a!);
    await tokens.verify(b!);
    expect(await tokens.verify(a!)).toBe(first); // a is now the most recently used
    const second = await tokens.verify(b!);
    await tokens.verify(c!); // evicts a, the least recently used of a and b
    expect(await tokens.verify(b!)).toBe(second);
    const again = await tokens.verify(a!);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('hands out claims no request can change for the next one', async () => {
    const tokens = createTokenService(config);
    const token = await tokens.sign(claims);
    const verified = await tokens.verify(token);
    expect(() => {
      (verified as { sub: string }).sub = 'someone else';
    }).toThrow(TypeError);
    expect(() => verified.roles.push('admin')).toThrow(TypeError);
    expect(await tokens.verify(token)).toMatchObject({ sub: claims.sub, roles: ['user'] });
  });

  it('refuses a token signed with the right secret for another audience, cached or not', async () => {
    const tokens = createTokenService(config);
    const token = await tokens.sign(claims);
    await tokens.verify(token);
    await expect(tokens.verify(signed({ ...payloadOf(token), aud: 'someone-else' }))).rejects.toThrow();
  });
});
