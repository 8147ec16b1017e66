import { fileURLToPath } from 'node:url';
import type { Projection } from '@feibao/platform/projections/projection';
import { orderProjection } from './ordering/orders/projection.ts';
import { claimProjection } from './claims/claims/projection.ts';
import { accountsProjections } from './accounts/feature.ts';
import { orderingProjections } from './ordering/feature.ts';
import { filesProjections } from './files/feature.ts';
import { claimsProjections } from './claims/feature.ts';
import { opsProjections } from './ops/feature.ts';
import { auditProjections } from './audit/feature.ts';
import { rulesProjections } from './rules/feature.ts';
import { invoicesProjections } from './invoices/feature.ts';
import { paymentsProjections } from './payments/feature.ts';
import { documentsProjections } from './documents/feature.ts';
import { verificationProjections } from './verification/feature.ts';
import { disclosureProjections } from './disclosure/feature.ts';

/**
 * Every projection of the platform, one line per feature (its `feature.ts`); the projector runs them,
 * rebuilds replay them.
 */
export const allProjections: Projection[] = [
  ...accountsProjections,
  ...orderingProjections,
  ...filesProjections,
  ...claimsProjections,
  ...opsProjections,
  ...auditProjections,
  ...rulesProjections,
  ...invoicesProjections,
  ...paymentsProjections,
  ...documentsProjections,
  ...verificationProjections,
  ...disclosureProjections,
];

/** The projections filling the customers' order and claim reads, for read-your-writes scopes (services/query app.ts). */
export const ORDERS_PROJECTION: string = orderProjection.name;
export const CLAIMS_PROJECTION: string = claimProjection.name;

export const allCollections: string[] = allProjections.flatMap((p) => p.collections.map((c) => c.name));

/** The read models' tables and indexes, applied with the platform's by `migrate` (@feibao/platform). */
export const readModelMigrations: string = fileURLToPath(new URL('./migrations/', import.meta.url));
