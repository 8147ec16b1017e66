import Router from '@koa/router';
import type { z } from 'zod';
import { mayReadOrder, orderFacts } from '@feibao/domain/ordering/guards';
import { orderMessages } from '@feibao/domain/ordering/messages';
import type { Order } from '@feibao/domain/ordering/order.events';
import { priceExplanationQuery, type PriceExplanation } from '@feibao/domain/ordering/priceExplanation.wire';
import type { RuleRef } from '@feibao/domain/rules/rating';
import { ResultCode } from '@feibao/domain/shared/codes';
import { caller } from '@feibao/platform/http/auth';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { orderReader } from '@feibao/read-models/ordering/orders/reader';
import { ORDERS_PROJECTION } from '@feibao/read-models/projections';
import { ruleDefinitionReader } from '@feibao/read-models/rules/ruleDefinitions';
import { ruleVersionReader } from '@feibao/read-models/rules/ruleVersions';
import type { QueryAppDeps } from '../deps.ts';
import { priceExplainer, ratingDays } from './priceExplanation.ts';

export const priceExplanationReadScopes: [string, readonly string[]][] = [
  ['/api/v1/uav/order/priceExplanation', [ORDERS_PROJECTION]],
];

/** 价格说明 (docs/api/price-explanation.md): per line of one insurer's quote, what made its price. */
export const priceExplanationQueryRoutes = (deps: QueryAppDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const orders = orderReader(deps.pool);
  const versions = ruleVersionReader(deps.pool);
  const definitions = ruleDefinitionReader(deps.pool);

  router.get('/order/priceExplanation', validate(priceExplanationQuery, 'query'), async (ctx) => {
    const q = input<z.output<typeof priceExplanationQuery>>(ctx);
    const doc = await orders.byId(q.id);
    const me = caller(ctx);
    // Someone else's order reads as missing, as the order details do.
    if (
      !doc ||
      mayReadOrder(orderFacts(doc.order as Exclude<Order, { status: 'none' }>), { actor: me.sub, roles: me.roles })
    )
      throw new HttpError(ResultCode.notFound, orderMessages.notFound);
    const insurer = doc.insurers.find((i) => i.insuranceCompanyId === q.insuranceCompanyId);
    if (!insurer) throw new HttpError(ResultCode.notFound, '该保险公司不在本订单的询价范围内');
    // One read per version a request names, however many lines it rated.
    const contents = new Map<string, ReturnType<typeof versions.version>>();
    const explain = priceExplainer(deps.rules, async (ref: RuleRef) => {
      const key = `${ref.ruleId}@${ref.version}`;
      if (!contents.has(key)) contents.set(key, versions.version(ref.ruleId, ref.version));
      return (await contents.get(key))?.content ?? null;
    });
    const ratingRules = new Set((await definitions.all()).filter((d) => d.stage === 'rating').map((d) => d.ruleId));
    const ratedOn = ratingDays(insurer.insuranceCompanyId, insurer.requestedAt, insurer.validUntil ?? null);
    const lines = await Promise.all(
      doc.lines.map((line) =>
        explain(
          {
            insurerId: insurer.insuranceCompanyId,
            line,
            form: doc.form,
            answer: insurer.answers[line.key],
            // The day the rules rated the answer, where it was kept; otherwise the days it can have been.
            ratedOn: insurer.answers[line.key]?.ratedOn ? [insurer.answers[line.key]!.ratedOn!] : ratedOn,
          },
          ratingRules,
        ),
      ),
    );
    const answer: PriceExplanation = {
      orderId: doc.id,
      insuranceCompanyId: insurer.insuranceCompanyId,
      insuranceCompanyName: insurer.insuranceCompanyName,
      total: insurer.total,
      lines,
    };
    ok(ctx, answer);
  });

  return router;
};
