import type { Projection } from '@feibao/platform/projections/projection';
import { policyDocumentsProjection } from './projection.ts';

/** The documents feature's projections. */
export const documentsProjections: Projection[] = [policyDocumentsProjection as Projection];
