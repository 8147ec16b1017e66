import Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import { allowedActions, mayReadOrder, type OrderActionFacts, type OrderActor } from '@feibao/domain/ordering/guards';
import { paymentAsRead, paymentFacts } from '@feibao/domain/payments/status';
import { tradeSubject } from '@feibao/domain/payments/gateway';
import { quoteDeskQuery } from '@feibao/domain/ordering/quoteDeskRequests';
import {
  deviceNumbersOf,
  droneDataQuery,
  idQuery,
  orderPageBody,
  orderTypeQuery,
  quoteProgressQuery,
} from '@feibao/domain/ordering/queries';
import { droneBrands, listInsuranceTypes, visibleInsurers } from '@feibao/domain/ordering/catalogue';
import { maskPhone } from '@feibao/domain/shared/masking';
import { orderMessages } from '@feibao/domain/ordering/messages';
import { cancellationView } from '@feibao/domain/ordering/cancellationView';
import { normaliseOrderForm, parseOrderForm } from '@feibao/domain/ordering/form';
import { provinces } from '@feibao/domain/catalogue/regions';
import { ResultCode } from '@feibao/domain/shared/codes';
import { shanghaiDate } from '@feibao/domain/shared/calendar';
import { caller } from '@feibao/platform/http/auth';
import { HttpError, ok, reply } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import type { QueryAppDeps } from '../deps.ts';
import { ORDERS_PROJECTION } from '@feibao/read-models/projections';
import { orderReader } from '@feibao/read-models/ordering/orders/reader';
import { planRows } from '@feibao/read-models/ordering/orders/planRows';
import { quoteDeskReader } from '@feibao/read-models/ordering/orders/quoteDesk';
import type { OrderDocument } from '@feibao/read-models/ordering/orders/orderDocument';
import { disclosureTextReader } from '@feibao/read-models/disclosure/texts';

/** The customer's order reads answer from the orders projection's tables alone (read-your-writes scope). */
export const orderReadScopes: [string, readonly string[]][] = [
  ['/api/v1/uav/order/page', [ORDERS_PROJECTION]],
  ['/api/v1/uav/order/orderDetails', [ORDERS_PROJECTION]],
];

/** What the order guards judge of a stored document. */
const factsOf = (doc: OrderDocument, renewalGraceDays?: number): OrderActionFacts => ({
  ...doc,
  owner: doc.userName,
  payment: paymentFacts(doc.payment),
  renewedBy: doc.renewedBy?.orderNo ?? null,
  renewalGraceDays,
});

export const orderQueryRoutes = (deps: QueryAppDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const reader = orderReader(deps.pool);
  const desk = quoteDeskReader(deps.pool);
  const texts = disclosureTextReader(deps.pool);

  const actor = (ctx: Context): OrderActor => {
    const me = caller(ctx);
    return { actor: me.sub, roles: me.roles };
  };
  /** The order as the caller may read it (domain mayReadOrder: someone else's reads as missing). */
  const readableOrder = async (ctx: Context, id: string): Promise<OrderDocument> => {
    const doc = await reader.byId(id);
    if (!doc) throw new HttpError(ResultCode.notFound, orderMessages.notFound);
    const refusal = mayReadOrder(factsOf(doc), actor(ctx));
    if (refusal) throw refusal;
    return doc;
  };

  router.get('/order/listInsuranceCompany', validate(orderTypeQuery, 'query'), (ctx) => ok(ctx, visibleInsurers));
  router.get('/order/listInsuranceType', validate(orderTypeQuery, 'query'), (ctx) => {
    ok(ctx, listInsuranceTypes(input<z.output<typeof orderTypeQuery>>(ctx).id));
  });
  router.get('/order/listDroneBrand', (ctx) => ok(ctx, droneBrands));
  router.get('/order/listRegion', (ctx) => ok(ctx, provinces));

  // The education package's price range, by the same enabled rule versions the insurers answer with.
  router.post('/order/getAllPrice', async (ctx) => {
    const parsed = parseOrderForm(ctx.request.body);
    if (!parsed.ok) throw new HttpError(ResultCode.badRequest, parsed.message);
    const form = normaliseOrderForm(parsed.form);
    const { minPrice, maxPrice } = await deps.rules.priceRange(form, { today: shanghaiDate(deps.now()) });
    const range = { minPrice, maxPrice };
    reply(ctx, ResultCode.success, JSON.stringify(range), range);
  });

  /** The cashier's address of an unpaid purchase, for its owner only (the provider knows it). */
  const cashierUrl = async (doc: Pick<OrderDocument, 'orderNo' | 'insuranceCompanyName' | 'payment'>) =>
    doc.payment?.status === 'unpaid'
      ? deps.payments.cashierUrl({
          tradeNo: doc.payment.tradeNo,
          orderNo: doc.orderNo,
          amount: doc.payment.amount,
          subject: tradeSubject(doc.orderNo),
          insurerName: doc.insuranceCompanyName ?? '',
          dueAt: doc.payment.dueAt,
        })
      : null;

  router.post('/order/page', validate(orderPageBody), async (ctx) => {
    const { currentPage, pageSize } = input<z.output<typeof orderPageBody>>(ctx);
    const page = await reader.page(caller(ctx).sub, currentPage, pageSize, deps.now(), deps.config.renewalGraceDays);
    // The list is the caller's own orders, so an unpaid purchase carries its cashier.
    for (const row of page.datas)
      if (row.payment?.status === 'unpaid')
        row.payment.cashierUrl = await cashierUrl({
          orderNo: row.orderNo,
          insuranceCompanyName: row.insuranceCompanyName,
          payment: { ...row.payment },
        });
    ok(ctx, page);
  });

  router.get('/order/orderDetails', validate(idQuery, 'query'), async (ctx) => {
    const doc = await readableOrder(ctx, input<z.output<typeof idQuery>>(ctx).id);
    const now = deps.now();
    ok(ctx, {
      ...doc.form,
      id: doc.id,
      orderNo: doc.orderNo,
      orderTime: doc.orderTime,
      state: doc.state,
      actions: allowedActions(factsOf(doc, deps.config.renewalGraceDays), now, actor(ctx)),
      userName: doc.userName,
      orderType: doc.orderType,
      policyNo: doc.policyNo,
      startDate: doc.startDate,
      endDate: doc.endDate,
      totalPremium: doc.totalPremium,
      insuranceCompanyId: doc.insuranceCompanyId,
      insuranceCompanyName: doc.insuranceCompanyName,
      revokeReason: doc.revokeReason,
      revokeReasonTxt: doc.revokeReasonTxt,
      renewalOf: doc.renewalOf ?? null,
      renewedBy: doc.renewedBy ?? null,
      payment: paymentAsRead(doc.payment ?? null, now, doc.userName === caller(ctx).sub ? await cashierUrl(doc) : null),
      insurancePlanList: planRows(doc, now, actor(ctx), await texts.currentTerms()),
      quoteProgress: doc.insurers.map(({ answers: _answers, deskStatus: _deskStatus, ...summary }) => summary),
      cancellation: cancellationView(doc.order),
      requirements: doc.requirements ?? null,
    });
  });

  router.get('/order/listInsurancePlan', validate(idQuery, 'query'), async (ctx) => {
    const doc = await readableOrder(ctx, input<z.output<typeof idQuery>>(ctx).id);
    ok(ctx, planRows(doc, deps.now(), actor(ctx), await texts.currentTerms()));
  });

  router.get('/order/getdronedata', validate(droneDataQuery, 'query'), async (ctx) => {
    const codes = deviceNumbersOf(input<z.output<typeof droneDataQuery>>(ctx));
    ok(ctx, await reader.insuredDrones(caller(ctx).sub, codes));
  });

  /** Back office: orders being quoted, with each insurer's progress and due times. */
  router.get('/backoffice/quoteProgress', validate(quoteProgressQuery, 'query'), async (ctx) => {
    const { currentPage, pageSize } = input<z.output<typeof quoteProgressQuery>>(ctx);
    const { datas, totalCount } = await reader.quoting(currentPage, pageSize);
    ok(ctx, {
      datas: datas.map((data) => ({
        id: data.id,
        orderNo: data.orderNo,
        // Quoting is work with insurers: the customer's number is masked (the order itself shows it whole).
        userName: maskPhone(data.userName),
        orderType: data.orderType,
        round: data.round,
        lines: data.lines,
        insurers: data.insurers,
      })),
      currentPage,
      pageSize,
      totalCount,
    });
  });

  /** Back office: the quote desk grid (docs/api/quote-desk.md); a cell per insurer, filtered and paged in SQL. */
  router.get('/backoffice/quoteDesk', validate(quoteDeskQuery, 'query'), async (ctx) => {
    const q = input<z.output<typeof quoteDeskQuery>>(ctx);
    const page = await desk.page(q, deps.now(), deps.config.quoteDaySeconds);
    // As in quoteProgress: the desk needs the order, not the customer's number.
    ok(ctx, { ...page, datas: page.datas.map((row) => ({ ...row, userName: maskPhone(row.userName) })) });
  });

  return router;
};
