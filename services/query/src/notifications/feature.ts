import type { QueryFeature } from '../features.ts';
import { notificationQueryDocs } from './openapi.ts';
import { notificationQueryRoutes, notificationReadScopes } from './routes.ts';

/** What the notifications feature registers in the query service: the caller's inbox and SMS choices. */
export const notificationsQueryFeature: QueryFeature = {
  name: 'notifications',
  routes: (deps) => [notificationQueryRoutes(deps)],
  readScopes: notificationReadScopes,
  docs: notificationQueryDocs,
};
