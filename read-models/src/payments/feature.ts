import type { Projection } from '@feibao/platform/projections/projection';
import { paymentTradesProjection } from './projection.ts';

/** The payments feature's projections (the back office's payments list). */
export const paymentsProjections: Projection[] = [paymentTradesProjection as Projection];
