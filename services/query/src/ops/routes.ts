import Router from '@koa/router';
import { z } from 'zod';
import { pageFields } from '@feibao/domain/shared/fields';
import { opsMessages } from '@feibao/domain/ops/operations';
import { input, validate } from '@feibao/platform/http/validate';
import { LAG_COUNT_CAP, readProjectionRows } from '@feibao/platform/projections/operations';
import { ok } from '@feibao/platform/http/envelope';
import { readQueueRows } from '@feibao/platform/queueHandles';
import { opsActionReader } from '@feibao/read-models/ops/opsActions';
import type { QueryDeps } from '../deps.ts';
import { readFailedJobs } from './failedJobs.ts';
import { OPERATED_QUEUES } from '@feibao/domain/ops/queues';

const page = pageFields(20);
const failedQuery = z.object({
  queue: z.enum(OPERATED_QUEUES as [string, ...string[]], { error: opsMessages.queueNotFound }),
  ...page,
});
const pageQuery = z.object(page);

/**
 * The operations console's reads (admin): projections with their checkpoint, lag and failure;
 * queue counts and failed jobs (BullMQ, read live); the record of operators' actions.
 */
export const opsQueryRoutes = (deps: QueryDeps) => {
  const router = new Router({ prefix: '/api/v1/uav/backoffice/ops' });
  const actions = opsActionReader(deps.pool);

  router.get('/projections', async (ctx) => {
    ok(ctx, { lagCap: LAG_COUNT_CAP, rows: await readProjectionRows(deps.pool) });
  });

  router.get('/queues', async (ctx) => {
    ok(ctx, await readQueueRows(deps.opsQueues));
  });

  router.get('/queues/failed', validate(failedQuery, 'query'), async (ctx) => {
    const q = input<z.output<typeof failedQuery>>(ctx);
    ok(ctx, await readFailedJobs(deps.opsQueues, q.queue, q.currentPage, q.pageSize));
  });

  router.get('/audit', validate(pageQuery, 'query'), async (ctx) => {
    const q = input<z.output<typeof pageQuery>>(ctx);
    ok(ctx, await actions.page(q.currentPage, q.pageSize));
  });

  return router;
};
