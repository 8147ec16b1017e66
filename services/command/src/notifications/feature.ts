import type { CommandFeature } from '../features.ts';
import { notificationCommandDocs } from './openapi.ts';
import { notificationRoutes } from './routes.ts';

/** What the notifications feature registers in the command service: the caller's inbox stream. */
export const notificationsCommandFeature: CommandFeature = {
  name: 'notifications',
  routes: (deps) => [notificationRoutes(deps)],
  docs: notificationCommandDocs,
};
