import type { NotificationRow } from '@feibao/domain/notifications/api';
import { routesOf, type Variant } from '../shared/site.ts';

/** The site's routes of the notification pages. */
export const notificationRoutes = (variant: Variant) =>
  variant === 'mobile'
    ? { list: '/touch/notifications', preferences: '/touch/notificationSettings' }
    : { list: '/platform/notifications', preferences: '/platform/notificationSettings' };

/**
 * Where a notification leads: an order to its plan (quotes, 投保), a policy to the same page read-only
 * (the order details, where 下载电子保单 is), a claim to its report.
 */
export const notificationHref = (link: NotificationRow['link'], variant: Variant): string => {
  const routes = routesOf(variant);
  const id = encodeURIComponent(link.id);
  switch (link.type) {
    case 'order':
      return `${routes.plan}?id=${id}`;
    case 'policy':
      return `${routes.plan}?id=${id}&show=true`;
    case 'claim':
      return `${routes.report}?id=${id}`;
  }
};

/** 2026-11-27 09:30 in the reader's clock; the list shows today's as the time only. */
export const notificationTime = (iso: string, now = new Date()) => {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  return at.toDateString() === now.toDateString()
    ? time
    : `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${time}`;
};

/** 99+ beyond two digits, as badges do. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));
