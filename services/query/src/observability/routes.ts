import Router from '@koa/router';
import type { ProcessesReport } from '@feibao/domain/observability/processes';
import { gatherProcessHealth } from '@feibao/platform/processes';
import { ok } from '@feibao/platform/http/envelope';
import type { QueryDeps } from '../deps.ts';

/**
 * 进程 tab of the operations console (admin): every process's own health, asked live of each
 * announced process (platform processes.ts); a process that announced nothing shows as missing.
 */
export const processRoutes = (deps: Pick<QueryDeps, 'tokens' | 'revocations' | 'redis' | 'config'>) => {
  const router = new Router({ prefix: '/api/v1/uav/backoffice/ops' });
  router.get('/processes', async (ctx) => {
    const processes = await gatherProcessHealth(deps.redis, deps.config.queuePrefix, deps.config.metricsToken);
    const report: ProcessesReport = {
      ok: processes.every((p) => p.ok),
      checkedAt: new Date().toISOString(),
      processes,
    };
    ok(ctx, report);
  });
  return router;
};
