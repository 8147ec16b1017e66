import Router from '@koa/router';
import type { z } from 'zod';
import { orderMessages } from '@feibao/domain/ordering/messages';
import { cashierTokenQuery, paymentMessages, refundRequest } from '@feibao/domain/payments/queries';
import { ResultCode } from '@feibao/domain/shared/codes';
import { setConsistencyToken } from '@feibao/platform/consistency';
import { caller } from '@feibao/platform/http/auth';
import { HttpError, ok, reply } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { logger } from '@feibao/platform/logger';
import type { CommandDeps } from '../deps.ts';
import { paymentHandling } from './handling.ts';

/**
 * The payment calls of the write side: the gateways' notify endpoint (plain-text answer, not the envelope, as
 * gateways expect), staff refunds, and — with PAYMENT_PROVIDER=dev outside production — the dev gateway's cashier.
 */
export const paymentRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const handling = paymentHandling(deps);

  router.post('/pay/notify/:provider', async (ctx) => {
    let outcome: 'success' | 'failure';
    try {
      outcome = await handling.notification(ctx.params.provider ?? '', ctx.request.body, ctx.ip || null);
    } catch (error) {
      // Nothing was decided (a store down, a gateway query failing): the gateway sends it again later.
      logger.warn({ err: error, provider: ctx.params.provider }, 'payment notification not processed');
      outcome = 'failure';
    }
    ctx.status = 200;
    ctx.type = 'text/plain';
    ctx.body = outcome;
  });

  router.post('/backoffice/payment/refund', validate(refundRequest), async (ctx) => {
    const body = input<z.output<typeof refundRequest>>(ctx);
    const me = caller(ctx);
    const refund = await handling.requestRefund(body.orderId, body.amount, body.reason, {
      now: deps.now(),
      actor: me.sub,
      roles: me.roles,
    });
    setConsistencyToken(ctx, refund.position);
    ok(ctx, { orderId: body.orderId, refundNo: refund.refundNo, amount: refund.amount }, orderMessages.refundRequested);
  });

  return router;
};

/** The dev gateway's own calls (a simulated external system), addressed by the cashier token alone. */
export const devGatewayRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const gateway = deps.devGateway;
  if (!gateway) return router;
  const tokenOf = (ctx: { request: { body?: unknown } }) => {
    const parsed = cashierTokenQuery.safeParse(ctx.request.body ?? {});
    if (!parsed.success)
      throw new HttpError(ResultCode.badRequest, parsed.error.issues[0]?.message ?? paymentMessages.tokenRequired);
    return parsed.data.token;
  };

  router.get('/dev/pay/trade', validate(cashierTokenQuery, 'query'), async (ctx) => {
    const trade = await gateway.trade(input<z.output<typeof cashierTokenQuery>>(ctx).token, deps.now());
    if (!trade) throw new HttpError(ResultCode.notFound, paymentMessages.tradeNotFound);
    ok(ctx, trade);
  });

  router.post('/dev/pay/confirm', validate(cashierTokenQuery), async (ctx) => {
    const status = await gateway.confirm(tokenOf(ctx), deps.now());
    if (!status) throw new HttpError(ResultCode.notFound, paymentMessages.tradeNotFound);
    if (status !== 'paid') throw new HttpError(ResultCode.conflict, paymentMessages.tradeClosed);
    ok(ctx, { status });
  });

  router.post('/dev/pay/fail', validate(cashierTokenQuery), async (ctx) => {
    const status = await gateway.fail(tokenOf(ctx), deps.now());
    if (!status) throw new HttpError(ResultCode.notFound, paymentMessages.tradeNotFound);
    if (status === 'closed') throw new HttpError(ResultCode.conflict, paymentMessages.tradeClosed);
    if (status === 'paid') return ok(ctx, { status });
    reply(ctx, ResultCode.special, paymentMessages.payFailed, { status, reason: paymentMessages.payFailed });
  });

  return router;
};
