import Router from '@koa/router';
import type { z } from 'zod';
import { mayReadOrder } from '@feibao/domain/ordering/guards';
import { orderMessages } from '@feibao/domain/ordering/messages';
import { idQuery } from '@feibao/domain/ordering/queries';
import { requirementMatchOf } from '@feibao/domain/ordering/requirementMatch';
import { ResultCode } from '@feibao/domain/shared/codes';
import { caller } from '@feibao/platform/http/auth';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { ORDERS_PROJECTION } from '@feibao/read-models/projections';
import { orderReader } from '@feibao/read-models/ordering/orders/reader';
import type { QueryAppDeps } from '../deps.ts';

export const requirementsReadScopes: [string, readonly string[]][] = [
  ['/api/v1/uav/order/requirementMatch', [ORDERS_PROJECTION]],
];

/** 投保要求核对 (docs/api/requirements.md): each insurer's quote against the order's requirements. */
export const requirementsQueryRoutes = (deps: QueryAppDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const reader = orderReader(deps.pool);

  router.get('/order/requirementMatch', validate(idQuery, 'query'), async (ctx) => {
    const doc = await reader.byId(input<z.output<typeof idQuery>>(ctx).id);
    if (!doc || doc.order.status === 'none') throw new HttpError(ResultCode.notFound, orderMessages.notFound);
    const me = caller(ctx);
    // As orderDetails reads: the owner or staff; someone else's order reads as missing.
    const refusal = mayReadOrder(
      { state: doc.state, orderType: doc.orderType, startDate: null, endDate: null, owner: doc.userName },
      { actor: me.sub, roles: me.roles },
    );
    if (refusal) throw refusal;
    ok(ctx, requirementMatchOf(doc.order));
  });

  return router;
};
