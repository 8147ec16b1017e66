/**
 * The bell in both headers (desktop, mobile, and so the back office too): the unread count, polled, and
 * a way to the list. Light on purpose: the shell loads it on every page, the list comes in its own chunk.
 */
import { Button } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import type { Variant } from '../shared/site.ts';
import { useUnreadCount } from './api.ts';
import { badgeText, notificationRoutes } from './links.ts';

export const NotificationBell = ({ variant }: { variant: Variant }) => {
  const navigate = useNavigate();
  const unread = useUnreadCount();
  const count = unread.data?.unread ?? 0;
  // No session (or a guest): no inbox, no bell.
  if (!unread.data && !unread.isLoading && !unread.error) return null;
  const label = count > 0 ? `消息，${count}条未读` : '消息';
  return (
    <span className={variant === 'mobile' ? 'fb-bell fb-m-bell' : 'fb-bell'}>
      <Button
        variant="minimal"
        icon="notifications"
        aria-label={label}
        title={label}
        data-testid="notification-bell"
        onClick={() => navigate(notificationRoutes(variant).list)}
      />
      {count > 0 && (
        <span className="fb-bell-badge" aria-hidden="true" data-testid="notification-badge">
          {badgeText(count)}
        </span>
      )}
    </span>
  );
};
