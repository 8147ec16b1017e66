import type { Projection } from '@feibao/platform/projections/projection';
import { orderProjection } from './orders/projection.ts';

/** The ordering feature's projections, in the order the projector starts them. */
export const orderingProjections: Projection[] = [orderProjection as Projection];
