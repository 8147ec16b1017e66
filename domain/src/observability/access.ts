import { internal, type ResourcePolicy } from '../shared/access.ts';

/** Each service's own routes (the edge relays none of them). */
export const serviceAccess: ResourcePolicy = {
  resource: 'service',
  routes: { 'GET /internal/ping': internal },
};
