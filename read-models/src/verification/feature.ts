import type { Projection } from '@feibao/platform/projections/projection';
import { verificationProjection } from './projection.ts';

/** The verification feature's projections, in the order the projector starts them. */
export const verificationProjections: Projection[] = [verificationProjection as Projection];
