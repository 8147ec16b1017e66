import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { adminInfoSignInRefused } from '@feibao/domain/accounts/access';
import { canRead, RULE_PLATFORM_ROLES } from '@feibao/domain/accounts/roles';
import { isRulesSuperUser } from '@feibao/domain/rules/menu';
import { maskIdCard } from '@feibao/domain/shared/masking';
import { phoneField } from '@feibao/domain/accounts/validation';
import { ResultCode } from '@feibao/domain/shared/codes';
import { caller } from '@feibao/platform/http/auth';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import type { QueryDeps } from '../deps.ts';
import { userProfileReader } from '@feibao/read-models/accounts/userProfile/reader';

const profileQuery = z.object({ userName: z.string().trim().max(20).optional() });

/** The admin-style info call's two failures, worded as its old client shows them (docs/api/rules-sign-in.md "Compatibility calls"). */
export const adminInfoMessages = {
  verificationFailed: adminInfoSignInRefused,
  noRoles: 'getInfo: roles must be a non-null array!',
} as const;

export const accountQueryRoutes = (deps: QueryDeps) => {
  const router = new Router();
  const profiles = userProfileReader(deps.pool);

  const currentUser = async (ctx: Context) => {
    const me = caller(ctx);
    if (me.guest) return { name: me.name, nickName: me.name, mobilePhone: null, roles: [], guest: true };
    const doc = await profiles.byPhone(me.sub);
    if (!doc) throw new HttpError(ResultCode.unauthorized, '登录已失效，请重新登录');
    return { name: doc.name, nickName: doc.nickName, mobilePhone: doc.mobilePhone, roles: doc.roles, guest: false };
  };

  /**
   * The old client sends its own userName; it is only honoured when it names the caller
   * (or the caller is an admin). Without it the caller's own profile is returned.
   */
  router.get('/api/v1/uav/user/getUserByUserName', validate(profileQuery, 'query'), async (ctx) => {
    const me = caller(ctx);
    const { userName } = input<z.output<typeof profileQuery>>(ctx);
    const target = userName || me.sub;
    if (!canRead(me, target)) throw new HttpError(ResultCode.forbidden, '无权查看他人信息');
    if (me.guest && target === me.sub)
      return ok(ctx, {
        name: me.name,
        nickName: me.name,
        mobilePhone: null,
        roles: [],
        guest: true,
        profileComplete: false,
      });
    const doc = await profiles.byPhone(target);
    if (!doc) throw new HttpError(ResultCode.notFound, '用户不存在');
    // An admin reading someone's profile needs the company and its contacts, not the ID numbers.
    const own = target === me.sub;
    ok(ctx, {
      ...doc,
      ...(own ? {} : { idCard: maskIdCard(doc.idCard), theInsuredIdCard: maskIdCard(doc.theInsuredIdCard) }),
      guest: false,
    });
  });

  /**
   * The admin-style info call: the caller's rule-platform roles, never empty (its client refuses an
   * empty list). RULES_SUPERUSER opens every rule route, which is what `admin` means to that client.
   */
  router.get('/sso-platform/user/info', async (ctx) => {
    const me = caller(ctx);
    const doc = me.guest ? null : await profiles.byPhone(me.sub);
    if (!me.guest && !doc) throw new HttpError(ResultCode.unauthorized, adminInfoMessages.verificationFailed);
    const roles = RULE_PLATFORM_ROLES.filter((role) => doc?.roles.includes(role));
    if (
      doc &&
      roles.length === 0 &&
      isRulesSuperUser({ roles: [], userName: doc.mobilePhone, superUser: deps.config.rulesSuperUser })
    )
      roles.push('admin');
    if (!doc || roles.length === 0) throw new HttpError(ResultCode.forbidden, adminInfoMessages.noRoles);
    ok(ctx, { roles, name: doc.name, username: doc.mobilePhone, avatar: '', introduction: '' });
  });

  router.get('/api/v1/uav/uc/currentUser', async (ctx) => ok(ctx, await currentUser(ctx)));
  router.get('/sso-platform/authorization/user/get', async (ctx) => {
    const user = await currentUser(ctx);
    ok(ctx, { ...user, username: user.mobilePhone });
  });

  return router;
};

const latestSmsQuery = z.object({ phone: phoneField() });

/** Dev SMS inbox: mounted only with SMS_PROVIDER=dev outside production. */
export const devSmsRoutes = (deps: QueryDeps) => {
  const router = new Router();
  router.get('/api/v1/uav/dev/sms/latest', validate(latestSmsQuery, 'query'), async (ctx) => {
    const { phone } = input<z.output<typeof latestSmsQuery>>(ctx);
    const result = await deps.pool.query(
      `SELECT phone, code, text, sent_at FROM feibao_dev_sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1`,
      [phone],
    );
    const row = result.rows[0];
    if (!row) throw new HttpError(ResultCode.notFound, '没有发送给该手机号的短信');
    ok(ctx, { phone: row.phone, code: row.code, text: row.text, sentAt: new Date(row.sent_at).toISOString() });
  });
  return router;
};
