/** Notification calls (docs/api/notifications.md): the caller's own inbox, its unread count and SMS choices. */
import useSWR, { mutate } from 'swr';
import type { NotificationPage, NotificationRow, PreferenceRow } from '@feibao/domain/notifications/api';
import { request } from '../api/client.ts';
import { useSession } from '../api/session.ts';

export type { NotificationPage, NotificationRow, PreferenceRow };

export const notificationPaths = {
  page: '/api/v1/uav/notification/page',
  unreadCount: '/api/v1/uav/notification/unreadCount',
  read: '/api/v1/uav/notification/read',
  readAll: '/api/v1/uav/notification/readAll',
  preferences: '/api/v1/uav/notification/preferences',
} as const;

export const NOTIFICATION_PAGE_SIZE = 20;
/** The bell asks again this often (and whenever the window regains focus). */
const UNREAD_POLL_MS = 30_000;

/** Guests have no inbox worth a bell: only registered accounts are told anything. */
const useInboxOwner = () => {
  const session = useSession();
  return session && !session.guest ? (session.user?.mobilePhone ?? 'me') : null;
};

export const useUnreadCount = () => {
  const owner = useInboxOwner();
  return useSWR<{ unread: number }>(
    owner ? [notificationPaths.unreadCount, owner] : null,
    ([path]: [string]) => request<{ unread: number }>(path),
    { refreshInterval: UNREAD_POLL_MS },
  );
};

export const useNotificationPage = (page: number, unreadOnly: boolean) => {
  const owner = useInboxOwner();
  return useSWR<NotificationPage>(
    owner ? [notificationPaths.page, owner, page, unreadOnly] : null,
    ([path, , pageNum, unread]: [string, string, number, boolean]) =>
      request<NotificationPage>(path, { query: { pageNum, pageSize: NOTIFICATION_PAGE_SIZE, unreadOnly: unread } }),
    { keepPreviousData: true, dedupingInterval: 0 },
  );
};

export const usePreferences = () => {
  const owner = useInboxOwner();
  return useSWR<PreferenceRow[]>(owner ? [notificationPaths.preferences, owner] : null, ([path]: [string]) =>
    request<PreferenceRow[]>(path),
  );
};

/** The bell and every list page read again after a mark (the writes' token makes them wait for it). */
const refreshInbox = () =>
  mutate(
    (key) => Array.isArray(key) && (key[0] === notificationPaths.page || key[0] === notificationPaths.unreadCount),
  );

export const markRead = async (ids: string[]) => {
  await request(notificationPaths.read, { method: 'POST', body: { ids } });
  await refreshInbox();
};

export const markAllRead = async () => {
  await request(notificationPaths.readAll, { method: 'POST' });
  await refreshInbox();
};

export const savePreferences = (preferences: { kind: string; sms: boolean }[]) =>
  request<PreferenceRow[]>(notificationPaths.preferences, { method: 'POST', body: { preferences } });
