import { areaStaff, publicAccess, type ResourcePolicy } from '../shared/access.ts';

const U = '/api/v1/uav';

/**
 * Payments: the gateways' notifications are public (the provider's signature is their authentication); the
 * dev gateway exists only with PAYMENT_PROVIDER=dev outside production and is addressed by the cashier's
 * unguessable token; the back office's list, refused notifications and refunds are the payments area's.
 */
export const paymentsAccess: ResourcePolicy = {
  resource: 'payments',
  routes: {
    [`POST ${U}/pay/notify/:provider`]: publicAccess,
    [`GET ${U}/dev/pay/trade`]: publicAccess,
    [`POST ${U}/dev/pay/confirm`]: publicAccess,
    [`POST ${U}/dev/pay/fail`]: publicAccess,
    [`POST ${U}/backoffice/payment/page`]: areaStaff('payments'),
    [`POST ${U}/backoffice/payment/refused`]: areaStaff('payments'),
    [`POST ${U}/backoffice/payment/refund`]: areaStaff('payments'),
  },
};
