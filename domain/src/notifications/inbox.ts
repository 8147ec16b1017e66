import { assertNever, type Decider } from '../shared/decider.ts';
import { invalid } from '../shared/errors.ts';
import { isNotificationKind, kindInfo, type SmsChoices } from './kinds.ts';

/**
 * A user's own side of the inbox, on the stream `inbox-<userId>`: what they marked read and which kinds
 * they want by SMS. Notifications themselves are not events of this stream: the workers make them from
 * the events they report on (workers/src/notifications). Marking read is a user's act and is recorded like
 * every other (docs/architecture.md "Notifications"); the read model applies it to the inbox rows.
 */
export const inboxStreamId = (userId: string) => `inbox-${userId}`;

/** `ids`: these notifications; `upTo`: every one created at or before that instant (已全部已读). */
export type NotificationsRead = {
  type: 'NotificationsRead';
  data: { userId: string; ids: string[] | null; upTo: string | null; at: string };
};
/** `sms`: the user's choices after the change, every kind they ever set. */
export type NotificationPreferencesChanged = {
  type: 'NotificationPreferencesChanged';
  data: { userId: string; sms: SmsChoices; at: string };
};
export type InboxEvent = NotificationsRead | NotificationPreferencesChanged;
export const inboxEventTypes = [
  'NotificationsRead',
  'NotificationPreferencesChanged',
] as const satisfies readonly InboxEvent['type'][];

type Meta = { now: Date; actor: string };
export type InboxCommand =
  | { type: 'MarkNotificationsRead'; data: { ids: string[] }; metadata: Meta }
  | { type: 'MarkAllNotificationsRead'; data: Record<string, never>; metadata: Meta }
  | { type: 'SetNotificationPreferences'; data: { sms: SmsChoices }; metadata: Meta };

export type Inbox = { sms: SmsChoices };

export const inboxMessages = {
  idsRequired: '请选择要标记已读的消息',
  tooManyIds: '一次最多标记100条消息',
  unknownKind: '消息类型不正确',
  smsNotAllowed: '该类消息不支持短信通知',
  readDone: '已标记为已读',
  preferencesSaved: '通知设置已保存',
} as const;

export const MAX_READ_IDS = 100;

export const decideInbox = (command: InboxCommand, state: Inbox): InboxEvent[] => {
  const { actor: userId, now } = command.metadata;
  const at = now.toISOString();
  switch (command.type) {
    case 'MarkNotificationsRead': {
      const ids = [...new Set(command.data.ids)];
      if (ids.length === 0) throw invalid(inboxMessages.idsRequired);
      if (ids.length > MAX_READ_IDS) throw invalid(inboxMessages.tooManyIds);
      return [{ type: 'NotificationsRead', data: { userId, ids, upTo: null, at } }];
    }
    case 'MarkAllNotificationsRead':
      return [{ type: 'NotificationsRead', data: { userId, ids: null, upTo: at, at } }];
    case 'SetNotificationPreferences': {
      const changes = Object.entries(command.data.sms);
      for (const [kind, sms] of changes) {
        if (!isNotificationKind(kind)) throw invalid(inboxMessages.unknownKind);
        if (sms && !kindInfo[kind].smsAllowed) throw invalid(inboxMessages.smsNotAllowed);
      }
      const sms = { ...state.sms, ...command.data.sms };
      const same = changes.every(([kind, value]) => state.sms[kind as keyof SmsChoices] === value);
      return same ? [] : [{ type: 'NotificationPreferencesChanged', data: { userId, sms, at } }];
    }
    default:
      return assertNever(command);
  }
};

export const evolveInbox = (state: Inbox, event: InboxEvent): Inbox => {
  switch (event.type) {
    case 'NotificationsRead':
      return state;
    case 'NotificationPreferencesChanged':
      return { sms: event.data.sms };
    default:
      return assertNever(event);
  }
};

export const inboxDecider: Decider<Inbox, InboxCommand, InboxEvent> = {
  decide: decideInbox,
  evolve: evolveInbox,
  initialState: () => ({ sms: {} }),
};
