import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { allowedActions, mayReadOrder, type OrderActor } from '@feibao/domain/ordering/guards';
import { deskCellStatuses } from '@feibao/domain/ordering/quoteDesk';
import { idQuery } from '@feibao/domain/ordering/queries';
import { droneBrands, listInsuranceTypes, visibleInsurers, type OrderType } from '@feibao/domain/ordering/catalogue';
import { maskPhone } from '@feibao/domain/shared/masking';
import { orderMessages } from '@feibao/domain/ordering/messages';
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

const orderTypeQuery = z.object({
  id: z
    .union([z.literal('0'), z.literal('1'), z.literal('')])
    .optional()
    .transform((v) => (v === '1' ? 1 : 0) as OrderType),
});
const pageBody = z.object({
  currentPage: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
  // The old client sends its own userName; the list is the caller's whatever it says.
  userName: z.string().max(64).optional().nullable(),
});
const droneDataQuery = z.object({
  deviceNumber: z.string({ error: '请输入设备编号' }).trim().min(1, { error: '请输入设备编号' }).max(2000),
});
const progressQuery = z.object({
  currentPage: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
});

/** An empty filter field (a cleared select) means no filter. */
const blankless = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema);
const quoteDeskQuery = z.object({
  status: blankless(z.enum(deskCellStatuses, { error: '报价状态不正确' }).optional()),
  insurerId: blankless(
    z.coerce
      .number({ error: '保险公司不正确' })
      .int({ error: '保险公司不正确' })
      .positive({ error: '保险公司不正确' })
      .optional(),
  ),
  overdue: blankless(z.enum(['true', 'false', '1', '0'], { error: '超时筛选不正确' }).optional()).transform(
    (v) => v === 'true' || v === '1',
  ),
  orderType: blankless(z.enum(['0', '1'], { error: '订单类型不正确' }).optional()).transform((v) =>
    v === undefined ? undefined : (Number(v) as OrderType),
  ),
  days: z.coerce
    .number({ error: '天数必须是1到90的整数' })
    .int({ error: '天数必须是1到90的整数' })
    .min(1, { error: '天数必须是1到90的整数' })
    .max(90, { error: '天数必须是1到90的整数' })
    .optional()
    .default(7),
  currentPage: z.coerce
    .number({ error: '页码不正确' })
    .int({ error: '页码不正确' })
    .min(1, { error: '页码不正确' })
    .max(100_000, { error: '页码不正确' })
    .optional()
    .default(1),
  pageSize: z.coerce
    .number({ error: '每页条数不正确' })
    .int({ error: '每页条数不正确' })
    .min(1, { error: '每页条数不正确' })
    .max(100, { error: '每页条数不正确' })
    .optional()
    .default(20),
});

/** The customer's order reads answer from the orders projection's tables alone (read-your-writes scope). */
export const orderReadScopes: [string, readonly string[]][] = [
  ['/api/v1/uav/order/page', [ORDERS_PROJECTION]],
  ['/api/v1/uav/order/orderDetails', [ORDERS_PROJECTION]],
];

export const orderQueryRoutes = (deps: QueryAppDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const reader = orderReader(deps.pool);
  const desk = quoteDeskReader(deps.pool);

  const actor = (ctx: Context): OrderActor => {
    const me = caller(ctx);
    return { actor: me.sub, roles: me.roles };
  };
  /** The order as the caller may read it (domain mayReadOrder: someone else's reads as missing). */
  const readableOrder = async (ctx: Context, id: string): Promise<OrderDocument> => {
    const doc = await reader.byId(id);
    if (!doc) throw new HttpError(ResultCode.notFound, orderMessages.notFound);
    const refusal = mayReadOrder({ ...doc, owner: doc.userName }, actor(ctx));
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

  router.post('/order/page', validate(pageBody), async (ctx) => {
    const { currentPage, pageSize } = input<z.output<typeof pageBody>>(ctx);
    ok(ctx, await reader.page(caller(ctx).sub, currentPage, pageSize, deps.now()));
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
      actions: allowedActions({ ...doc, owner: doc.userName }, now, actor(ctx)),
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
      insurancePlanList: planRows(doc, now, actor(ctx)),
      quoteProgress: doc.insurers.map(({ answers: _answers, deskStatus: _deskStatus, ...summary }) => summary),
    });
  });

  router.get('/order/listInsurancePlan', validate(idQuery, 'query'), async (ctx) => {
    ok(ctx, planRows(await readableOrder(ctx, input<z.output<typeof idQuery>>(ctx).id), deps.now(), actor(ctx)));
  });

  router.get('/order/getdronedata', validate(droneDataQuery, 'query'), async (ctx) => {
    const codes = input<z.output<typeof droneDataQuery>>(ctx)
      .deviceNumber.split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    ok(ctx, await reader.insuredDrones(caller(ctx).sub, codes));
  });

  /** Back office: orders being quoted, with each insurer's progress and due times. */
  router.get('/backoffice/quoteProgress', validate(progressQuery, 'query'), async (ctx) => {
    const { currentPage, pageSize } = input<z.output<typeof progressQuery>>(ctx);
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
