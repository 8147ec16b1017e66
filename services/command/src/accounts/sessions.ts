import { randomUUID } from 'node:crypto';
import { ResultCode } from '@feibao/domain/shared/codes';
import { sessionDecider, sessionStreamId } from '@feibao/domain/accounts/session';
import { userDecider, type RecordLogin } from '@feibao/domain/accounts/user.commands';
import { userStreamId, type ActiveUser } from '@feibao/domain/accounts/user.events';
import { aggregate, handleCommand } from '@feibao/platform/eventStore';
import { hashToken, newRefreshToken, sessionIdOfRefreshToken } from '@feibao/platform/tokens';
import { HttpError } from '@feibao/platform/http/envelope';
import type { CommandDeps } from '../deps.ts';

export const GUEST_NAME = '访客';

export type SessionUser = {
  name: string;
  mobilePhone: string | null;
  roles: string[];
  nickName: string;
  guest: boolean;
};

export type IssuedSession = {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  tokenType: 'Bearer';
  user: SessionUser;
  /** Highest global position written, for the read-your-writes header. */
  position: number | null;
};

const userOf = (user: ActiveUser): SessionUser => ({
  name: user.name,
  mobilePhone: user.mobilePhone,
  roles: user.roles,
  nickName: user.name,
  guest: false,
});

const maxPosition = (...positions: (number | null)[]) =>
  positions.reduce<number | null>((max, p) => (p !== null && (max === null || p > max) ? p : max), null);

export const createSessions = (deps: CommandDeps) => {
  const refreshTtlMs = (rememberMe: boolean) =>
    (rememberMe ? deps.config.rememberMeTtlSeconds : deps.config.refreshTokenTtlSeconds) * 1000;

  const signFor = async (sessionId: string, subject: string, user: SessionUser) =>
    deps.tokens.sign(
      { sub: subject, sid: sessionId, roles: user.roles, guest: user.guest, name: user.name },
      deps.now(),
    );

  const start = async (subject: string, user: SessionUser, rememberMe: boolean): Promise<IssuedSession> => {
    const sessionId = randomUUID();
    const refreshToken = newRefreshToken(sessionId);
    const started = await handleCommand(
      deps.eventStore,
      sessionStreamId(sessionId),
      sessionDecider,
      {
        type: 'StartSession',
        data: {
          sessionId,
          subject,
          guest: user.guest,
          refreshTokenHash: hashToken(refreshToken),
          ttlMs: refreshTtlMs(rememberMe),
        },
        metadata: { now: deps.now() },
      },
      { from: 'new' },
    );
    return {
      accessToken: await signFor(sessionId, subject, user),
      refreshToken,
      expiresIn: deps.tokens.accessTokenTtlSeconds,
      tokenType: 'Bearer',
      user,
      position: started.position,
    };
  };

  return {
    /** Logs a registered user in: records the login on the account and opens a session. */
    async startForUser(mobilePhone: string, method: RecordLogin['data']['method'], rememberMe = false) {
      const recorded = await handleCommand(deps.eventStore, userStreamId(mobilePhone), userDecider, {
        type: 'RecordLogin',
        data: { mobilePhone, method },
        metadata: { now: deps.now() },
      });
      if (recorded.state.status !== 'active') throw new HttpError(ResultCode.notFound, '该手机号未注册');
      const session = await start(mobilePhone, userOf(recorded.state), rememberMe);
      return { ...session, position: maxPosition(recorded.position, session.position) };
    },

    async startForGuest() {
      const guestId = randomUUID();
      return start(
        `guest:${guestId}`,
        { name: GUEST_NAME, mobilePhone: null, roles: [], nickName: GUEST_NAME, guest: true },
        false,
      );
    },

    async refresh(refreshToken: string): Promise<IssuedSession> {
      const sessionId = sessionIdOfRefreshToken(refreshToken);
      if (!sessionId) throw new HttpError(ResultCode.unauthorized, '登录已失效，请重新登录');
      const nextToken = newRefreshToken(sessionId);
      const rotated = await handleCommand(deps.eventStore, sessionStreamId(sessionId), sessionDecider, {
        type: 'RotateRefreshToken',
        data: {
          presentedHash: hashToken(refreshToken),
          nextHash: hashToken(nextToken),
          ttlMs: deps.config.refreshTokenTtlSeconds * 1000,
        },
        metadata: { now: deps.now() },
      });
      if (rotated.state.status !== 'active') {
        // A rotated-away token came back: someone else holds it. End the session for both.
        await deps.revocations.revoke(sessionId);
        throw new HttpError(ResultCode.unauthorized, '登录已失效，请重新登录');
      }
      const { subject, guest } = rotated.state;
      let user: SessionUser;
      if (guest) user = { name: GUEST_NAME, mobilePhone: null, roles: [], nickName: GUEST_NAME, guest: true };
      else {
        const account = await aggregate(deps.eventStore, userStreamId(subject), userDecider);
        if (account.status !== 'active') throw new HttpError(ResultCode.unauthorized, '登录已失效，请重新登录');
        if (account.passwordResetAt && account.passwordResetAt > rotated.state.startedAt) {
          // A session from before a password reset ends at its next refresh.
          await handleCommand(deps.eventStore, sessionStreamId(sessionId), sessionDecider, {
            type: 'RevokeSession',
            data: { reason: 'password-reset' },
            metadata: { now: deps.now() },
          });
          await deps.revocations.revoke(sessionId);
          throw new HttpError(ResultCode.unauthorized, '登录已失效，请重新登录');
        }
        user = userOf(account);
      }
      return {
        accessToken: await signFor(sessionId, subject, user),
        refreshToken: nextToken,
        expiresIn: deps.tokens.accessTokenTtlSeconds,
        tokenType: 'Bearer',
        user,
        position: rotated.position,
      };
    },

    async revoke(sessionId: string, reason: 'logout' | 'password-reset' = 'logout') {
      const result = await handleCommand(deps.eventStore, sessionStreamId(sessionId), sessionDecider, {
        type: 'RevokeSession',
        data: { reason },
        metadata: { now: deps.now() },
      });
      await deps.revocations.revoke(sessionId);
      return result.position;
    },
  };
};
export type Sessions = ReturnType<typeof createSessions>;

/** The old client reads the token from data.message with data.code 20000; new code reads the named fields. */
export const sessionAnswer = (session: IssuedSession) => ({
  code: ResultCode.success,
  message: session.accessToken,
  accessToken: session.accessToken,
  refreshToken: session.refreshToken,
  refresh_token: session.refreshToken,
  expiresIn: session.expiresIn,
  tokenType: session.tokenType,
  user: session.user,
});
