import { z } from 'zod';
import type { RouteDocs } from '@feibao/platform/http/openapi';

const job = z.object({ queue: z.string(), jobId: z.string() });

export const opsCommandDocs: RouteDocs = {
  'POST /api/v1/uav/backoffice/ops/projections/retry': {
    summary: '重新启动停住的投影',
    data: z.object({ name: z.string() }),
  },
  'POST /api/v1/uav/backoffice/ops/projections/skip': {
    summary: '跳过投影卡住的事件',
    data: z.object({ name: z.string(), position: z.number() }),
  },
  'POST /api/v1/uav/backoffice/ops/queues/retry': { summary: '重试失败的任务', data: job },
  'POST /api/v1/uav/backoffice/ops/queues/remove': { summary: '删除失败的任务', data: job },
};
