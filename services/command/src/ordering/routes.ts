import Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import { deleteLineQuery, insureQuery, resetQuery, revokeQuery } from '@feibao/domain/ordering/queries';
import { leadSchema } from '@feibao/domain/accounts/validation';
import type { OrderCommand, OrderMetadata } from '@feibao/domain/ordering/order.commands';
import { orderMessages } from '@feibao/domain/ordering/messages';
import type { Order } from '@feibao/domain/ordering/order.events';
import { planLineKey } from '@feibao/domain/ordering/plan';
import { ResultCode } from '@feibao/domain/shared/codes';
import type { HandleOptions } from '@feibao/platform/eventStore';
import { caller } from '@feibao/platform/http/auth';
import { ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { CommandDeps } from '../deps.ts';
import { orderHandling } from './handling.ts';
import { addQuoteDeskRoutes } from './quoteDeskRoutes.ts';
import { addRenewalRoutes } from './renewalRoutes.ts';
import { paymentHandling } from '../payments/handling.ts';

/** The ordering slice's commands: each route parses, builds the command, hands it to the handling and replies. */
export const orderRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });

  const handling = orderHandling(deps);
  const payments = paymentHandling(deps);

  const run = async (
    ctx: Context,
    orderId: string,
    command: OrderCommand | ((state: Order) => OrderCommand),
    options?: HandleOptions<Order>,
  ) => {
    const result = await handling.handle(orderId, command, options);
    setConsistencyToken(ctx, result.position);
    return result;
  };
  /** The caller as the decider judges them: who, with which roles (guards.ts decides who may). */
  const meta = (ctx: Context, now = deps.now()): OrderMetadata => {
    const me = caller(ctx);
    return { now, actor: me.sub, roles: me.roles };
  };

  router.post('/order/save', async (ctx) => {
    const saved = await handling.saveDraft(ctx.request.body, meta(ctx));
    setConsistencyToken(ctx, saved.position);
    ok(ctx, { id: saved.orderId, orderNo: saved.orderNo }, orderMessages.saved);
  });

  router.post('/order/inquiryPrice', async (ctx) => {
    const inquired = await handling.requestInquiry(ctx.request.body, { meta: meta(ctx), guest: caller(ctx).guest });
    setConsistencyToken(ctx, inquired.position);
    ok(ctx, { id: inquired.orderId }, orderMessages.inquired);
  });

  router.get('/order/insure', validate(insureQuery, 'query'), async (ctx) => {
    const q = input<z.output<typeof insureQuery>>(ctx);
    // The purchase opens the provider's trade; the insurer underwrites once it is paid (docs/api/payments.md).
    const bought = await payments.insure(q.id, q.insuranceCompanyId, meta(ctx));
    setConsistencyToken(ctx, bought.position);
    ok(ctx, { id: q.id, payment: bought.payment }, bought.payment ? orderMessages.insuredPay : orderMessages.insured);
  });

  router.get('/order/revoke', validate(revokeQuery, 'query'), async (ctx) => {
    const q = input<z.output<typeof revokeQuery>>(ctx);
    await run(ctx, q.id, {
      type: 'RevokeInquiry',
      data: { revokeReason: q.revokeReason, revokeReasonTxt: q.revokeReasonTxt || null },
      metadata: meta(ctx),
    });
    ok(ctx, { id: q.id }, orderMessages.revoked);
  });

  router.get('/order/deleteInsurancePlan', validate(deleteLineQuery, 'query'), async (ctx) => {
    const q = input<z.output<typeof deleteLineQuery>>(ctx);
    await run(ctx, q.orderInfoId, {
      type: 'DeletePlanLine',
      data: { key: planLineKey(q.insuranceTypeInfoId, q.uavInfoId) },
      metadata: meta(ctx),
    });
    ok(ctx, { id: q.orderInfoId }, orderMessages.lineDeleted);
  });

  router.get('/order/reset', validate(resetQuery, 'query'), async (ctx) => {
    const q = input<z.output<typeof resetQuery>>(ctx);
    await run(ctx, q.orderInfoId, { type: 'ResetPlan', data: {}, metadata: meta(ctx) });
    ok(ctx, { id: q.orderInfoId }, orderMessages.reset);
  });

  addQuoteDeskRoutes(router, deps, handling);
  addRenewalRoutes(router, deps);

  // Information collection: a prospect asks a specialist to call. Open to visitors, so limited per address.
  router.post('/order/infocollect', validate(leadSchema), async (ctx) => {
    const bearerToken = /^Bearer\s+(.+)$/i.exec(ctx.get('authorization'))?.[1];
    const lead = await handling.submitLead(input<z.output<typeof leadSchema>>(ctx), { ip: ctx.ip, bearerToken });
    setConsistencyToken(ctx, lead.position);
    ok(ctx, { code: ResultCode.success, id: lead.leadId }, orderMessages.leadSubmitted);
  });

  return router;
};
