import Router from '@koa/router';
import type { Context } from 'koa';
import { markReadBody, preferenceRows, preferencesBody, type PreferencesBody } from '@feibao/domain/notifications/api';
import { inboxDecider, inboxMessages, inboxStreamId, type InboxCommand } from '@feibao/domain/notifications/inbox';
import { caller } from '@feibao/platform/http/auth';
import { ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { setConsistencyToken } from '@feibao/platform/consistency';
import { handleCommand } from '@feibao/platform/eventStore';
import type { CommandDeps } from '../deps.ts';

/**
 * The caller's own inbox stream (`inbox-<userId>`, the user id from the token): mark read, mark all read,
 * SMS choices. The workers' notifications reactor applies them to the inbox rows; the caller's next read
 * waits for it (the consistency token).
 */
export const notificationRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: '/api/v1/uav/notification' });
  const run = async (ctx: Context, command: (metadata: InboxCommand['metadata']) => InboxCommand) => {
    const me = caller(ctx);
    const result = await handleCommand(
      deps.eventStore,
      inboxStreamId(me.sub),
      inboxDecider,
      command({ now: deps.now(), actor: me.sub }),
    );
    setConsistencyToken(ctx, result.position);
    return result;
  };

  router.post('/read', validate(markReadBody), async (ctx) => {
    const { ids } = input<{ ids: string[] }>(ctx);
    await run(ctx, (metadata) => ({ type: 'MarkNotificationsRead', data: { ids }, metadata }));
    ok(ctx, { ids }, inboxMessages.readDone);
  });

  router.post('/readAll', async (ctx) => {
    await run(ctx, (metadata) => ({ type: 'MarkAllNotificationsRead', data: {}, metadata }));
    ok(ctx, null, inboxMessages.readDone);
  });

  router.post('/preferences', validate(preferencesBody), async (ctx) => {
    const { preferences } = input<PreferencesBody>(ctx);
    const sms = Object.fromEntries(preferences.map((p) => [p.kind, p.sms]));
    const result = await run(ctx, (metadata) => ({ type: 'SetNotificationPreferences', data: { sms }, metadata }));
    ok(ctx, preferenceRows(result.state.sms, caller(ctx).roles), inboxMessages.preferencesSaved);
  });

  return router;
};
