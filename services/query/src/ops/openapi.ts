import { z } from 'zod';
import type { RouteDocs } from '@feibao/platform/http/openapi';

const projectionRow = z.object({
  name: z.string(),
  version: z.number(),
  position: z.number(),
  lagEvents: z.number(),
  lagCapped: z.boolean(),
  lagMs: z.number().nullable(),
  state: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  heartbeatAt: z.string().nullable(),
  failedEvent: z.object({ position: z.number(), type: z.string(), streamId: z.string() }).nullable(),
});

const queueRow = z.object({
  name: z.string(),
  paused: z.boolean(),
  counts: z.object({
    waiting: z.number(),
    active: z.number(),
    delayed: z.number(),
    failed: z.number(),
    completed: z.number(),
  }),
});

/** domain ops/api.ts `FailedJobRow`. */
const failedJobRow = z.object({
  id: z.string(),
  name: z.string(),
  failedReason: z.string().nullable(),
  attemptsMade: z.number(),
  attempts: z.number(),
  createdAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  dataSummary: z.string(),
});

/** domain ops/api.ts `OpsActionRow`: one operator action, with who and why. */
const opsActionRow = z.object({
  id: z.string(),
  kind: z.enum(['ProjectionRetried', 'ProjectionEventSkipped', 'QueueJobRetried', 'QueueJobRemoved']),
  target: z.string(),
  detail: z.string(),
  by: z.string(),
  reason: z.string(),
  at: z.string(),
});

export const opsQueryDocs: RouteDocs = {
  'GET /api/v1/uav/backoffice/ops/projections': {
    summary: '投影状态',
    data: z.object({ lagCap: z.number(), rows: z.array(projectionRow) }),
  },
  'GET /api/v1/uav/backoffice/ops/queues': { summary: '队列', data: z.array(queueRow) },
  'GET /api/v1/uav/backoffice/ops/queues/failed': {
    summary: '失败的任务',
    data: z.object({ queue: z.string(), total: z.number(), rows: z.array(failedJobRow) }),
  },
  'GET /api/v1/uav/backoffice/ops/audit': {
    summary: '运维操作记录',
    data: z.object({ total: z.number(), rows: z.array(opsActionRow) }),
  },
  'POST /api/v1/uav/backoffice/ops/boardSession': {
    summary: '队列看板会话（设置看板的 Cookie）',
    data: z.object({ url: z.string() }),
  },
  'GET /api/v1/uav/backoffice/ops/board': {
    summary: '队列看板（bull-board）',
    rawSuccess: { contentType: 'text/html', description: 'the board page' },
  },
  'GET /api/v1/uav/backoffice/ops/board/*rest': {
    summary: '队列看板资源',
    rawSuccess: { contentType: 'application/octet-stream', description: 'the board assets and its API' },
  },
};
