import { disclosureTextReader } from '@feibao/read-models/disclosure/texts';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import { compareQuotes } from '@feibao/domain/ordering/comparison';
import { comparisonQuery } from '@feibao/domain/ordering/comparison.wire';
import { mayReadOrder, orderFacts, type OrderActor } from '@feibao/domain/ordering/guards';
import { orderMessages } from '@feibao/domain/ordering/messages';
import type { Order } from '@feibao/domain/ordering/order.events';
import { ResultCode } from '@feibao/domain/shared/codes';
import { caller } from '@feibao/platform/http/auth';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { planRows } from '@feibao/read-models/ordering/orders/planRows';
import { orderReader } from '@feibao/read-models/ordering/orders/reader';
import { ORDERS_PROJECTION } from '@feibao/read-models/projections';
import type { QueryAppDeps } from '../deps.ts';

export const comparisonReadScopes: [string, readonly string[]][] = [
  ['/api/v1/uav/order/comparison', [ORDERS_PROJECTION]],
];

/**
 * 对比 (docs/api/comparison.md): the plan rows the plan page shows, read by the domain's compareQuotes for the
 * loss the customer chose. Who may read it is orderDetails' rule (the owner or staff).
 */
export const comparisonQueryRoutes = (deps: QueryAppDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const orders = orderReader(deps.pool);
  const texts = disclosureTextReader(deps.pool);
  const who = (ctx: Context): OrderActor => {
    const me = caller(ctx);
    return { actor: me.sub, roles: me.roles };
  };

  router.get('/order/comparison', validate(comparisonQuery, 'query'), async (ctx) => {
    const { id, loss } = input<z.output<typeof comparisonQuery>>(ctx);
    const doc = await orders.byId(id);
    const actor = who(ctx);
    if (!doc || mayReadOrder(orderFacts(doc.order as Exclude<Order, { status: 'none' }>), actor))
      throw new HttpError(ResultCode.notFound, orderMessages.notFound);
    ok(ctx, compareQuotes(planRows(doc, deps.now(), actor, await texts.currentTerms()), loss));
  });

  return router;
};
