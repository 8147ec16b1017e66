import { fileURLToPath } from 'node:url';
import type { Projection } from '@feibao/platform/projections/projection';
import { userProfileProjection } from './accounts/userProfile/projection.ts';
import { userRoleHistoryProjection } from './accounts/users/roleHistory.ts';
import { orderProjection } from './ordering/orders/projection.ts';
import { uploadProjection } from './files/uploads.ts';
import { claimProjection } from './claims/claims/projection.ts';
import { claimHistoryProjection } from './claims/history/projection.ts';
import { opsActionsProjection } from './ops/opsActions.ts';
import { auditProjection } from './audit/projection.ts';
import { ruleVersionsProjection } from './rules/ruleVersions.ts';
import { ruleDefinitionsProjection } from './rules/ruleDefinitions.ts';
import { ruleConfigProjection } from './rules/config.ts';
import { ruleTestsProjection } from './rules/ruleTests.ts';
import { invoiceProjection } from './invoices/projection.ts';

/** Every projection of the platform; the projector runs them, rebuilds replay them. */
export const allProjections: Projection[] = [
  userProfileProjection as Projection,
  userRoleHistoryProjection as Projection,
  orderProjection as Projection,
  uploadProjection as Projection,
  claimProjection as Projection,
  claimHistoryProjection as Projection,
  opsActionsProjection as Projection,
  auditProjection as Projection,
  ruleVersionsProjection as Projection,
  ruleDefinitionsProjection as Projection,
  ruleConfigProjection as Projection,
  ruleTestsProjection as Projection,
  invoiceProjection as Projection,
];

/** The projections filling the customers' order and claim reads, for read-your-writes scopes (services/query app.ts). */
export const ORDERS_PROJECTION: string = orderProjection.name;
export const CLAIMS_PROJECTION: string = claimProjection.name;

export const allCollections: string[] = allProjections.flatMap((p) => p.collections.map((c) => c.name));

/** The read models' tables and indexes, applied with the platform's by `migrate` (@feibao/platform). */
export const readModelMigrations: string = fileURLToPath(new URL('./migrations/', import.meta.url));
