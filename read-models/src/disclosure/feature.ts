import type { Projection } from '@feibao/platform/projections/projection';
import { disclosureTextsProjection } from './texts.ts';
import { purchaseRecordsProjection } from './purchaseRecords.ts';

/** The disclosure feature's projections, in the order the projector starts them. */
export const disclosureProjections: Projection[] = [
  disclosureTextsProjection as Projection,
  purchaseRecordsProjection as Projection,
];
