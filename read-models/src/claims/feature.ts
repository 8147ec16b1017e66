import type { Projection } from '@feibao/platform/projections/projection';
import { claimProjection } from './claims/projection.ts';
import { claimHistoryProjection } from './history/projection.ts';

/** The claims feature's projections, in the order the projector starts them. */
export const claimsProjections: Projection[] = [claimProjection as Projection, claimHistoryProjection as Projection];
