import Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import {
  cancellationDecisionSchema,
  cancellationMessages as cm,
  cancellationRequestSchema,
} from '@feibao/domain/ordering/cancellation.events';
import type { CancellationMetadata } from '@feibao/domain/ordering/cancellation';
import { setConsistencyToken } from '@feibao/platform/consistency';
import { caller } from '@feibao/platform/http/auth';
import { ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import type { CommandDeps } from '../deps.ts';
import { cancellationHandling } from './cancellationHandling.ts';

/** 退保's commands: the customer's request, the quote desk's approval and decline (docs/api/cancellation.md). */
export const cancellationRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const handling = cancellationHandling(deps);
  const meta = (ctx: Context): CancellationMetadata => {
    const me = caller(ctx);
    return { now: deps.now(), actor: me.sub, roles: me.roles };
  };

  router.post('/order/cancellation/apply', validate(cancellationRequestSchema), async (ctx) => {
    const body = input<z.output<typeof cancellationRequestSchema>>(ctx);
    const applied = await handling.apply(body, meta(ctx));
    setConsistencyToken(ctx, applied.position);
    ok(ctx, applied.answer, applied.answer.status === 'cancelled' ? cm.cancelled : cm.requested);
  });

  router.post('/backoffice/cancellation/approve', validate(cancellationDecisionSchema), async (ctx) => {
    const body = input<z.output<typeof cancellationDecisionSchema>>(ctx);
    const result = await handling.approve(body, meta(ctx));
    setConsistencyToken(ctx, result.position);
    ok(ctx, { orderId: body.orderId, cancellationId: body.cancellationId }, cm.approved);
  });

  router.post('/backoffice/cancellation/decline', validate(cancellationDecisionSchema), async (ctx) => {
    const body = input<z.output<typeof cancellationDecisionSchema>>(ctx);
    const result = await handling.decline({ ...body, reason: body.reason ?? '' }, meta(ctx));
    setConsistencyToken(ctx, result.position);
    ok(ctx, { orderId: body.orderId, cancellationId: body.cancellationId }, cm.declined);
  });

  return router;
};
