import { fileURLToPath } from 'node:url';
import type { Projection } from '@feibao/platform';
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

export * from './accounts/userProfile/userProfile.ts';
export * from './accounts/userProfile/reader.ts';
export * from './accounts/users/reader.ts';
export {
  roleHistoryReader,
  USER_ROLE_HISTORY,
  type RoleHistoryDocument,
  type RoleHistoryReader,
} from './accounts/users/roleHistory.ts';
export * from './ordering/orders/orderDocument.ts';
export * from './ordering/orders/reader.ts';
export * from './ordering/orders/planRows.ts';
export * from './ordering/orders/quoteDesk.ts';
export { uploads, type UploadDocument } from './files/uploads.ts';
export * from './claims/claims/claimDocument.ts';
export * from './claims/claims/reader.ts';
export * from './claims/pictures/pictureDocument.ts';
export * from './claims/pictures/reader.ts';
export { CLAIM_HISTORY, type ClaimHistoryDocument } from './claims/history/projection.ts';
export * from './claims/history/reader.ts';
export { opsActionReader, type OpsActionDocument } from './ops/opsActions.ts';
export {
  AUDIT_HISTORY,
  AUDIT_SUBJECTS,
  type AuditHistoryDocument,
  type AuditSubjectDocument,
} from './audit/projection.ts';
export * from './audit/reader.ts';
export {
  ruleVersionReader,
  RULE_VERSIONS,
  type RuleVersionDocument,
  type RuleVersionReader,
  type RuleVersionStep,
} from './rules/ruleVersions.ts';
export { runsOfVersion } from './rules/runsOfVersion.ts';
export {
  ruleDefinitionReader,
  ruleSetReader,
  RULE_DEFINITIONS,
  type RuleDefinitionReader,
} from './rules/ruleDefinitions.ts';
export {
  ruleConfigReader,
  RULE_CONFIG,
  type RuleConfigDocument,
  type RuleConfigFilter,
  type RuleConfigReader,
} from './rules/config.ts';
export {
  ruleTestReader,
  RULE_CASES,
  RULE_TEST_RUNS,
  type RuleCaseDocument,
  type RuleTestReader,
  type RuleTestRunDocument,
  type RuleTestRunSummary,
} from './rules/ruleTests.ts';
export { INVOICE_PARTIES, INVOICES, type InvoiceDocument } from './invoices/projection.ts';
export * from './invoices/reader.ts';

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
