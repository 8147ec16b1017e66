import Router from '@koa/router';
import { z } from 'zod';
import { pageFields } from '@feibao/domain/shared/fields';
import { PHONE_PATTERN } from '@feibao/domain/accounts/validation';
import { Roles } from '@feibao/domain/accounts/roles';
import { USER_PAGE_SIZE } from '@feibao/domain/accounts/roleAdmin';
import { input, validate } from '@feibao/platform/http/validate';
import { ok } from '@feibao/platform/http/envelope';
import { roleHistoryReader } from '@feibao/read-models/accounts/users/roleHistory';
import { userListReader } from '@feibao/read-models/accounts/users/reader';
import type { QueryDeps } from '../deps.ts';

const BASE = '/api/v1/uav/backoffice/users';

/** '' and null (an untouched filter) mean no filter. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .nullish()
    .transform((v) => v || undefined);

const listQuery = z.object({
  q: optionalText(50, '搜索内容不能超过50字'),
  role: z
    .union([z.enum(Roles), z.literal('')], { error: '角色不正确' })
    .optional()
    .transform((v) => v || undefined),
  ...pageFields(USER_PAGE_SIZE),
});
const historyQuery = z.object({
  mobilePhone: z.string({ error: '请输入手机号' }).trim().regex(PHONE_PATTERN, { error: '手机号格式错误' }),
});

/**
 * The back office's user administration reads (area `users`: admins). Phones are shown whole:
 * only admins get here, and they need the number to grant a role.
 */
export const userAdminQueryRoutes = (deps: QueryDeps) => {
  const router = new Router();
  const users = userListReader(deps.pool);
  const history = roleHistoryReader(deps.pool);

  router.get(BASE, validate(listQuery, 'query'), async (ctx) => {
    const { q, role, currentPage, pageSize } = input<z.output<typeof listQuery>>(ctx);
    ok(ctx, await users.page({ q, role }, currentPage, pageSize));
  });

  router.get(`${BASE}/roleHistory`, validate(historyQuery, 'query'), async (ctx) => {
    const { mobilePhone } = input<z.output<typeof historyQuery>>(ctx);
    ok(ctx, await history.entries(mobilePhone));
  });

  return router;
};
