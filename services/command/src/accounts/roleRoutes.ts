import Router from '@koa/router';
import { z } from 'zod';
import { EDITABLE_ROLES, LEGACY_GRANT_REASON, type EditableRole } from '@feibao/domain/accounts/roleAdmin';
import { PHONE_PATTERN } from '@feibao/domain/accounts/validation';
import { userMessages } from '@feibao/domain/accounts/user.commands';
import { caller } from '@feibao/platform/http/auth';
import { input, validate } from '@feibao/platform/http/validate';
import { ok } from '@feibao/platform/http/envelope';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { CommandDeps } from '../deps.ts';
import { grantRoles, revokeRoles } from './roleChanges.ts';

export const roleRouteMessages = { granted: '授权成功', revoked: '已撤销授权' } as const;

const mobilePhone = z.string({ error: '请输入手机号' }).trim().regex(PHONE_PATTERN, { error: '手机号格式错误' });
const roles = z
  .array(z.enum(EDITABLE_ROLES as unknown as [EditableRole, ...EditableRole[]], { error: '角色不正确' }), {
    error: '请选择角色',
  })
  .min(1, { error: '请选择角色' })
  .max(EDITABLE_ROLES.length, { error: '角色不正确' });
const reason = z
  .string({ error: userMessages.reasonRequired })
  .trim()
  .min(1, { error: userMessages.reasonRequired })
  .max(200, { error: '原因不能超过200字' });

const legacyGrantBody = z.object({ mobilePhone, roles, reason: reason.optional() });
const changeBody = z.object({ mobilePhone, roles, reason });
type ChangeBody = z.output<typeof changeBody>;

/**
 * Role administration. The back office's editor (area `users`) grants and revokes with a reason;
 * the older POST /api/v1/uav/user/grantRoles stays for existing callers, its reason optional.
 * A user's sessions carry the new roles from their next access token (sign-in or refresh).
 */
export const roleRoutes = (deps: CommandDeps) => {
  const legacy = new Router({ prefix: '/api/v1/uav/user' });
  legacy.post('/grantRoles', validate(legacyGrantBody), async (ctx) => {
    const body = input<z.output<typeof legacyGrantBody>>(ctx);
    const result = await grantRoles(deps, { ...body, by: caller(ctx).sub, reason: body.reason ?? LEGACY_GRANT_REASON });
    setConsistencyToken(ctx, result.position);
    ok(ctx, { mobilePhone: body.mobilePhone, roles: body.roles }, roleRouteMessages.granted);
  });

  const backoffice = new Router({ prefix: '/api/v1/uav/backoffice/users' });
  backoffice.post('/grantRoles', validate(changeBody), async (ctx) => {
    const body = input<ChangeBody>(ctx);
    const result = await grantRoles(deps, { ...body, by: caller(ctx).sub });
    setConsistencyToken(ctx, result.position);
    ok(ctx, { mobilePhone: body.mobilePhone, roles: result.roles }, roleRouteMessages.granted);
  });
  backoffice.post('/revokeRoles', validate(changeBody), async (ctx) => {
    const body = input<ChangeBody>(ctx);
    const result = await revokeRoles(deps, { ...body, by: caller(ctx).sub });
    setConsistencyToken(ctx, result.position);
    ok(ctx, { mobilePhone: body.mobilePhone, roles: result.roles }, roleRouteMessages.revoked);
  });

  return [legacy, backoffice];
};
