import type { Projection } from '@feibao/platform/projections/projection';
import { userProfileProjection } from './userProfile/projection.ts';
import { userRoleHistoryProjection } from './users/roleHistory.ts';

/** The accounts feature's projections, in the order the projector starts them. */
export const accountsProjections: Projection[] = [
  userProfileProjection as Projection,
  userRoleHistoryProjection as Projection,
];
