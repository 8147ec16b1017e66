import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  captchaTriggerSchema,
  ruleCodeLoginSchema,
  ruleLoginSchema,
  tenantLoginSchema,
} from '@feibao/domain/accounts/validation';
import { mayUseRulesPlatform } from '@feibao/domain/rules/menu';
import { ResultCode } from '@feibao/domain/shared/codes';
import { type ActiveUser, userStreamId } from '@feibao/domain/accounts/user.events';
import { userDecider, userMessages } from '@feibao/domain/accounts/user.commands';
import { aggregate } from '@feibao/platform/eventStore';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { logger } from '@feibao/platform/logger';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { CommandDeps } from '../deps.ts';
import { CAPTCHA_KEY_HEADER, createCaptchas } from './captcha.ts';
import { type createCredentialChecks, maskPhone } from './credentials.ts';
import { type IssuedSession, type Sessions, sessionAnswer } from './sessions.ts';
import type { SmsChallenges } from './smsChallenges.ts';

export const ssoMessages = {
  noRulePlatformRole: '无权访问规则平台',
  unknownTenant: '租户不存在',
  unknownApp: '应用标识无效',
} as const;

type Helpers = {
  sessions: Sessions;
  sms: SmsChallenges;
  credentials: ReturnType<typeof createCredentialChecks>;
};

/** `t` only: a client may bust caches with it; nothing else is read from the image's address. */
const captchaImageQuery = z.strictObject({ t: z.string().max(32).optional() });

/**
 * The rule platform's sign-in calls (docs/api/rules-sign-in.md):
 * password and SMS code, the captcha that failed logins turn on, and the older admin-style and
 * tenant logins, all opening the same sessions and refusing accounts without a rule-platform role.
 */
export const registerSsoRoutes = (router: Router, deps: CommandDeps, { sessions, sms, credentials }: Helpers) => {
  const captchas = createCaptchas(deps);

  /** A role check the rule platform's own gate would pass (platform signInRules): a rule role, or RULES_SUPERUSER. */
  const requireRulePlatform = (user: ActiveUser) => {
    if (!mayUseRulesPlatform({ roles: user.roles, userName: user.mobilePhone, superUser: deps.config.rulesSuperUser }))
      throw new HttpError(ResultCode.forbidden, ssoMessages.noRulePlatformRole);
  };

  /** Runs a check of what the user typed; its refusal (40000: wrong password, wrong code) counts toward the captcha. */
  const counted = async <T>(ctx: Context, username: string, check: () => Promise<T>): Promise<T> => {
    try {
      return await check();
    } catch (error) {
      if (error instanceof HttpError && error.code === ResultCode.badRequest) await captchas.failed(ctx.ip, username);
      throw error;
    }
  };

  const passwordLogin = async (ctx: Context, username: string, password: string) => {
    const user = await counted(ctx, username, () => credentials.checkCredentials(ctx, username, password));
    await captchas.succeeded(ctx.ip, username);
    requireRulePlatform(user);
    return sessions.startForUser(username, 'password');
  };

  const answerTokens = (ctx: Context, session: IssuedSession) => {
    setConsistencyToken(ctx, session.position, session.user.mobilePhone ?? undefined);
    ok(ctx, { ...sessionAnswer(session), success: true }, '登录成功');
  };

  router.get('/sso-platform/captcha/trigger', validate(captchaTriggerSchema, 'query'), async (ctx) => {
    const { username } = input<z.output<typeof captchaTriggerSchema>>(ctx);
    ok(ctx, { required: await captchas.required(ctx.ip, username || undefined) });
  });

  router.get('/sso-platform/captcha/get', validate(captchaImageQuery, 'query'), async (ctx) => {
    const { key, png } = await captchas.issue(ctx.ip);
    ctx.set('Cache-Control', 'no-store');
    ctx.set(CAPTCHA_KEY_HEADER, key);
    ctx.set('Access-Control-Expose-Headers', CAPTCHA_KEY_HEADER);
    ctx.type = 'image/png';
    ctx.body = png;
  });

  router.post('/sso-platform/authencation/oauth2/login/user', validate(ruleLoginSchema), async (ctx) => {
    const form = input<z.output<typeof ruleLoginSchema>>(ctx);
    await captchas.guard(ctx, form, form.username);
    answerTokens(ctx, await passwordLogin(ctx, form.username, form.password));
  });

  router.post('/sso-platform/authencation/oauth2/login/code', validate(ruleCodeLoginSchema), async (ctx) => {
    const form = input<z.output<typeof ruleCodeLoginSchema>>(ctx);
    await captchas.guard(ctx, form, form.mobilePhone);
    const attempt = await credentials.beginAttempt(ctx, form.mobilePhone, 'sms');
    await counted(ctx, form.mobilePhone, () => sms.consume(form.mobilePhone, form.identifyingCode, deps.now()));
    // A right code proves the phone: not a guess, whatever follows.
    await attempt.passed();
    await captchas.succeeded(ctx.ip, form.mobilePhone);
    const user = await aggregate(deps.eventStore, userStreamId(form.mobilePhone), userDecider);
    if (user.status !== 'active') throw new HttpError(ResultCode.notFound, userMessages.notRegistered);
    requireRulePlatform(user);
    logger.info(
      { event: 'login', method: 'sms', phone: maskPhone(form.mobilePhone), ip: ctx.ip, outcome: 'ok' },
      'login',
    );
    answerTokens(ctx, await sessions.startForUser(form.mobilePhone, 'sms'));
  });

  // The older admin-style login: the access token in data.token; its info call is on the query side.
  router.post('/sso-platform/user/login', validate(ruleLoginSchema), async (ctx) => {
    const form = input<z.output<typeof ruleLoginSchema>>(ctx);
    await captchas.guard(ctx, form, form.username);
    const session = await passwordLogin(ctx, form.username, form.password);
    setConsistencyToken(ctx, session.position, form.username);
    ok(
      ctx,
      { token: session.accessToken, refreshToken: session.refreshToken, expiresIn: session.expiresIn },
      '登录成功',
    );
  });

  // The older tenant exchange: always a captcha, then our one tenant and a known client app.
  router.post('/sso-platform/authencation/oauth2/login/tenant', validate(tenantLoginSchema), async (ctx) => {
    const form = input<z.output<typeof tenantLoginSchema>>(ctx);
    await captchas.guard(ctx, form, form.userName, true);
    if (form.tenant !== deps.config.loginTenant) throw new HttpError(ResultCode.badRequest, ssoMessages.unknownTenant);
    const app = deps.config.clientApps.get(form.appKey);
    if (!app) throw new HttpError(ResultCode.badRequest, ssoMessages.unknownApp);
    const session = await passwordLogin(ctx, form.userName, form.password);
    logger.info({ event: 'login', method: 'tenant', app, phone: maskPhone(form.userName), ip: ctx.ip }, 'tenant login');
    answerTokens(ctx, session);
  });
};
