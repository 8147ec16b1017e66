import Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import type { OrderMetadata } from '@feibao/domain/ordering/order.commands';
import {
  endorsementApproveBody,
  endorsementDeclineBody,
  endorsementRefBody,
  endorsementRequestBody,
} from '@feibao/domain/ordering/endorsementRequests';
import { endorsementMessages as em } from '@feibao/domain/ordering/endorsement';
import { caller } from '@feibao/platform/http/auth';
import { ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { CommandDeps } from '../deps.ts';
import { endorsementHandling } from './handling.ts';

/** 批改's writes (docs/api/endorsement.md): each parses, hands the command to the handling and replies. */
export const endorsementRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const handling = endorsementHandling(deps);
  // Who may is the decider's (guards.ts endorse, mayWorkQuoteDesk); the route guard is the area gate.
  const meta = (ctx: Context, now = deps.now()): OrderMetadata => {
    const me = caller(ctx);
    return { now, actor: me.sub, roles: me.roles };
  };

  router.post('/order/endorsement/request', validate(endorsementRequestBody), async (ctx) => {
    const { id, ...body } = input<z.output<typeof endorsementRequestBody>>(ctx);
    const { position, endorsement } = await handling.request(id, body, meta(ctx));
    setConsistencyToken(ctx, position);
    ok(
      ctx,
      {
        id,
        endorsementId: endorsement?.endorsementId ?? null,
        endorsementNo: endorsement?.endorsementNo ?? null,
        status: endorsement?.status ?? null,
      },
      endorsement?.status === 'endorsed' ? em.approved : em.requested,
    );
  });

  router.post('/order/endorsement/withdraw', validate(endorsementRefBody), async (ctx) => {
    const { id, endorsementId } = input<z.output<typeof endorsementRefBody>>(ctx);
    const result = await handling.withdraw(id, endorsementId, meta(ctx));
    setConsistencyToken(ctx, result.position);
    ok(ctx, { id, endorsementId }, em.withdrawn);
  });

  router.post('/order/endorsement/pay', validate(endorsementRefBody), async (ctx) => {
    const { id } = input<z.output<typeof endorsementRefBody>>(ctx);
    ok(ctx, { id, payment: await handling.pay(id, meta(ctx)) });
  });

  router.post('/backoffice/endorsement/approve', validate(endorsementApproveBody), async (ctx) => {
    const { orderId, ...body } = input<z.output<typeof endorsementApproveBody>>(ctx);
    const result = await handling.approve(orderId, body, meta(ctx));
    setConsistencyToken(ctx, result.position);
    ok(ctx, { orderId, endorsementId: body.endorsementId, events: result.events.map((e) => e.type) }, em.approved);
  });

  router.post('/backoffice/endorsement/decline', validate(endorsementDeclineBody), async (ctx) => {
    const { orderId, endorsementId, reason } = input<z.output<typeof endorsementDeclineBody>>(ctx);
    const result = await handling.decline(orderId, endorsementId, reason, meta(ctx));
    setConsistencyToken(ctx, result.position);
    ok(ctx, { orderId, endorsementId }, em.declined);
  });

  return router;
};
