import { customer, type ResourcePolicy } from '../shared/access.ts';

const U = '/api/v1/uav';

/** Uploaded files: the caller's own. */
export const filesAccess: ResourcePolicy = {
  resource: 'files',
  routes: {
    [`POST ${U}/file/uploadBatch`]: customer,
    [`GET ${U}/file/:id`]: customer,
  },
};
