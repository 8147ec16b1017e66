import { areaStaff, customer, publicAccess, type ResourcePolicy } from '../shared/access.ts';

const U = '/api/v1/uav';

/** Ordering: catalogues and the lead form are public; orders are the caller's own (guests save drafts too); the quote desk is staff's. */
export const orderingAccess: ResourcePolicy = {
  resource: 'ordering',
  routes: {
    [`GET ${U}/order/listInsuranceCompany`]: publicAccess,
    [`GET ${U}/order/listInsuranceType`]: publicAccess,
    [`GET ${U}/order/listDroneBrand`]: publicAccess,
    [`GET ${U}/order/listRegion`]: publicAccess,
    [`POST ${U}/order/infocollect`]: publicAccess,
    [`POST ${U}/order/save`]: customer,
    [`POST ${U}/order/inquiryPrice`]: customer,
    [`GET ${U}/order/insure`]: customer,
    [`GET ${U}/order/revoke`]: customer,
    [`GET ${U}/order/deleteInsurancePlan`]: customer,
    [`GET ${U}/order/reset`]: customer,
    [`POST ${U}/order/renew`]: customer,
    [`POST ${U}/order/getAllPrice`]: customer,
    [`POST ${U}/order/page`]: customer,
    [`GET ${U}/order/orderDetails`]: customer,
    [`GET ${U}/order/listInsurancePlan`]: customer,
    [`GET ${U}/order/comparison`]: customer,
    [`GET ${U}/order/getdronedata`]: customer,
    [`GET ${U}/backoffice/quoteProgress`]: areaStaff('quotes'),
    [`GET ${U}/backoffice/quoteDesk`]: areaStaff('quotes'),
    [`GET ${U}/backoffice/quote/why`]: areaStaff('quotes'),
    [`POST ${U}/backoffice/quote`]: areaStaff('quotes'),
    [`POST ${U}/backoffice/quote/resend`]: areaStaff('quotes'),
    [`POST ${U}/backoffice/quote/timeout`]: areaStaff('quotes'),
    [`GET ${U}/order/cancellation/quote`]: customer,
    [`POST ${U}/order/cancellation/apply`]: customer,
    [`GET ${U}/backoffice/cancellation/page`]: areaStaff('quotes'),
    [`POST ${U}/backoffice/cancellation/approve`]: areaStaff('quotes'),
    [`POST ${U}/backoffice/cancellation/decline`]: areaStaff('quotes'),
    [`GET ${U}/order/priceExplanation`]: customer,
    [`POST ${U}/order/requirements`]: customer,
    [`GET ${U}/order/requirementMatch`]: customer,
  },
  actions: 'the domain guards: domain/src/ordering/actions.ts',
};
