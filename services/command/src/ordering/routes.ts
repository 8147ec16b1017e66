import Router from '@koa/router';
import type { Context } from 'koa';
import { randomInt, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { chooseInsurers, nextRound, orderNumber, orderToWrite, planInquiry } from '@feibao/domain/ordering/inquiry';
import { isProfileComplete, userStreamId } from '@feibao/domain/accounts/user.events';
import { leadDecider, leadStreamId } from '@feibao/domain/leads/lead';
import { leadSchema } from '@feibao/domain/accounts/validation';
import { normaliseOrderForm, parseOrderForm, validateOrderForm, type OrderForm } from '@feibao/domain/ordering/form';
import { orderDecider, type OrderCommand } from '@feibao/domain/ordering/order.commands';
import { orderStreamId, type Order } from '@feibao/domain/ordering/order.events';
import { planLineKey } from '@feibao/domain/ordering/plan';
import { ResultCode } from '@feibao/domain/shared/codes';
import { revokeReasons } from '@feibao/domain/ordering/catalogue';
import { shanghaiDate } from '@feibao/domain/shared/calendar';
import { userDecider } from '@feibao/domain/accounts/user.commands';
import { aggregate, type HandleOptions, handleCommand, load } from '@feibao/platform/eventStore';
import { authenticate, caller } from '@feibao/platform/http/auth';
import { HttpError, ok, reply } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { CommandDeps } from '../deps.ts';
import { addQuoteDeskRoutes } from './quoteDeskRoutes.ts';

export const PROFILE_INCOMPLETE = '请完善用户信息';

const newOrderNo = (at: Date) => orderNumber(at, randomInt(0, 1_000_000));

const idQuery = z.object({
  id: z.string({ error: '订单编号不能为空' }).trim().min(1, { error: '订单编号不能为空' }).max(64),
});
const insureQuery = idQuery.extend({
  insuranceCompanyId: z.coerce.number({ error: '请选择保险公司' }).int().positive({ error: '请选择保险公司' }),
  insuranceCompanyName: z.string().max(50).optional(),
});
const revokeQuery = idQuery.extend({
  revokeReason: z
    .string({ error: '撤销原因不能为空' })
    .trim()
    .min(1, { error: '撤销原因不能为空' })
    .refine((r) => (revokeReasons as readonly string[]).includes(r), { error: '撤销原因不正确' }),
  revokeReasonTxt: z.string().trim().max(500, { error: '撤销说明不能超过500个字符' }).optional(),
});
const deleteLineQuery = z.object({
  orderInfoId: z.string({ error: '订单编号不能为空' }).trim().min(1, { error: '订单编号不能为空' }).max(64),
  insuranceTypeInfoId: z.coerce.number({ error: '险种不能为空' }).int().positive({ error: '险种不能为空' }),
  uavInfoId: z
    .string()
    .trim()
    .max(10)
    .optional()
    .transform((v) => (v === undefined || v === '' || v === 'null' ? null : Number(v)))
    .refine((v) => v === null || (Number.isInteger(v) && v >= 0), { error: '无人机编号不正确' }),
});
const resetQuery = z.object({ orderInfoId: deleteLineQuery.shape.orderInfoId });

/** The form as stored: parsed, with every automatic rule applied, then checked. */
const acceptForm = (body: unknown, today: string): OrderForm => {
  const parsed = parseOrderForm(body);
  if (!parsed.ok) throw new HttpError(ResultCode.badRequest, parsed.message);
  const form = normaliseOrderForm(parsed.form);
  const refusal = validateOrderForm(form, today);
  if (refusal) throw new HttpError(ResultCode.badRequest, refusal);
  return form;
};

export const orderRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const auth = authenticate(deps.tokens, deps.revocations);

  const run = async (
    ctx: Context,
    orderId: string,
    command: OrderCommand | ((state: Order) => OrderCommand),
    options?: HandleOptions<Order>,
  ) => {
    const result = await handleCommand(deps.eventStore, orderStreamId(orderId), orderDecider, command, options);
    setConsistencyToken(ctx, result.position);
    return result;
  };
  const meta = (ctx: Context, now = deps.now()) => ({ now, actor: caller(ctx).sub });

  /**
   * A new order for a form without an id (or the id of a lapsed order); otherwise the caller's own order.
   * `from` is what the command can start from without reading the order again.
   */
  const targetOrder = async (
    ctx: Context,
    id: string | null | undefined,
  ): Promise<{ orderId: string; from: HandleOptions<Order>['from'] }> => {
    if (!id) return { orderId: randomUUID(), from: 'new' };
    const loaded = await load(deps.eventStore, orderStreamId(id), orderDecider);
    return orderToWrite(loaded.state, caller(ctx).sub) === 'new'
      ? { orderId: randomUUID(), from: 'new' }
      : { orderId: id, from: loaded };
  };

  /** Insurers need to know who the policyholder is before they price anything. */
  const profileComplete = async (ctx: Context) => {
    const me = caller(ctx);
    if (me.guest) return false;
    const user = await aggregate(deps.eventStore, userStreamId(me.sub), userDecider);
    return user.status === 'active' && isProfileComplete(user.profile);
  };

  router.post('/order/save', auth, async (ctx) => {
    const now = deps.now();
    const form = acceptForm(ctx.request.body, shanghaiDate(now));
    const { orderId, from } = await targetOrder(ctx, form.id);
    const orderNo = newOrderNo(now);
    const command: OrderCommand = {
      type: 'SaveDraft',
      data: { orderId, orderNo, form: { ...form, id: orderId } },
      metadata: meta(ctx, now),
    };
    const result = await run(ctx, orderId, command, { from });
    ok(ctx, { id: orderId, orderNo: result.state.status === 'none' ? orderNo : result.state.orderNo }, '暂存成功');
  });

  router.post('/order/inquiryPrice', auth, async (ctx) => {
    const now = deps.now();
    if (!(await profileComplete(ctx))) return reply(ctx, ResultCode.special, PROFILE_INCOMPLETE, null);
    const form = acceptForm(ctx.request.body, shanghaiDate(now));
    chooseInsurers(form); // an empty choice is refused before the order is looked up
    const { orderId, from } = await targetOrder(ctx, form.id);
    await run(
      ctx,
      orderId,
      (state) => {
        const { lines, requests } = planInquiry({
          form,
          orderId,
          round: nextRound(state),
          now,
          random: deps.random,
          quoteDaySeconds: deps.config.quoteDaySeconds,
          quoteDeadlineDays: deps.config.quoteDeadlineDays,
        });
        return {
          type: 'RequestInquiry',
          data: { orderId, orderNo: newOrderNo(now), form: { ...form, id: orderId }, lines, requests },
          metadata: meta(ctx, now),
        };
      },
      { from },
    );
    ok(ctx, { id: orderId }, '询价成功');
  });

  router.get('/order/insure', auth, validate(insureQuery, 'query'), async (ctx) => {
    const q = input<z.output<typeof insureQuery>>(ctx);
    await run(ctx, q.id, { type: 'Insure', data: { insurerId: q.insuranceCompanyId }, metadata: meta(ctx) });
    ok(ctx, { id: q.id }, '投保成功，等待保险公司核保出单');
  });

  router.get('/order/revoke', auth, validate(revokeQuery, 'query'), async (ctx) => {
    const q = input<z.output<typeof revokeQuery>>(ctx);
    await run(ctx, q.id, {
      type: 'RevokeInquiry',
      data: { revokeReason: q.revokeReason, revokeReasonTxt: q.revokeReasonTxt || null },
      metadata: meta(ctx),
    });
    ok(ctx, { id: q.id }, '撤销成功');
  });

  router.get('/order/deleteInsurancePlan', auth, validate(deleteLineQuery, 'query'), async (ctx) => {
    const q = input<z.output<typeof deleteLineQuery>>(ctx);
    await run(ctx, q.orderInfoId, {
      type: 'DeletePlanLine',
      data: { key: planLineKey(q.insuranceTypeInfoId, q.uavInfoId) },
      metadata: meta(ctx),
    });
    ok(ctx, { id: q.orderInfoId }, '删除成功');
  });

  router.get('/order/reset', auth, validate(resetQuery, 'query'), async (ctx) => {
    const q = input<z.output<typeof resetQuery>>(ctx);
    await run(ctx, q.orderInfoId, { type: 'ResetPlan', data: {}, metadata: meta(ctx) });
    ok(ctx, { id: q.orderInfoId }, '重置成功');
  });

  addQuoteDeskRoutes(router, deps, run);

  // Information collection: a prospect asks a specialist to call. Open to visitors, so limited per address.
  router.post('/order/infocollect', validate(leadSchema), async (ctx) => {
    if (!(await deps.limiter.hit(`lead:ip:${ctx.ip}`, 20, 3600)))
      throw new HttpError(ResultCode.tooManyRequests, '提交过于频繁，请稍后再试');
    const form = input<z.output<typeof leadSchema>>(ctx);
    let submittedBy: string | null = null;
    const token = /^Bearer\s+(.+)$/i.exec(ctx.get('authorization'))?.[1];
    if (token)
      submittedBy = await deps.tokens.verify(token).then(
        (c) => c.sub,
        () => null,
      );
    const leadId = randomUUID();
    const result = await handleCommand(
      deps.eventStore,
      leadStreamId(leadId),
      leadDecider,
      {
        type: 'SubmitLead',
        data: {
          leadId,
          phone: form.phone,
          mailbox: form.mailbox ?? null,
          enterpriseType: form.enterpriseType ?? null,
          guaranteeRange: form.guaranteeRange ?? null,
          submittedBy,
        },
        metadata: { now: deps.now() },
      },
      { from: 'new' },
    );
    setConsistencyToken(ctx, result.position);
    ok(ctx, { code: ResultCode.success, id: leadId }, '提交成功');
  });

  return router;
};
