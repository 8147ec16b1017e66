import type { RouteDocs } from '@feibao/platform';

/** The command service's route docs (platform http/openapi.ts), one file per feature. */
export const commandRouteDocs: RouteDocs = {};
