import { z } from 'zod';
import { blank, toNumber } from '../shared/fields.ts';
import { inboxMessages, MAX_READ_IDS } from './inbox.ts';
import { isClaimsStaff } from '../accounts/roles.ts';
import {
  isNotificationKind,
  kindInfo,
  notificationKinds,
  smsWanted,
  type NotificationKind,
  type SmsChoices,
} from './kinds.ts';
import type { NotificationLink } from './mapping.ts';

/** One inbox row on the wire (docs/api/notifications.md). */
export type NotificationRow = {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: NotificationLink;
  createdAt: string;
  readAt: string | null;
};
export type NotificationPage = { total: number; unread: number; list: NotificationRow[] };
export type PreferenceRow = { kind: NotificationKind; label: string; sms: boolean; smsAllowed: boolean };

export const notificationMessages = {
  pageNum: '页码不正确',
  pageSize: '每页条数不正确',
  ids: '消息编号不正确',
  preferences: '通知设置格式不正确',
} as const;

const positiveInt = (message: string, max: number, fallback: number) =>
  z.preprocess(
    (v) => (blank(v) ? fallback : toNumber(v)),
    z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message }),
  );

export const notificationPageQuery = z.object({
  pageNum: positiveInt(notificationMessages.pageNum, 100_000, 1),
  pageSize: positiveInt(notificationMessages.pageSize, 100, 10),
  unreadOnly: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()),
});
export type NotificationPageQuery = z.output<typeof notificationPageQuery>;

export const markReadBody = z.object({
  ids: z
    .array(z.string({ error: notificationMessages.ids }).min(1, { error: notificationMessages.ids }).max(200), {
      error: inboxMessages.idsRequired,
    })
    .min(1, { error: inboxMessages.idsRequired })
    .max(MAX_READ_IDS, { error: inboxMessages.tooManyIds }),
});

export const preferencesBody = z.object({
  preferences: z
    .array(
      z.object({
        kind: z.string().refine(isNotificationKind, { error: inboxMessages.unknownKind }),
        sms: z.boolean({ error: notificationMessages.preferences }),
      }),
      { error: notificationMessages.preferences },
    )
    .max(50, { error: notificationMessages.preferences }),
});
export type PreferencesBody = z.output<typeof preferencesBody>;

/** The preferences page's rows: the customer kinds, and the staff kinds for claims staff. */
export const preferenceRows = (choices: SmsChoices, roles: readonly string[]): PreferenceRow[] =>
  notificationKinds
    .filter((kind) => kindInfo[kind].audience === 'customer' || isClaimsStaff(roles))
    .map((kind) => ({
      kind,
      label: kindInfo[kind].label,
      sms: smsWanted(kind, choices),
      smsAllowed: kindInfo[kind].smsAllowed,
    }));
