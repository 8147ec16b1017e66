import Router from '@koa/router';
import { z } from 'zod';
import { PHONE_PATTERN, ResultCode, Roles, userDecider, userStreamId, type Role, type UserCommand } from '@feibao/domain';
import { authenticate, handleCommand, HttpError, input, ok, requireRole, setConsistencyToken, validate } from '@feibao/platform';
import type { CommandDeps } from '../deps.ts';

const grantBody = z.object({
  mobilePhone: z.string({ error: '请输入手机号' }).trim().regex(PHONE_PATTERN, { error: '手机号格式错误' }),
  roles: z
    .array(z.enum(Roles.filter((r) => r !== 'user') as [Role, ...Role[]], { error: '角色不正确' }), { error: '请选择角色' })
    .min(1, { error: '请选择角色' }),
});

/** Admin: grant staff roles (e.g. `claims` for claim handlers) to a registered account. */
export const roleRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: '/api/v1/uav/user' });
  router.post('/grantRoles', authenticate(deps.tokens, deps.revocations), requireRole('admin'), validate(grantBody), async (ctx) => {
    const body = input<z.output<typeof grantBody>>(ctx);
    const result = await handleCommand(deps.eventStore, userStreamId(body.mobilePhone), userDecider, (state): UserCommand => {
      if (state.status !== 'active') throw new HttpError(ResultCode.notFound, '用户不存在');
      return { type: 'GrantRoles', data: { mobilePhone: body.mobilePhone, roles: body.roles }, metadata: { now: deps.now() } };
    });
    setConsistencyToken(ctx, result.position);
    ok(ctx, { mobilePhone: body.mobilePhone, roles: body.roles }, '授权成功');
  });
  return router;
};
