import { ResultCode } from '@feibao/domain/shared/codes';
import type { RouteDocs } from '@feibao/platform/http/openapi';
import { accountQueryDocs } from './accounts/openapi.ts';
import { auditQueryDocs } from './audit/openapi.ts';
import { claimQueryDocs } from './claims/openapi.ts';
import { fileQueryDocs } from './files/openapi.ts';
import { invoiceQueryDocs } from './invoices/openapi.ts';
import { opsQueryDocs } from './ops/openapi.ts';
import { orderingQueryDocs } from './ordering/openapi.ts';
import { rulesQueryDocs } from './rules/openapi.ts';

/** The query service's route docs (platform http/openapi.ts), one file per feature. */
export const queryRouteDocs: { routes: RouteDocs; authenticatedCodes: readonly number[] } = {
  routes: {
    ...accountQueryDocs,
    ...orderingQueryDocs,
    ...claimQueryDocs,
    ...fileQueryDocs,
    ...invoiceQueryDocs,
    ...auditQueryDocs,
    ...opsQueryDocs,
    ...rulesQueryDocs,
  },
  // What the caller may not read reads as missing (docs/architecture.md "The path of a query").
  authenticatedCodes: [ResultCode.notFound],
};
