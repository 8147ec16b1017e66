import Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import { policyClaimFacts } from '@feibao/domain/claims/cancellationFacts';
import {
  cancellationQuoteQuery,
  cancellationReasonLabel,
  cancellationReasons,
  type CancellationRule,
} from '@feibao/domain/ordering/cancellation.events';
import { cancellationRefusal } from '@feibao/domain/ordering/cancellation';
import {
  cancellationFacts,
  cancellationRuleInput,
  cancellationTerms,
  parseCancellationRuleOutput,
} from '@feibao/domain/ordering/cancellation.terms';
import type { CancellationQueueRow, CancellationQuote } from '@feibao/domain/ordering/cancellation.wire';
import { mayReadOrder, orderFacts, type OrderActor } from '@feibao/domain/ordering/guards';
import { orderMessages } from '@feibao/domain/ordering/messages';
import type { Order } from '@feibao/domain/ordering/order.events';
import { quoteProgressQuery } from '@feibao/domain/ordering/queries';
import { workingTimeBetween } from '@feibao/domain/rating/workingDays';
import { cancellationRuleId } from '@feibao/domain/rules/seed/cancellationRules';
import { ResultCode } from '@feibao/domain/shared/codes';
import { caller } from '@feibao/platform/http/auth';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { cancellationReader } from '@feibao/read-models/ordering/cancellations/reader';
import { orderReader } from '@feibao/read-models/ordering/orders/reader';
import { CLAIMS_PROJECTION, ORDERS_PROJECTION } from '@feibao/read-models/projections';
import type { QueryAppDeps } from '../deps.ts';

export const cancellationReadScopes: [string, readonly string[]][] = [
  ['/api/v1/uav/order/cancellation/quote', [ORDERS_PROJECTION, CLAIMS_PROJECTION]],
  ['/api/v1/uav/backoffice/cancellation/page', [ORDERS_PROJECTION]],
];

/**
 * 退保's reads (docs/api/cancellation.md): the preview a customer sees before confirming — the same terms
 * function and refusal the decider uses, on the insurer's enabled rule from the engine — and the quote
 * desk's queue with each request's age and due time in working days.
 */
export const cancellationQueryRoutes = (deps: QueryAppDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const orders = orderReader(deps.pool);
  const reader = cancellationReader(deps.pool);
  const who = (ctx: Context): OrderActor => {
    const me = caller(ctx);
    return { actor: me.sub, roles: me.roles };
  };

  const ruleFor = async (order: Order, now: Date, claims: { open: boolean; paid: boolean }) => {
    if (order.status !== 'underwritten' && order.status !== 'inForce') return null;
    const input = cancellationRuleInput(cancellationFacts(order, now, claims));
    const outcome = await deps.rules.evaluateEnabled(cancellationRuleId(order.insurer.id), input);
    if (outcome === null || outcome === 'failed') return null;
    const output = parseCancellationRuleOutput(outcome.output);
    return output ? ({ ...outcome.ref, output } satisfies CancellationRule) : null;
  };

  router.get('/order/cancellation/quote', validate(cancellationQuoteQuery, 'query'), async (ctx) => {
    const q = input<z.output<typeof cancellationQuoteQuery>>(ctx);
    const now = deps.now();
    const doc = await orders.byId(q.orderId);
    const caller = who(ctx);
    if (!doc || mayReadOrder(orderFacts(doc.order as Exclude<Order, { status: 'none' }>), caller))
      throw new HttpError(ResultCode.notFound, orderMessages.notFound);
    const order = doc.order as Order;
    const claims = policyClaimFacts(await reader.claimsOfOrder(q.orderId));
    const rule = await ruleFor(order, now, claims);
    const refusal = cancellationRefusal(order, caller, now, claims, rule);
    const terms =
      rule && (order.status === 'underwritten' || order.status === 'inForce')
        ? cancellationTerms(cancellationFacts(order, now, claims), rule)
        : null;
    const answer: CancellationQuote = {
      orderId: q.orderId,
      policyNo: doc.policyNo,
      refusal: refusal?.message ?? null,
      terms,
      reasons: cancellationReasons.map((r) => ({ value: r.value, label: r.label })),
    };
    ok(ctx, answer);
  });

  router.get('/backoffice/cancellation/page', validate(quoteProgressQuery, 'query'), async (ctx) => {
    const q = input<z.output<typeof quoteProgressQuery>>(ctx);
    const now = deps.now();
    const page = await reader.queue(q.currentPage, q.pageSize);
    const datas = page.datas.flatMap((doc): CancellationQueueRow[] => {
      const order = doc.order as Order;
      const request = 'cancellationRequest' in order ? order.cancellationRequest : null;
      if (!request) return [];
      return [
        {
          orderId: doc.id,
          orderNo: doc.orderNo,
          policyNo: doc.policyNo,
          userName: doc.userName,
          insuranceCompanyName: doc.insuranceCompanyName,
          cancellationId: request.cancellationId,
          reason: request.reason,
          reasonLabel: cancellationReasonLabel(request.reason),
          reasonTxt: request.reasonTxt,
          refund: request.terms.refund,
          method: request.terms.method,
          explanation: request.terms.explanation,
          requestedAt: request.requestedAt,
          dueAt: request.dueAt,
          ageWorkingDays:
            Math.round(workingTimeBetween(new Date(request.requestedAt), now, deps.config.quoteDaySeconds) * 10) / 10,
          overdue: request.dueAt !== null && Date.parse(request.dueAt) < now.getTime(),
        },
      ];
    });
    ok(ctx, { datas, currentPage: q.currentPage, pageSize: q.pageSize, totalCount: page.totalCount });
  });

  return router;
};
