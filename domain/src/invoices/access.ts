import { areaStaff, customer, type ResourcePolicy } from '../shared/access.ts';

const U = '/api/v1/uav';

/** Invoices: a customer's own; every customer's for the invoices area's staff. */
export const invoicesAccess: ResourcePolicy = {
  resource: 'invoices',
  routes: {
    [`POST ${U}/invoice/page`]: customer,
    [`POST ${U}/backoffice/invoice/page`]: areaStaff('invoices'),
  },
};
