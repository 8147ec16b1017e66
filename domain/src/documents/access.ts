import { customer, type ResourcePolicy } from '../shared/access.ts';

const U = '/api/v1/uav';

/**
 * A policy's documents: any session may call; who may read or change which policy's documents is
 * the domain's guards' (documents/guards.ts: the owner, and for reading the staff who look at
 * policies), so someone else's order reads as missing.
 */
export const documentsAccess: ResourcePolicy = {
  resource: 'documents',
  routes: {
    [`GET ${U}/order/policyDocument`]: customer,
    [`GET ${U}/order/endorsementDocument`]: customer,
    [`POST ${U}/order/certificate/add`]: customer,
    [`POST ${U}/order/certificate/withdraw`]: customer,
    [`GET ${U}/order/certificate/list`]: customer,
    [`GET ${U}/order/certificate/download`]: customer,
  },
  actions: 'the domain guards: domain/src/documents/guards.ts',
};
