import type { Projection } from '@feibao/platform/projections/projection';
import { ruleVersionsProjection } from './ruleVersions.ts';
import { ruleDefinitionsProjection } from './ruleDefinitions.ts';
import { ruleConfigProjection } from './config.ts';
import { ruleTestsProjection } from './ruleTests.ts';

/** The rules feature's projections, in the order the projector starts them. */
export const rulesProjections: Projection[] = [
  ruleVersionsProjection as Projection,
  ruleDefinitionsProjection as Projection,
  ruleConfigProjection as Projection,
  ruleTestsProjection as Projection,
];
