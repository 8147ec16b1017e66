import type Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import { orderIdOfRequest, planResend } from '@feibao/domain/ordering/inquiry';
import type { Order } from '@feibao/domain/ordering/order.events';
import { orderMessages } from '@feibao/domain/ordering/messages';
import { manualQuoteBody, quoteRequestBody } from '@feibao/domain/ordering/quoteDeskRequests';
import type { OrderCommand, OrderMetadata } from '@feibao/domain/ordering/order.commands';
import { authenticate, caller, requireArea } from '@feibao/platform/http/auth';
import { input, validate } from '@feibao/platform/http/validate';
import { ok } from '@feibao/platform/http/envelope';
import type { CommandDeps } from '../deps.ts';

type Run = (
  ctx: Context,
  orderId: string,
  command: OrderCommand | ((state: Order) => OrderCommand),
) => Promise<{ events: unknown[] }>;

/**
 * The quote desk's writes (docs/api/quote-desk.md): staff enter what an insurer verified by hand,
 * ask an insurer again, or let a request time out now. Each goes through the order decider
 * like the simulated insurers' answers; a refusal names its reason.
 */
export const addQuoteDeskRoutes = (router: Router, deps: CommandDeps, run: Run) => {
  const auth = authenticate(deps.tokens, deps.revocations);
  // The decider checks the roles itself (guards.ts mayWorkQuoteDesk); requireArea stays as the back office's
  // area gate, so a wrong caller is refused before anything about the payload is said.
  const staff = (ctx: Context, now = deps.now()): OrderMetadata => {
    const me = caller(ctx);
    return { now, actor: me.sub, roles: me.roles };
  };

  // A manual (verified) premium or decline goes through the same command and event as an automatic answer.
  router.post('/backoffice/quote', auth, requireArea('quotes'), validate(manualQuoteBody), async (ctx) => {
    const body = input<z.output<typeof manualQuoteBody>>(ctx);
    const result = await run(ctx, orderIdOfRequest(body.requestId), {
      type: 'RecordInsurerQuote',
      data: { requestId: body.requestId, answers: body.answers, source: 'manual' },
      metadata: staff(ctx),
    });
    ok(ctx, { recorded: result.events.length > 0 }, orderMessages.quoteRecorded);
  });

  router.post('/backoffice/quote/resend', auth, requireArea('quotes'), validate(quoteRequestBody), async (ctx) => {
    const body = input<z.output<typeof quoteRequestBody>>(ctx);
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
    ok(ctx, { requestId: body.requestId, ...due }, orderMessages.quoteResent);
  });

  router.post('/backoffice/quote/timeout', auth, requireArea('quotes'), validate(quoteRequestBody), async (ctx) => {
    const body = input<z.output<typeof quoteRequestBody>>(ctx);
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
      orderMessages.quoteTimedOut,
    );
  });
};
