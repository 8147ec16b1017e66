import { z } from 'zod';
import type { RouteDocs } from '@feibao/platform/http/openapi';
import { notificationKinds } from '@feibao/domain/notifications/kinds';

/** domain notifications/api.ts NotificationRow. */
const notificationRow = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  link: z.object({ type: z.enum(['order', 'policy', 'claim']), id: z.string() }),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
const preferenceRow = z.object({
  kind: z.enum(notificationKinds),
  label: z.string(),
  sms: z.boolean(),
  smsAllowed: z.boolean(),
});

export const notificationQueryDocs: RouteDocs = {
  'GET /api/v1/uav/notification/page': {
    summary: '我的消息（站内信），新的在前',
    data: z.object({ total: z.number(), unread: z.number(), list: z.array(notificationRow) }),
  },
  'GET /api/v1/uav/notification/unreadCount': { summary: '未读消息数', data: z.object({ unread: z.number() }) },
  'GET /api/v1/uav/notification/preferences': { summary: '我的短信通知设置', data: z.array(preferenceRow) },
};
