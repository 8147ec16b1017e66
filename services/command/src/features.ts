import type Router from '@koa/router';
import type { RouteDocs } from '@feibao/platform/http/openapi';
import type { CommandDeps } from './deps.ts';
import { accountsFeature } from './accounts/feature.ts';
import { orderingFeature } from './ordering/feature.ts';
import { filesFeature } from './files/feature.ts';
import { claimsFeature } from './claims/feature.ts';
import { opsFeature } from './ops/feature.ts';
import { rulesFeature } from './rules/feature.ts';
import { notificationsCommandFeature } from './notifications/feature.ts';
import { paymentsFeature } from './payments/feature.ts';
import { documentsFeature } from './documents/feature.ts';
import { endorsementFeature } from './endorsement/feature.ts';
import { disclosureFeature } from './disclosure/feature.ts';

/**
 * What one feature folder registers in the command service: its routers and the OpenAPI docs of their
 * routes (`<feature>/openapi.ts`, docs/api/openapi.md).
 */
export type CommandFeature = { name: string; routes: (deps: CommandDeps) => Router[]; docs?: RouteDocs };

/** Every feature of the write side; a new feature is a folder with its `feature.ts` and one line here. */
export const commandFeatures: CommandFeature[] = [
  accountsFeature,
  orderingFeature,
  filesFeature,
  claimsFeature,
  opsFeature,
  rulesFeature,
  notificationsCommandFeature,
  paymentsFeature,
  documentsFeature,
  endorsementFeature,
  disclosureFeature,
];
