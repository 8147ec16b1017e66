import { ResultCode } from '@feibao/domain/shared/codes';
import type { RouteDocs } from '@feibao/platform/http/openapi';
import { accountDocs } from './accounts/openapi.ts';
import { claimCommandDocs } from './claims/openapi.ts';
import { fileCommandDocs } from './files/openapi.ts';
import { opsCommandDocs } from './ops/openapi.ts';
import { orderingCommandDocs } from './ordering/openapi.ts';
import { rulesCommandDocs } from './rules/openapi.ts';

/** The command service's route docs (platform http/openapi.ts), one file per feature. */
export const commandRouteDocs: { routes: RouteDocs; authenticatedCodes: readonly number[] } = {
  routes: {
    ...accountDocs,
    ...orderingCommandDocs,
    ...claimCommandDocs,
    ...fileCommandDocs,
    ...opsCommandDocs,
    ...rulesCommandDocs,
  },
  // A signed-in command is decided on its stream: missing (40400) or not allowed in its state (40900).
  authenticatedCodes: [ResultCode.notFound, ResultCode.conflict],
};
