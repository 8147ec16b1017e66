import type { Projection } from '@feibao/platform/projections/projection';
import { auditProjection } from './projection.ts';

/** The audit feature's projections, in the order the projector starts them. */
export const auditProjections: Projection[] = [auditProjection as Projection];
