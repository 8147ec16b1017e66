import type { Projection } from '@feibao/platform/projections/projection';
import { uploadProjection } from './uploads.ts';

/** The files feature's projections, in the order the projector starts them. */
export const filesProjections: Projection[] = [uploadProjection as Projection];
