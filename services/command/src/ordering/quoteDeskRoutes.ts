import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { orderIdOfRequest, planResend } from '@feibao/domain/ordering/inquiry';
import type { LineAnswer, Order } from '@feibao/domain/ordering/order.events';
import type { OrderCommand, OrderMetadata } from '@feibao/domain/ordering/order.commands';
import { caller } from '@feibao/platform/http/auth';
import { input, validate } from '@feibao/platform/http/validate';
import { ok } from '@feibao/platform/http/envelope';
import type { CommandDeps } from '../deps.ts';

type Run = (
  ctx: Context,
  orderId: string,
  command: OrderCommand | ((state: Order) => OrderCommand),
) => Promise<{ events: unknown[] }>;

const requestId = z
  .string({ error: '询价请求编号不能为空' })
  .trim()
  .min(1, { error: '询价请求编号不能为空' })
  .max(200, { error: '询价请求编号不正确' });

/** A line priced ({key, premium, deductible}) or declined ({key, declined: true, reason}). */
const manualAnswer = z
  .strictObject({
    key: z.string({ error: '险种不能为空' }).trim().min(1, { error: '险种不能为空' }).max(40),
    premium: z.coerce
      .number({ error: '保费必须是数字' })
      .min(0, { error: '保费不能为负数' })
      .max(1e9, { error: '保费过大' })
      .optional(),
    deductible: z
      .string({ error: '请输入免赔说明' })
      .trim()
      .max(100, { error: '免赔说明不能超过100个字符' })
      .optional(),
    declined: z.boolean({ error: '拒保标记不正确' }).optional(),
    reason: z.string({ error: '请输入拒保原因' }).trim().max(200, { error: '拒保原因不能超过200个字符' }).optional(),
  })
  .transform((a, ctx): LineAnswer => {
    if (a.declined) {
      if (!a.reason) ctx.issues.push({ code: 'custom', message: '请输入拒保原因', input: a, path: ['reason'] });
      return { key: a.key, kind: 'declined', reason: a.reason ?? '' };
    }
    if (a.premium === undefined)
      ctx.issues.push({ code: 'custom', message: '请输入保费', input: a, path: ['premium'] });
    if (!a.deductible) ctx.issues.push({ code: 'custom', message: '请输入免赔说明', input: a, path: ['deductible'] });
    return {
      key: a.key,
      kind: 'quoted',
      premium: Math.round((a.premium ?? 0) * 100) / 100,
      deductible: a.deductible ?? '',
    };
  });
const manualQuote = z.strictObject({
  requestId,
  answers: z
    .array(manualAnswer, { error: '请至少录入一条报价' })
    .min(1, { error: '请至少录入一条报价' })
    .max(500, { error: '报价条数过多' })
    .refine((answers) => new Set(answers.map((a) => a.key)).size === answers.length, { error: '同一险种只能录入一次' }),
});
const requestBody = z.strictObject({ requestId });

/**
 * The quote desk's writes (docs/api/quote-desk.md): staff enter what an insurer verified by hand,
 * ask an insurer again, or let a request time out now. Each goes through the order decider
 * like the simulated insurers' answers; a refusal names its reason.
 */
export const addQuoteDeskRoutes = (router: Router, deps: CommandDeps, run: Run) => {
  // The decider checks the roles itself (guards.ts mayWorkQuoteDesk); the route guard (policy ordering/access.ts) stays as the back office's
  // area gate, so a wrong caller is refused before anything about the payload is said.
  const staff = (ctx: Context, now = deps.now()): OrderMetadata => {
    const me = caller(ctx);
    return { now, actor: me.sub, roles: me.roles };
  };

  // A manual (verified) premium or decline goes through the same command and event as an automatic answer.
  router.post('/backoffice/quote', validate(manualQuote), async (ctx) => {
    const body = input<z.output<typeof manualQuote>>(ctx);
    const result = await run(ctx, orderIdOfRequest(body.requestId), {
      type: 'RecordInsurerQuote',
      data: { requestId: body.requestId, answers: body.answers, source: 'manual' },
      metadata: staff(ctx),
    });
    ok(ctx, { recorded: result.events.length > 0 }, '报价已录入');
  });

  router.post('/backoffice/quote/resend', validate(requestBody), async (ctx) => {
    const body = input<z.output<typeof requestBody>>(ctx);
    const now = deps.now();
    const due = planResend({
      now,
      random: deps.random,
      quoteDaySeconds: deps.config.quoteDaySeconds,
      quoteDeadlineDays: deps.config.quoteDeadlineDays,
    });
    await run(ctx, orderIdOfRequest(body.requestId), {
      type: 'ResendQuoteRequest',
      data: { requestId: body.requestId, ...due },
      metadata: staff(ctx, now),
    });
    ok(ctx, { requestId: body.requestId, ...due }, '已重新发送询价');
  });

  router.post('/backoffice/quote/timeout', validate(requestBody), async (ctx) => {
    const body = input<z.output<typeof requestBody>>(ctx);
    const result = await run(ctx, orderIdOfRequest(body.requestId), {
      type: 'TimeOutInsurerQuote',
      data: { requestId: body.requestId, force: true },
      metadata: staff(ctx),
    });
    ok(
      ctx,
      {
        requestId: body.requestId,
        quotingCompleted: (result.events as { type: string }[]).some((e) => e.type === 'QuotingCompleted'),
      },
      '已设为超时',
    );
  });
};
