import Router from '@koa/router';
import type { Context } from 'koa';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  loginByPhoneSchema,
  loginSchema,
  refreshSchema,
  registerSchemaFor,
  type enterpriseRegisterSchema,
  type RegisterForm,
  resetPasswordSchema,
  sendSmsSchema,
  updateProfileSchema,
  type ProfileFields,
} from '@feibao/domain/accounts/validation';
import { ResultCode } from '@feibao/domain/shared/codes';
import { userDecider, userMessages } from '@feibao/domain/accounts/user.commands';
import { userStreamId } from '@feibao/domain/accounts/user.events';
import { aggregate, handleCommand } from '@feibao/platform/eventStore';
import { caller } from '@feibao/platform/http/auth';
import { hashPassword } from '@feibao/platform/passwords';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { logger } from '@feibao/platform/logger';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { CommandDeps } from '../deps.ts';
import { createCredentialChecks, credentialMessages, maskPhone } from './credentials.ts';
import { createSessions, sessionAnswer, type IssuedSession } from './sessions.ts';
import { createSmsChallenges } from './smsChallenges.ts';
import { registerSsoRoutes, ssoMessages } from './ssoRoutes.ts';

export const accountMessages = {
  ...credentialMessages,
  smsHourly: '验证码发送次数过多，请稍后再试',
  notOwnProfile: '只能修改本人信息',
  noRulePlatformRole: ssoMessages.noRulePlatformRole,
} as const;

const profileOf = (form: Record<string, unknown>): ProfileFields => {
  const profile = { ...form };
  for (const credential of ['mobilePhone', 'registerType', 'identifyingCode', 'password', 'confirmPassword', 'name'])
    delete profile[credential];
  return profile as ProfileFields;
};

export const accountRoutes = (deps: CommandDeps) => {
  const router = new Router();
  const sessions = createSessions(deps);
  const sms = createSmsChallenges(deps.pool, deps.config.jwtSecret);

  const answerSession = (ctx: Context, session: IssuedSession, message: string) => {
    setConsistencyToken(ctx, session.position, session.user.mobilePhone);
    ok(ctx, sessionAnswer(session), message);
  };

  const credentials = createCredentialChecks(deps);
  const { checkCredentials } = credentials;

  router.post('/api/v1/uav/user/login', validate(loginSchema), async (ctx) => {
    const form = input<z.output<typeof loginSchema>>(ctx);
    await checkCredentials(ctx, form.mobilePhone, form.password);
    answerSession(ctx, await sessions.startForUser(form.mobilePhone, 'password', form.rememberMe), '登录成功');
  });

  router.post('/api/v1/uav/user/loginByPhone', validate(loginByPhoneSchema), async (ctx) => {
    const form = input<z.output<typeof loginByPhoneSchema>>(ctx);
    await sms.consume(form.mobilePhone, form.identifyingCode, deps.now());
    const user = await aggregate(deps.eventStore, userStreamId(form.mobilePhone), userDecider);
    if (user.status !== 'active') throw new HttpError(ResultCode.notFound, userMessages.notRegistered);
    logger.info(
      { event: 'login', method: 'sms', phone: maskPhone(form.mobilePhone), ip: ctx.ip, outcome: 'ok' },
      'login',
    );
    answerSession(ctx, await sessions.startForUser(form.mobilePhone, 'sms'), '登录成功');
  });

  router.get('/api/v1/uav/user/phone', validate(sendSmsSchema, 'query'), async (ctx) => {
    const { phone, purpose } = input<z.output<typeof sendSmsSchema>>(ctx);
    const resend = deps.config.smsResendSeconds;
    if (!(await deps.limiter.claim(`sms:resend:${phone}`, resend)))
      throw new HttpError(ResultCode.tooManyRequests, `验证码发送过于频繁，请${resend}秒后再试`);
    const withinPhone = await deps.limiter.hit(`sms:hour:phone:${phone}`, deps.config.smsHourlyPerPhone, 3600);
    const withinAddress = await deps.limiter.hit(`sms:hour:ip:${ctx.ip}`, deps.config.smsHourlyPerAddress, 3600);
    if (!withinPhone || !withinAddress) throw new HttpError(ResultCode.tooManyRequests, accountMessages.smsHourly);
    const code = await sms.issue(phone, purpose, deps.now());
    await deps.smsQueue.add(
      'send-code',
      { phone, code, purpose, text: `【飞保】您的验证码为${code}，10分钟内有效，请勿泄露给他人。` },
      { jobId: `code-${phone}-${deps.now().getTime()}` },
    );
    ok(ctx, null, '发送验证码成功');
  });

  router.post(
    '/api/v1/uav/user/register',
    (ctx, next) => validate(registerSchemaFor(ctx.request.body))(ctx, next),
    async (ctx) => {
      const form = input<RegisterForm | z.output<typeof enterpriseRegisterSchema>>(ctx);
      const existing = await aggregate(deps.eventStore, userStreamId(form.mobilePhone), userDecider);
      if (existing.status === 'active') throw new HttpError(ResultCode.conflict, userMessages.phoneTaken);
      await sms.consume(form.mobilePhone, form.identifyingCode, deps.now());
      const company = form.registerType === 2;
      const registered = await handleCommand(deps.eventStore, userStreamId(form.mobilePhone), userDecider, {
        type: 'RegisterUser',
        data: {
          mobilePhone: form.mobilePhone,
          name: ('enterpriseName' in form ? form.name || form.enterpriseName : form.name) ?? form.mobilePhone,
          registerType: form.registerType,
          passwordHash: await hashPassword(form.password),
          roles: ['user'],
          profile: company ? profileOf(form as Record<string, unknown>) : null,
        },
        metadata: { now: deps.now() },
      });
      const session = await sessions.startForUser(form.mobilePhone, 'register');
      answerSession(
        ctx,
        { ...session, position: Math.max(session.position ?? 0, registered.position ?? 0) },
        '注册成功',
      );
    },
  );

  router.post('/api/v1/uav/user/reset', validate(resetPasswordSchema), async (ctx) => {
    const form = input<z.output<typeof resetPasswordSchema>>(ctx);
    await sms.consume(form.mobilePhone, form.identifyingCode, deps.now());
    const now = deps.now();
    await handleCommand(deps.eventStore, userStreamId(form.mobilePhone), userDecider, {
      type: 'ResetPassword',
      data: { mobilePhone: form.mobilePhone, passwordHash: await hashPassword(form.password) },
      metadata: { now },
    });
    // Whoever held the old password holds none of the account's sessions any more: their access
    // tokens stop now, their refresh tokens at the next use (sessions.ts). The session opened
    // below, and any later login, is issued after this instant and stays.
    await deps.revocations.revokeSubjectBefore(form.mobilePhone, now);
    await deps.limiter.reset(`login:phone:${form.mobilePhone}`);
    answerSession(ctx, await sessions.startForUser(form.mobilePhone, 'reset'), '密码重置成功');
  });

  router.post('/api/v1/uav/user/update', validate(updateProfileSchema), async (ctx) => {
    const form = input<z.output<typeof updateProfileSchema>>(ctx);
    const me = caller(ctx).sub;
    if (form.mobilePhone && form.mobilePhone !== me)
      throw new HttpError(ResultCode.forbidden, accountMessages.notOwnProfile);
    const result = await handleCommand(deps.eventStore, userStreamId(me), userDecider, {
      type: 'UpdateProfile',
      data: { mobilePhone: me, name: form.name, profile: profileOf(form) },
      metadata: { now: deps.now() },
    });
    setConsistencyToken(ctx, result.position);
    ok(ctx, null, '修改成功');
  });

  router.post('/api/v1/uav/user/guest', async (ctx) => {
    answerSession(ctx, await sessions.startForGuest(), '访客登录成功');
  });

  router.post('/api/v1/uav/user/refresh', validate(refreshSchema), async (ctx) => {
    const { refreshToken } = input<z.output<typeof refreshSchema>>(ctx);
    answerSession(ctx, await sessions.refresh(refreshToken), '刷新成功');
  });

  router.post('/api/v1/uav/user/logout', async (ctx) => {
    setConsistencyToken(ctx, await sessions.revoke(caller(ctx).sid));
    ok(ctx, null, '退出成功');
  });

  // One-time authorisation codes for the /authorize page: a signed-in app hands a code to
  // another window or a partner page, which trades it for its own session (uc/getToken).
  router.post('/api/v1/uav/uc/authorize', async (ctx) => {
    const code = randomBytes(24).toString('base64url');
    await deps.redis.set(`${deps.config.queuePrefix}:uc:code:${code}`, caller(ctx).sub, 'EX', 60);
    ok(ctx, { code, expiresIn: 60 });
  });

  const getTokenQuery = z.object({
    code: z.string({ error: '缺少 code 参数' }).min(1, { error: '缺少 code 参数' }).max(200),
  });
  router.get('/api/v1/uav/uc/getToken', validate(getTokenQuery, 'query'), async (ctx) => {
    const { code } = input<z.output<typeof getTokenQuery>>(ctx);
    const subject = await deps.redis.getdel(`${deps.config.queuePrefix}:uc:code:${code}`);
    if (!subject) throw new HttpError(ResultCode.unauthorized, '授权码无效或已过期');
    answerSession(ctx, await sessions.startForUser(subject, 'code'), '登录成功');
  });

  registerSsoRoutes(router, deps, { sessions, sms, credentials });

  return router;
};
