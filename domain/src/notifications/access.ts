import { customer, type ResourcePolicy } from '../shared/access.ts';

const N = '/api/v1/uav/notification';

/**
 * Notifications: every signed-in caller, staff too, reads and marks only their own inbox — the routes take
 * the recipient from the token, never from the request, so there is nothing of anyone else to name.
 */
export const notificationsAccess: ResourcePolicy = {
  resource: 'notifications',
  routes: {
    [`GET ${N}/page`]: customer,
    [`GET ${N}/unreadCount`]: customer,
    [`POST ${N}/read`]: customer,
    [`POST ${N}/readAll`]: customer,
    [`GET ${N}/preferences`]: customer,
    [`POST ${N}/preferences`]: customer,
  },
};
