import { areaStaff, customer, type ResourcePolicy } from '../shared/access.ts';

const U = '/api/v1/uav';

/**
 * 批改 (docs/api/endorsement.md): the customer's own policy (the order guards decide which, and when); the
 * queue and its approve / decline are the quote desk's.
 */
export const endorsementAccess: ResourcePolicy = {
  resource: 'endorsement',
  routes: {
    [`POST ${U}/order/endorsement/price`]: customer,
    [`GET ${U}/order/endorsement`]: customer,
    [`POST ${U}/order/endorsement/request`]: customer,
    [`POST ${U}/order/endorsement/withdraw`]: customer,
    [`POST ${U}/order/endorsement/pay`]: customer,
    [`GET ${U}/backoffice/endorsements`]: areaStaff('quotes'),
    [`POST ${U}/backoffice/endorsement/approve`]: areaStaff('quotes'),
    [`POST ${U}/backoffice/endorsement/decline`]: areaStaff('quotes'),
  },
  actions: 'the order guard endorse: domain/src/ordering/guards.ts',
};
