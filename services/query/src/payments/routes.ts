import Router from '@koa/router';
import type { z } from 'zod';
import { paymentPageQuery, refusedPageQuery } from '@feibao/domain/payments/queries';
import { ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { paymentReader } from '@feibao/read-models/payments/reader';
import type { QueryDeps } from '../deps.ts';

/** The back office's payments (docs/api/payments.md): one row per trade, and the refused notifications. */
export const paymentQueryRoutes = (deps: QueryDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const reader = paymentReader(deps.pool);
  // Paid longer ago than underwriting takes (UNDERWRITE_DAYS insurer days) and still not underwritten: an exception.
  const underwriteMs = deps.config.underwriteDays * deps.config.quoteDaySeconds * 1000;

  router.post('/backoffice/payment/page', validate(paymentPageQuery), async (ctx) => {
    ok(ctx, await reader.page(input<z.output<typeof paymentPageQuery>>(ctx), deps.now(), underwriteMs));
  });

  router.post('/backoffice/payment/refused', validate(refusedPageQuery), async (ctx) => {
    const q = input<z.output<typeof refusedPageQuery>>(ctx);
    ok(ctx, await reader.refused(q.pageNum, q.pageSize));
  });

  return router;
};
