import { ResultCode } from '@feibao/domain';
import type { RouteDocs } from '@feibao/platform';

/** The query service's route docs (platform http/openapi.ts), one file per feature. */
export const queryRouteDocs: { routes: RouteDocs; authenticatedCodes: readonly number[] } = {
  routes: {},
  // What the caller may not read reads as missing (docs/architecture.md "The path of a query").
  authenticatedCodes: [ResultCode.notFound],
};
