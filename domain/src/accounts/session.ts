import { assertNever, type Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { ResultCode } from '../shared/codes.ts';

/**
 * A login session. The refresh token rotates on every use; presenting a token that was
 * already rotated away means it leaked, so the whole session is revoked. A token this session
 * never issued is only refused: anyone who learnt the session id could otherwise end it.
 */
export type SessionStarted = {
  type: 'SessionStarted';
  data: {
    sessionId: string;
    subject: string;
    guest: boolean;
    refreshTokenHash: string;
    startedAt: string;
    expiresAt: string;
  };
};
export type SessionRefreshed = {
  type: 'SessionRefreshed';
  data: { sessionId: string; refreshTokenHash: string; refreshedAt: string; expiresAt: string };
};
export type SessionRevoked = {
  type: 'SessionRevoked';
  data: { sessionId: string; reason: 'logout' | 'refresh-token-reuse' | 'password-reset'; revokedAt: string };
};
export type SessionEvent = SessionStarted | SessionRefreshed | SessionRevoked;

export type Session =
  | { status: 'none' }
  | {
      status: 'active';
      sessionId: string;
      subject: string;
      guest: boolean;
      refreshTokenHash: string;
      /** The hashes of the tokens rotated away, to tell a replayed token from a forged one. */
      rotatedHashes: readonly string[];
      startedAt: string;
      expiresAt: string;
    }
  | { status: 'revoked'; sessionId: string; subject: string };

export type StartSession = {
  type: 'StartSession';
  data: { sessionId: string; subject: string; guest: boolean; refreshTokenHash: string; ttlMs: number };
  metadata: { now: Date };
};
export type RotateRefreshToken = {
  type: 'RotateRefreshToken';
  data: { presentedHash: string; nextHash: string; ttlMs: number };
  metadata: { now: Date };
};
export type RevokeSession = {
  type: 'RevokeSession';
  data: { reason: SessionRevoked['data']['reason'] };
  metadata: { now: Date };
};
export type SessionCommand = StartSession | RotateRefreshToken | RevokeSession;

export const sessionMessages = {
  invalid: '登录已失效，请重新登录',
} as const;

const sessionInvalid = () => new DomainError(sessionMessages.invalid, ResultCode.unauthorized);

export const evolveSession = (state: Session, event: SessionEvent): Session => {
  switch (event.type) {
    case 'SessionStarted':
      return {
        status: 'active',
        sessionId: event.data.sessionId,
        subject: event.data.subject,
        guest: event.data.guest,
        refreshTokenHash: event.data.refreshTokenHash,
        rotatedHashes: [],
        startedAt: event.data.startedAt,
        expiresAt: event.data.expiresAt,
      };
    case 'SessionRefreshed':
      return state.status === 'active'
        ? {
            ...state,
            refreshTokenHash: event.data.refreshTokenHash,
            rotatedHashes: [...state.rotatedHashes, state.refreshTokenHash],
            expiresAt: event.data.expiresAt,
          }
        : state;
    case 'SessionRevoked':
      return state.status === 'none'
        ? state
        : { status: 'revoked', sessionId: state.sessionId, subject: state.subject };
  }
};

export const decideSession = (command: SessionCommand, state: Session): SessionEvent[] => {
  const now = command.metadata.now;
  switch (command.type) {
    case 'StartSession':
      if (state.status !== 'none') throw new DomainError('会话已存在', ResultCode.conflict);
      return [
        {
          type: 'SessionStarted',
          data: {
            sessionId: command.data.sessionId,
            subject: command.data.subject,
            guest: command.data.guest,
            refreshTokenHash: command.data.refreshTokenHash,
            startedAt: now.toISOString(),
            expiresAt: new Date(now.getTime() + command.data.ttlMs).toISOString(),
          },
        },
      ];
    case 'RotateRefreshToken':
      if (state.status !== 'active') throw sessionInvalid();
      if (new Date(state.expiresAt).getTime() <= now.getTime()) throw sessionInvalid();
      if (state.refreshTokenHash !== command.data.presentedHash) {
        if (!state.rotatedHashes.includes(command.data.presentedHash)) throw sessionInvalid();
        return [
          {
            type: 'SessionRevoked',
            data: { sessionId: state.sessionId, reason: 'refresh-token-reuse', revokedAt: now.toISOString() },
          },
        ];
      }
      return [
        {
          type: 'SessionRefreshed',
          data: {
            sessionId: state.sessionId,
            refreshTokenHash: command.data.nextHash,
            refreshedAt: now.toISOString(),
            expiresAt: new Date(now.getTime() + command.data.ttlMs).toISOString(),
          },
        },
      ];
    case 'RevokeSession':
      // Revoking twice is a no-op so a repeated logout succeeds.
      if (state.status !== 'active') return [];
      return [
        {
          type: 'SessionRevoked',
          data: { sessionId: state.sessionId, reason: command.data.reason, revokedAt: now.toISOString() },
        },
      ];
    default:
      return assertNever(command);
  }
};

export const sessionDecider: Decider<Session, SessionCommand, SessionEvent> = {
  decide: decideSession,
  evolve: evolveSession,
  initialState: () => ({ status: 'none' }),
};

export const sessionStreamId = (sessionId: string) => `session-${sessionId}`;
