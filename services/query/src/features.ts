import type Router from '@koa/router';
import type { RouteDocs } from '@feibao/platform/http/openapi';
import type { Middleware } from 'koa';
import type { QueryAppDeps } from './deps.ts';
import { accountsQueryFeature } from './accounts/feature.ts';
import { orderingQueryFeature } from './ordering/feature.ts';
import { filesQueryFeature } from './files/feature.ts';
import { claimsQueryFeature } from './claims/feature.ts';
import { opsQueryFeature } from './ops/feature.ts';
import { auditQueryFeature } from './audit/feature.ts';
import { invoicesQueryFeature } from './invoices/feature.ts';
import { paymentsQueryFeature } from './payments/feature.ts';
import { observabilityQueryFeature } from './observability/feature.ts';
import { rulesQueryFeature } from './rules/feature.ts';
import { notificationsQueryFeature } from './notifications/feature.ts';
import { documentsQueryFeature } from './documents/feature.ts';
import { verificationQueryFeature } from './verification/feature.ts';
import { endorsementQueryFeature } from './endorsement/feature.ts';
import { disclosureQueryFeature } from './disclosure/feature.ts';

/**
 * What one feature folder registers in the query service: its routers and, for reads that right after a
 * write wait only for the projections filling them, those projections by route (ADR 0011); and the OpenAPI
 * docs of its routes (`<feature>/openapi.ts`, docs/api/openapi.md).
 */
export type QueryFeature = {
  name: string;
  routes: (deps: QueryAppDeps) => Router[];
  readScopes?: readonly [string, readonly string[]][];
  docs?: RouteDocs;
  /**
   * What must come before the route guard on the feature's requests (each picks its paths itself): how a
   * request carries its token, or the envelope every answer of a route has, refusals included.
   */
  beforeGuard?: readonly Middleware[];
};

/** Every feature of the read side; a new feature is a folder with its `feature.ts` and one line here. */
export const queryFeatures: QueryFeature[] = [
  accountsQueryFeature,
  orderingQueryFeature,
  filesQueryFeature,
  claimsQueryFeature,
  opsQueryFeature,
  auditQueryFeature,
  invoicesQueryFeature,
  paymentsQueryFeature,
  observabilityQueryFeature,
  rulesQueryFeature,
  notificationsQueryFeature,
  documentsQueryFeature,
  verificationQueryFeature,
  endorsementQueryFeature,
  disclosureQueryFeature,
];
