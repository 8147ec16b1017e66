import { z } from 'zod';
import { processNames } from '@feibao/domain/observability/processes';
import type { RouteDocs } from '@feibao/platform/http/openapi';

/** domain observability/processes.ts `ProcessStatus`: a process's own `/healthz` answer, or why none came. */
const processStatus = z.discriminatedUnion('reachable', [
  z.object({
    reachable: z.literal(true),
    process: z.enum(processNames),
    ok: z.boolean(),
    pid: z.number(),
    uptimeSeconds: z.number(),
    startedAt: z.string(),
    checks: z.record(z.string(), z.object({ ok: z.boolean(), detail: z.unknown().optional() })),
  }),
  z.object({ reachable: z.literal(false), process: z.enum(processNames), ok: z.literal(false), error: z.string() }),
]);

export const observabilityQueryDocs: RouteDocs = {
  'GET /api/v1/uav/backoffice/ops/processes': {
    summary: '进程健康',
    data: z.object({
      ok: z.boolean(),
      checkedAt: z.string(),
      processes: z.array(processStatus),
    }),
  },
};
