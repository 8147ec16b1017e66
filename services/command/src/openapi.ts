import { ResultCode } from '@feibao/domain';
import type { RouteDocs } from '@feibao/platform';

/** The command service's route docs (platform http/openapi.ts), one file per feature. */
export const commandRouteDocs: { routes: RouteDocs; authenticatedCodes: readonly number[] } = {
  routes: {},
  // A signed-in command is decided on its stream: missing (40400) or not allowed in its state (40900).
  authenticatedCodes: [ResultCode.notFound, ResultCode.conflict],
};
