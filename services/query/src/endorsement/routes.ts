import Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import { mayReadOrder, orderGuards, type OrderActionFacts, type OrderActor } from '@feibao/domain/ordering/guards';
import { paymentFacts } from '@feibao/domain/payments/status';
import { orderMessages } from '@feibao/domain/ordering/messages';
import {
  applyEndorsementChanges,
  endorsementEffectiveDate,
  endorsementMessages as em,
  linesToRate,
} from '@feibao/domain/ordering/endorsement';
import { endorsementPremium } from '@feibao/domain/ordering/endorsementPricing';
import {
  endorsementOrderQuery,
  endorsementPriceBody,
  endorsementQueueQuery,
} from '@feibao/domain/ordering/endorsementRequests';
import { endorsementView } from '@feibao/domain/ordering/endorsementView';
import { ResultCode } from '@feibao/domain/shared/codes';
import { shanghaiDate } from '@feibao/domain/shared/calendar';
import { maskPhone } from '@feibao/domain/shared/masking';
import { caller } from '@feibao/platform/http/auth';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { orderReader } from '@feibao/read-models/ordering/orders/reader';
import { endorsementQueueReader } from '@feibao/read-models/ordering/orders/endorsementQueue';
import type { OrderDocument } from '@feibao/read-models/ordering/orders/orderDocument';
import type { QueryAppDeps } from '../deps.ts';

const factsOf = (doc: OrderDocument): OrderActionFacts => ({
  ...doc,
  owner: doc.userName,
  payment: paymentFacts(doc.payment),
  renewedBy: doc.renewedBy?.orderNo ?? null,
});

/**
 * 批改's reads (docs/api/endorsement.md): the priced preview, by the same enabled rule versions and the same
 * arithmetic (endorsementPremium) the insurer worker answers with; the order's latest 批改; the desk's queue.
 */
export const endorsementQueryRoutes = (deps: QueryAppDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const reader = orderReader(deps.pool);
  const queue = endorsementQueueReader(deps.pool);
  const actor = (ctx: Context): OrderActor => {
    const me = caller(ctx);
    return { actor: me.sub, roles: me.roles };
  };
  const readable = async (ctx: Context, id: string) => {
    const doc = await reader.byId(id);
    if (!doc) throw new HttpError(ResultCode.notFound, orderMessages.notFound);
    const refusal = mayReadOrder(factsOf(doc), actor(ctx));
    if (refusal) throw refusal;
    return doc;
  };

  router.post('/order/endorsement/price', validate(endorsementPriceBody), async (ctx) => {
    const body = input<z.output<typeof endorsementPriceBody>>(ctx);
    const doc = await readable(ctx, body.id);
    const now = deps.now();
    const refusal = orderGuards.endorse(factsOf(doc), actor(ctx), now);
    if (refusal) throw refusal;
    const order = doc.order;
    if (order.status !== 'underwritten' && order.status !== 'inForce')
      throw new HttpError(ResultCode.conflict, em.endorseNotAllowed);
    const today = shanghaiDate(now);
    const applied = applyEndorsementChanges(order.form, body.changes, today);
    if (!applied.ok) throw new HttpError(ResultCode.badRequest, applied.message);
    const effectiveDate = endorsementEffectiveDate(now, order, body.effectiveDate);
    if (!effectiveDate) throw new HttpError(ResultCode.badRequest, em.effectiveDateInvalid);
    const toRate = linesToRate(order.lines, applied.policy);
    const insurerId = order.insurer.id;
    const [rated, terms] = await Promise.all([
      toRate.length > 0
        ? deps.rules.quoteLines(toRate, applied.policy.form, insurerId, { today })
        : Promise.resolve([]),
      deps.rules.endorsementTerms(insurerId),
    ]);
    const quote = endorsementPremium({
      startDate: order.startDate,
      endDate: order.endDate,
      effectiveDate,
      oldLines: order.lines,
      oldAnswers: order.insurers.find((p) => p.request.insurerId === insurerId)?.answers ?? {},
      policy: applied.policy,
      rated,
      changes: body.changes,
      terms,
      referAboveMessage: em.referAbove,
    });
    ok(ctx, {
      ...quote,
      removedDeviceNumbers: applied.policy.removedDeviceNumbers,
      terms: { ...terms, rules: undefined },
    });
  });

  router.get('/order/endorsement', validate(endorsementOrderQuery, 'query'), async (ctx) => {
    const { id } = input<z.output<typeof endorsementOrderQuery>>(ctx);
    const doc = await readable(ctx, id);
    const staff = doc.userName !== caller(ctx).sub;
    ok(ctx, {
      id,
      policyVersion: doc.policyVersion ?? null,
      endorsement: endorsementView(doc.order, staff),
    });
  });

  router.get('/backoffice/endorsements', validate(endorsementQueueQuery, 'query'), async (ctx) => {
    const { status } = input<z.output<typeof endorsementQueueQuery>>(ctx);
    const rows = await queue.list(status, deps.now());
    ok(ctx, { datas: rows.map((r) => ({ ...r, userName: maskPhone(r.userName) })), totalCount: rows.length });
  });

  return router;
};
