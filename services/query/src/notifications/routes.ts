import Router from '@koa/router';
import { notificationPageQuery, preferenceRows, type NotificationPageQuery } from '@feibao/domain/notifications/api';
import { caller } from '@feibao/platform/http/auth';
import { ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { notificationReader } from '@feibao/read-models/notifications/reader';
import type { QueryDeps } from '../deps.ts';

const PREFIX = '/api/v1/uav/notification';
const NOTIFICATIONS_PROJECTION = 'notifications';

/** After marking read or changing SMS choices, these reads wait only for the projection applying them. */
export const notificationReadScopes: [string, readonly string[]][] = [
  [`${PREFIX}/page`, [NOTIFICATIONS_PROJECTION]],
  [`${PREFIX}/unreadCount`, [NOTIFICATIONS_PROJECTION]],
  [`${PREFIX}/preferences`, [NOTIFICATIONS_PROJECTION]],
];

/** The caller's own inbox (docs/api/notifications.md): the recipient is the token's user, never the request's. */
export const notificationQueryRoutes = (deps: QueryDeps) => {
  const router = new Router({ prefix: PREFIX });
  const reader = notificationReader(deps.pool);

  router.get('/page', validate(notificationPageQuery, 'query'), async (ctx) => {
    const { pageNum, pageSize, unreadOnly } = input<NotificationPageQuery>(ctx);
    ok(ctx, await reader.page(caller(ctx).sub, pageNum, pageSize, unreadOnly));
  });

  router.get('/unreadCount', async (ctx) => {
    ok(ctx, { unread: await reader.unreadCount(caller(ctx).sub) });
  });

  router.get('/preferences', async (ctx) => {
    const me = caller(ctx);
    ok(ctx, preferenceRows(await reader.smsChoices(me.sub), me.roles));
  });

  return router;
};
