import { describe, expect, it } from 'vitest';
import { decideSession, evolveSession, sessionMessages, type Session, type SessionEvent } from './session.ts';

const now = new Date('2026-11-21T08:00:00.000Z');
const later = new Date('2026-11-21T09:00:00.000Z');
const sessionId = '00000000-0000-4000-8000-000000000001';
const day = 24 * 3600 * 1000;
const given = (events: SessionEvent[]): Session => events.reduce(evolveSession, { status: 'none' } as Session);
const started: SessionEvent = {
  type: 'SessionStarted',
  data: {
    sessionId,
    subject: '13800000001',
    guest: false,
    refreshTokenHash: 'r1',
    startedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + day).toISOString(),
  },
};

describe('session decider', () => {
  it('starts a session', () => {
    expect(
      decideSession(
        {
          type: 'StartSession',
          data: { sessionId, subject: '13800000001', guest: false, refreshTokenHash: 'r1', ttlMs: day },
          metadata: { now },
        },
        given([]),
      ),
    ).toEqual([started]);
  });

  it('rotates the refresh token when the current one is presented', () => {
    const events = decideSession(
      {
        type: 'RotateRefreshToken',
        data: { presentedHash: 'r1', nextHash: 'r2', ttlMs: day },
        metadata: { now: later },
      },
      given([started]),
    );
    expect(events).toEqual([
      {
        type: 'SessionRefreshed',
        data: {
          sessionId,
          refreshTokenHash: 'r2',
          refreshedAt: later.toISOString(),
          expiresAt: new Date(later.getTime() + day).toISOString(),
        },
      },
    ]);
    expect(given([started, ...events])).toMatchObject({ status: 'active', refreshTokenHash: 'r2' });
  });

  it('revokes the session when a rotated-away token comes back', () => {
    const rotated = decideSession(
      { type: 'RotateRefreshToken', data: { presentedHash: 'r1', nextHash: 'r2', ttlMs: day }, metadata: { now } },
      given([started]),
    );
    const reuse = decideSession(
      {
        type: 'RotateRefreshToken',
        data: { presentedHash: 'r1', nextHash: 'r3', ttlMs: day },
        metadata: { now: later },
      },
      given([started, ...rotated]),
    );
    expect(reuse).toEqual([
      { type: 'SessionRevoked', data: { sessionId, reason: 'refresh-token-reuse', revokedAt: later.toISOString() } },
    ]);
    expect(given([started, ...rotated, ...reuse]).status).toBe('revoked');
  });

  it('refuses a token the session never issued without ending the session', () => {
    const rotated = decideSession(
      { type: 'RotateRefreshToken', data: { presentedHash: 'r1', nextHash: 'r2', ttlMs: day }, metadata: { now } },
      given([started]),
    );
    const forged = {
      type: 'RotateRefreshToken' as const,
      data: { presentedHash: 'forged', nextHash: 'r3', ttlMs: day },
      metadata: { now: later },
    };
    expect(() => decideSession(forged, given([started, ...rotated]))).toThrow(sessionMessages.invalid);
    expect(() => decideSession(forged, given([started]))).toThrow(sessionMessages.invalid);
    expect(given([started, ...rotated])).toMatchObject({
      status: 'active',
      refreshTokenHash: 'r2',
      rotatedHashes: ['r1'],
    });
  });

  it('refuses to refresh an expired, revoked or unknown session', () => {
    const expired = new Date(now.getTime() + 2 * day);
    const rotate = (at: Date) => ({
      type: 'RotateRefreshToken' as const,
      data: { presentedHash: 'r1', nextHash: 'r2', ttlMs: day },
      metadata: { now: at },
    });
    expect(() => decideSession(rotate(expired), given([started]))).toThrow(sessionMessages.invalid);
    expect(() => decideSession(rotate(later), given([]))).toThrow(sessionMessages.invalid);
    const revoked: SessionEvent = {
      type: 'SessionRevoked',
      data: { sessionId, reason: 'logout', revokedAt: now.toISOString() },
    };
    expect(() => decideSession(rotate(later), given([started, revoked]))).toThrow(sessionMessages.invalid);
  });

  it('logs out once; a second logout changes nothing', () => {
    const events = decideSession(
      { type: 'RevokeSession', data: { reason: 'logout' }, metadata: { now } },
      given([started]),
    );
    expect(events).toHaveLength(1);
    expect(
      decideSession(
        { type: 'RevokeSession', data: { reason: 'logout' }, metadata: { now } },
        given([started, ...events]),
      ),
    ).toEqual([]);
  });
});
