import type { Context } from 'koa';
import { ResultCode } from '@feibao/domain/shared/codes';
import { userDecider } from '@feibao/domain/accounts/user.commands';
import { userStreamId } from '@feibao/domain/accounts/user.events';
import { aggregate } from '@feibao/platform/eventStore';
import { decoyPasswordHash, verifyPassword } from '@feibao/platform/passwords';
import { HttpError } from '@feibao/platform/http/envelope';
import { logger } from '@feibao/platform/logger';
import type { CommandDeps } from '../deps.ts';

export const credentialMessages = {
  badCredentials: '用户名或密码错误',
  loginThrottled: '登录尝试过于频繁，请15分钟后再试',
} as const;

export const LOGIN_WINDOW_SECONDS = 15 * 60;

export const maskPhone = (phone: string) => phone.replace(/^(\d{3})\d{4}(\d+)$/, '$1****$2');

/**
 * The login limit shared by every way of signing in (password, SMS code, the rule platform's
 * variants): failures counted per phone and per client address (×4).
 */
export const createCredentialChecks = (deps: CommandDeps) => {
  // The decoy is hashed now, so the first unknown phone after a start costs no more than the others.
  void decoyPasswordHash();

  /**
   * Counts one attempt before it is checked, so attempts sent all at once cannot all pass the
   * check before the first failure is counted; 42900 once either count is spent. The attempt
   * stays counted if it fails; `passed` takes it back.
   */
  const beginAttempt = async (ctx: Context, mobilePhone: string, method: string) => {
    const phoneKey = `login:phone:${mobilePhone}`;
    const addressKey = `login:ip:${ctx.ip}`;
    const max = deps.config.loginMaxFailures;
    const withinPhone = await deps.limiter.hit(phoneKey, max, LOGIN_WINDOW_SECONDS);
    const withinAddress = await deps.limiter.hit(addressKey, max * 4, LOGIN_WINDOW_SECONDS);
    if (!withinPhone || !withinAddress) {
      await deps.limiter.undo(phoneKey);
      await deps.limiter.undo(addressKey);
      logger.warn(
        { event: 'login', method, phone: maskPhone(mobilePhone), ip: ctx.ip, outcome: 'throttled' },
        'login refused',
      );
      throw new HttpError(ResultCode.tooManyRequests, credentialMessages.loginThrottled);
    }
    return {
      async passed() {
        await deps.limiter.reset(phoneKey);
        await deps.limiter.undo(addressKey);
      },
    };
  };

  /**
   * Same answer for an unknown phone and a wrong password, with the same scrypt cost (the unknown
   * phone is checked against the decoy hash).
   */
  const checkCredentials = async (ctx: Context, mobilePhone: string, password: string) => {
    const attempt = await beginAttempt(ctx, mobilePhone, 'password');
    const user = await aggregate(deps.eventStore, userStreamId(mobilePhone), userDecider);
    const hash = user.status === 'active' ? user.passwordHash : await decoyPasswordHash();
    const matches = await verifyPassword(password, hash);
    if (user.status !== 'active' || !matches) {
      logger.warn(
        { event: 'login', phone: maskPhone(mobilePhone), ip: ctx.ip, outcome: 'bad-credentials' },
        'login refused',
      );
      throw new HttpError(ResultCode.badRequest, credentialMessages.badCredentials);
    }
    await attempt.passed();
    logger.info({ event: 'login', phone: maskPhone(mobilePhone), ip: ctx.ip, outcome: 'ok' }, 'login');
    return user;
  };

  return { beginAttempt, checkCredentials };
};
