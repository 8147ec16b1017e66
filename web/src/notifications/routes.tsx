import { type FeatureRoutes, lazyPage } from '../shared/featureRoutes.ts';

const notifications = () => import('./pages.ts');
const NotificationListPage = lazyPage(() => notifications().then((m) => m.NotificationListPage));
const NotificationPreferencesPage = lazyPage(() => notifications().then((m) => m.NotificationPreferencesPage));

export const notificationsRoutes: FeatureRoutes = {
  pages: 'src/notifications/pages.ts',
  desktop: [
    { path: '/platform/notifications', element: <NotificationListPage variant="desktop" /> },
    { path: '/platform/notificationSettings', element: <NotificationPreferencesPage variant="desktop" /> },
  ],
  touch: [
    { path: '/touch/notifications', element: <NotificationListPage variant="mobile" /> },
    { path: '/touch/notificationSettings', element: <NotificationPreferencesPage variant="mobile" /> },
  ],
};
