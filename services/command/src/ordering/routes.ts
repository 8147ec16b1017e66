import Router from '@koa/router';
import type { Context } from 'koa';
import { randomInt, randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  addWorkingDays,
  buildPlanLines,
  drawTurnaroundDays,
  isAdmin,
  isProfileComplete,
  leadDecider,
  leadSchema,
  leadStreamId,
  normaliseOrderForm,
  orderDecider,
  orderMessages,
  orderStreamId,
  parseOrderForm,
  planLineKey,
  ResultCode,
  revokeReasons,
  shanghaiDate,
  userDecider,
  userStreamId,
  visibleInsurers,
  validateOrderForm,
  type Order,
  type OrderCommand,
  type OrderForm,
  type QuoteRequest,
} from '@feibao/domain';
import { aggregate, authenticate, caller, handleCommand, HttpError, input, ok, reply, setConsistencyToken, validate } from '@feibao/platform';
import type { CommandDeps } from '../deps.ts';

export const PROFILE_INCOMPLETE = '请完善用户信息';

export const newOrderNo = (at: Date) => `FB${shanghaiDate(at).replaceAll('-', '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

export const requestIdOf = (orderId: string, round: number, insurerId: number) => `${orderId}.${round}.${insurerId}`;
export const orderIdOfRequest = (requestId: string) => requestId.split('.')[0] ?? '';

const idQuery = z.object({ id: z.string({ error: '订单编号不能为空' }).trim().min(1, { error: '订单编号不能为空' }).max(64) });
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

  const run = async (ctx: Context, orderId: string, command: OrderCommand | ((state: Order) => OrderCommand)) => {
    const result = await handleCommand(deps.eventStore, orderStreamId(orderId), orderDecider, command);
    setConsistencyToken(ctx, result.position);
    return result;
  };
  const meta = (ctx: Context) => ({ now: deps.now(), actor: caller(ctx).sub });

  /** A lapsed order is history: editing or re-quoting it starts a new order from its form. */
  const targetOrder = async (ctx: Context, id: string | undefined) => {
    if (!id) return { orderId: randomUUID(), fresh: true };
    const state = await aggregate(deps.eventStore, orderStreamId(id), orderDecider);
    if (state.status === 'none' || state.owner !== caller(ctx).sub) throw new HttpError(ResultCode.notFound, orderMessages.notFound);
    return state.status === 'lapsed' ? { orderId: randomUUID(), fresh: true } : { orderId: id, fresh: false };
  };

  router.post('/order/save', auth, async (ctx) => {
    const now = deps.now();
    const form = acceptForm(ctx.request.body, shanghaiDate(now));
    const { orderId } = await targetOrder(ctx, form.id ?? undefined);
    const orderNo = newOrderNo(now);
    const result = await run(ctx, orderId, { type: 'SaveDraft', data: { orderId, orderNo, form: { ...form, id: orderId } }, metadata: meta(ctx) });
    const saved = result.state.status === 'none' ? orderNo : result.state.orderNo;
    ok(ctx, { id: orderId, orderNo: saved }, '暂存成功');
  });

  router.post('/order/inquiryPrice', auth, async (ctx) => {
    const me = caller(ctx);
    const now = deps.now();
    // Insurers need to know who the policyholder is before they price anything.
    const user = me.guest ? null : await aggregate(deps.eventStore, userStreamId(me.sub), userDecider);
    if (!user || user.status !== 'active' || !isProfileComplete(user.profile))
      return reply(ctx, ResultCode.special, PROFILE_INCOMPLETE, null);
    const form = acceptForm(ctx.request.body, shanghaiDate(now));
    const chosen =
      form.orderType === 0
        ? form.insuranceCompanyList.map((c) => visibleInsurers.find((i) => i.id === c.id)).filter((i) => i !== undefined)
        : [...visibleInsurers];
    if (chosen.length === 0) throw new HttpError(ResultCode.badRequest, '投保公司不能为空');
    const lines = buildPlanLines(form);
    const { orderId } = await targetOrder(ctx, form.id ?? undefined);
    const daySeconds = deps.config.quoteDaySeconds;
    await run(ctx, orderId, (state) => {
      const round = ('round' in state ? state.round : 0) + 1;
      const requests: QuoteRequest[] = chosen.map((insurer) => ({
        requestId: requestIdOf(orderId, round, insurer.id),
        insurerId: insurer.id,
        insurerName: insurer.name,
        requestedAt: now.toISOString(),
        answerDueAt: addWorkingDays(now, drawTurnaroundDays(deps.random()), daySeconds).toISOString(),
        deadlineAt: addWorkingDays(now, deps.config.quoteDeadlineDays, daySeconds).toISOString(),
      }));
      return {
        type: 'RequestInquiry',
        data: { orderId, orderNo: newOrderNo(now), form: { ...form, id: orderId }, lines, requests },
        metadata: meta(ctx),
      };
    });
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

  // Back office: a manual (verified) premium goes through the same command and event as an automatic one.
  const manualQuote = z.strictObject({
    requestId: z.string().trim().min(1).max(200),
    answers: z
      .array(
        z.strictObject({
          key: z.string().trim().min(1).max(40),
          premium: z.coerce.number({ error: '保费必须是数字' }).min(0, { error: '保费不能为负数' }).max(1e9),
          deductible: z.string().trim().min(1, { error: '请输入免赔说明' }).max(100),
        }),
      )
      .min(1, { error: '请至少录入一条报价' })
      .max(500),
  });
  router.post('/backoffice/quote', auth, validate(manualQuote), async (ctx) => {
    const me = caller(ctx);
    if (!isAdmin(me.roles)) throw new HttpError(ResultCode.forbidden, '无权限访问');
    const body = input<z.output<typeof manualQuote>>(ctx);
    const result = await run(ctx, orderIdOfRequest(body.requestId), {
      type: 'RecordInsurerQuote',
      data: {
        requestId: body.requestId,
        answers: body.answers.map((a) => ({ key: a.key, kind: 'quoted' as const, premium: Math.round(a.premium * 100) / 100, deductible: a.deductible })),
        source: 'manual',
      },
      metadata: { now: deps.now(), actor: me.sub, system: true },
    });
    ok(ctx, { recorded: result.events.length > 0 }, '报价已录入');
  });

  // Information collection: a prospect asks a specialist to call. Open to visitors, so limited per address.
  router.post('/order/infocollect', validate(leadSchema), async (ctx) => {
    if (!(await deps.limiter.hit(`lead:ip:${ctx.ip}`, 20, 3600)))
      throw new HttpError(ResultCode.tooManyRequests, '提交过于频繁，请稍后再试');
    const form = input<z.output<typeof leadSchema>>(ctx);
    let submittedBy: string | null = null;
    const token = /^Bearer\s+(.+)$/i.exec(ctx.get('authorization'))?.[1];
    if (token) submittedBy = await deps.tokens.verify(token).then((c) => c.sub, () => null);
    const leadId = randomUUID();
    const result = await handleCommand(deps.eventStore, leadStreamId(leadId), leadDecider, {
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
    });
    setConsistencyToken(ctx, result.position);
    ok(ctx, { code: ResultCode.success, id: leadId }, '提交成功');
  });

  return router;
};
