import { z } from 'zod';
import type { RouteDocs } from '@feibao/platform/http/openapi';
import { notificationKinds } from '@feibao/domain/notifications/kinds';

/** domain notifications/api.ts PreferenceRow. */
const preferenceRowSchema = z.object({
  kind: z.enum(notificationKinds),
  label: z.string(),
  sms: z.boolean(),
  smsAllowed: z.boolean(),
});

export const notificationCommandDocs: RouteDocs = {
  'POST /api/v1/uav/notification/read': {
    summary: '标记消息已读（只影响自己的消息）',
    data: z.object({ ids: z.array(z.string()) }),
  },
  'POST /api/v1/uav/notification/readAll': { summary: '全部标记已读', data: z.null() },
  'POST /api/v1/uav/notification/preferences': {
    summary: '保存短信通知设置（站内信始终开启）',
    data: z.array(preferenceRowSchema),
  },
};
