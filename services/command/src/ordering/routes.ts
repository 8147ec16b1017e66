import Router from '@koa/router';
import type { Context } from 'koa';
import { randomInt, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { chooseInsurers, nextRound, orderNumber, orderToWrite, planInquiry } from '@feibao/domain/ordering/inquiry';
import { deleteLineQuery, insureQuery, resetQuery, revokeQuery } from '@feibao/domain/ordering/queries';
import { isProfileComplete, userStreamId } from '@feibao/domain/accounts/user.events';
import { leadDecider, leadStreamId } from '@feibao/domain/leads/lead';
import { leadSchema } from '@feibao/domain/accounts/validation';
import { normaliseOrderForm, parseOrderForm, validateOrderForm, type OrderForm } from '@feibao/domain/ordering/form';
import { orderDecider, type OrderCommand, type OrderMetadata } from '@feibao/domain/ordering/order.commands';
import { orderMessages } from '@feibao/domain/ordering/messages';
import { orderStreamId, type Order } from '@feibao/domain/ordering/order.events';
import { planLineKey } from '@feibao/domain/ordering/plan';
import { ResultCode } from '@feibao/domain/shared/codes';
import { shanghaiDate } from '@feibao/domain/shared/calendar';
import { userDecider } from '@feibao/domain/accounts/user.commands';
import { aggregate, type HandleOptions, handleCommand, load } from '@feibao/platform/eventStore';
import { caller } from '@feibao/platform/http/auth';
import { HttpError, ok, reply } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { CommandDeps } from '../deps.ts';
import { addQuoteDeskRoutes } from './quoteDeskRoutes.ts';

const newOrderNo = (at: Date) => orderNumber(at, randomInt(0, 1_000_000));

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
  /** The caller as the decider judges them: who, with which roles (guards.ts decides who may). */
  const meta = (ctx: Context, now = deps.now()): OrderMetadata => {
    const me = caller(ctx);
    return { now, actor: me.sub, roles: me.roles };
  };

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
    return orderToWrite(loaded.state, meta(ctx)) === 'new'
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

  router.post('/order/save', async (ctx) => {
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
    ok(
      ctx,
      { id: orderId, orderNo: result.state.status === 'none' ? orderNo : result.state.orderNo },
      orderMessages.saved,
    );
  });

  router.post('/order/inquiryPrice', async (ctx) => {
    const now = deps.now();
    if (!(await profileComplete(ctx))) return reply(ctx, ResultCode.special, orderMessages.profileIncomplete, null);
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
    ok(ctx, { id: orderId }, orderMessages.inquired);
  });

  router.get('/order/insure', validate(insureQuery, 'query'), async (ctx) => {
    const q = input<z.output<typeof insureQuery>>(ctx);
    await run(ctx, q.id, { type: 'Insure', data: { insurerId: q.insuranceCompanyId }, metadata: meta(ctx) });
    ok(ctx, { id: q.id }, orderMessages.insured);
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
