import { areaStaff, type ResourcePolicy } from '../shared/access.ts';

const O = '/api/v1/uav/backoffice/ops';

/** The operations console (and its bull-board pages): staff of the ops area. */
export const opsAccess: ResourcePolicy = {
  resource: 'ops',
  routes: {
    [`GET ${O}/projections`]: areaStaff('ops'),
    [`POST ${O}/projections/retry`]: areaStaff('ops'),
    [`POST ${O}/projections/skip`]: areaStaff('ops'),
    [`GET ${O}/queues`]: areaStaff('ops'),
    [`GET ${O}/queues/failed`]: areaStaff('ops'),
    [`POST ${O}/queues/retry`]: areaStaff('ops'),
    [`POST ${O}/queues/remove`]: areaStaff('ops'),
    [`GET ${O}/audit`]: areaStaff('ops'),
    [`GET ${O}/processes`]: areaStaff('ops'),
    [`POST ${O}/boardSession`]: areaStaff('ops'),
    [`GET ${O}/board`]: areaStaff('ops'),
    [`GET ${O}/board/*rest`]: areaStaff('ops'),
  },
};
