import { z } from 'zod';
import type { RouteDocs } from '@feibao/platform/http/openapi';

export const observabilityQueryDocs: RouteDocs = {
  'GET /api/v1/uav/backoffice/ops/processes': {
    summary: '进程健康',
    data: z.object({
      ok: z.boolean(),
      checkedAt: z.string(),
      processes: z.array(z.looseObject({ process: z.string(), reachable: z.boolean(), ok: z.boolean() })),
    }),
  },
};
