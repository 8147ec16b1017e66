import type { Projection } from '@feibao/platform/projections/projection';
import { opsActionsProjection } from './opsActions.ts';

/** The ops feature's projections, in the order the projector starts them. */
export const opsProjections: Projection[] = [opsActionsProjection as Projection];
