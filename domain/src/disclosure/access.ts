import { areaStaff, customer, publicAccess, type ResourcePolicy } from '../shared/access.ts';

const U = '/api/v1/uav';

/** 信息披露: the disclosure and every text version are public; the buyer's record is the order's; editing is admins'. */
export const disclosureAccess: ResourcePolicy = {
  resource: 'disclosure',
  routes: {
    [`GET ${U}/public/disclosure`]: publicAccess,
    [`GET ${U}/public/disclosure/text`]: publicAccess,
    [`GET ${U}/order/purchaseTerms`]: customer,
    [`POST ${U}/order/purchaseTerms/shown`]: customer,
    [`POST ${U}/order/purchaseTerms/confirm`]: customer,
    [`GET ${U}/backoffice/disclosure/texts`]: areaStaff('disclosure'),
    [`POST ${U}/backoffice/disclosure/publish`]: areaStaff('disclosure'),
    [`GET ${U}/backoffice/audit/purchaseRecord`]: areaStaff('audit'),
    [`GET ${U}/backoffice/audit/purchaseRecord/pdf`]: areaStaff('audit'),
  },
  actions: 'the order guards: domain/src/ordering/guards.ts mayInsureWith',
};
