/** The notifications feature's pages: one lazily loaded chunk (App.tsx); the bell is in the shell. */
export { NotificationListPage } from './NotificationListPage.tsx';
export { NotificationPreferencesPage } from './NotificationPreferencesPage.tsx';
