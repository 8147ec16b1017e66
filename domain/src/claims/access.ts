import { areaStaff, customer, staff, type ResourcePolicy } from '../shared/access.ts';

const C = '/api/v1/uav/claim/settlement';

/** Claims: the claimant's calls; the claims desk's steps; admin amendments and the operation log. */
export const claimsAccess: ResourcePolicy = {
  resource: 'claims',
  routes: {
    [`GET ${C}/createClaimSettlement`]: customer,
    [`POST ${C}/save`]: customer,
    [`POST ${C}/submit`]: customer,
    [`GET ${C}/back`]: customer,
    [`GET ${C}/revocation`]: customer,
    [`POST ${C}/revocation`]: customer,
    [`POST ${C}/updatePicBatch`]: customer,
    [`POST ${C}/deletePicBatch`]: customer,
    [`POST ${C}/uploadBatch`]: customer,
    [`GET ${C}/details`]: customer,
    [`POST ${C}/page`]: customer,
    [`GET ${C}/listImageType`]: customer,
    [`POST ${C}/pageImageInfo`]: customer,
    [`GET ${C}/history`]: customer,
    [`GET ${C}/getSettlementUavInfo`]: customer,
    [`GET ${C}/picture/:id`]: customer,
    [`POST ${C}/accept`]: areaStaff('claims'),
    [`POST ${C}/requestEvidence`]: areaStaff('claims'),
    [`POST ${C}/assess`]: areaStaff('claims'),
    [`POST ${C}/close`]: areaStaff('claims'),
    [`POST ${C}/assign`]: areaStaff('claims'),
    [`POST ${C}/reopen`]: areaStaff('claims'),
    [`GET ${C}/staffMembers`]: areaStaff('claims'),
    [`POST ${C}/contrast`]: staff('admin'),
    [`POST ${C}/saveLog`]: staff('admin'),
    [`GET ${C}/listLogById`]: staff('admin'),
    [`GET ${C}/history.csv`]: staff('admin'),
  },
  actions: 'the domain guards: domain/src/claims/actions.ts',
};
