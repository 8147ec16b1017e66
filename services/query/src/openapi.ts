import type { RouteDocs } from '@feibao/platform';

/** The query service's route docs (platform http/openapi.ts), one file per feature. */
export const queryRouteDocs: RouteDocs = {};
