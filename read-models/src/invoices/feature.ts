import type { Projection } from '@feibao/platform/projections/projection';
import { invoiceProjection } from './projection.ts';

/** The invoices feature's projections, in the order the projector starts them. */
export const invoicesProjections: Projection[] = [invoiceProjection as Projection];
