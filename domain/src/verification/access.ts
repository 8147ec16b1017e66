import { publicAccess, type ResourcePolicy } from '../shared/access.ts';

const U = '/api/v1/uav';

/** Public verification: anyone holding a code or a file, no session (rate-limited per address instead). */
export const verificationAccess: ResourcePolicy = {
  resource: 'verification',
  routes: {
    [`GET ${U}/verify`]: publicAccess,
    [`POST ${U}/verify/file`]: publicAccess,
  },
};
