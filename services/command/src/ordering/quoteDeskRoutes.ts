import type Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import { orderMessages } from '@feibao/domain/ordering/messages';
import { manualQuoteBody, quoteRequestBody } from '@feibao/domain/ordering/quoteDeskRequests';
import type { OrderMetadata } from '@feibao/domain/ordering/order.commands';
import { caller } from '@feibao/platform/http/auth';
import { input, validate } from '@feibao/platform/http/validate';
import { ok } from '@feibao/platform/http/envelope';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { CommandDeps } from '../deps.ts';
import type { OrderHandling } from './handling.ts';

/**
 * The quote desk's writes (docs/api/quote-desk.md): staff enter what an insurer verified by hand,
 * ask an insurer again, or let a request time out now. Each goes through the order decider
 * like the simulated insurers' answers; a refusal names its reason.
 */
export const addQuoteDeskRoutes = (router: Router, deps: CommandDeps, handling: OrderHandling) => {
  // The decider checks the roles itself (guards.ts mayWorkQuoteDesk); the route guard (policy ordering/access.ts)
  // stays as the back office's area gate, so a wrong caller is refused before anything about the payload is said.
  const staff = (ctx: Context, now = deps.now()): OrderMetadata => {
    const me = caller(ctx);
    return { now, actor: me.sub, roles: me.roles };
  };

  router.post('/backoffice/quote', validate(manualQuoteBody), async (ctx) => {
    const body = input<z.output<typeof manualQuoteBody>>(ctx);
    const { recorded, position } = await handling.recordManualQuote(body.requestId, body.answers, staff(ctx));
    setConsistencyToken(ctx, position);
    ok(ctx, { recorded }, orderMessages.quoteRecorded);
  });

  router.post('/backoffice/quote/resend', validate(quoteRequestBody), async (ctx) => {
    const { requestId } = input<z.output<typeof quoteRequestBody>>(ctx);
    const { due, position } = await handling.resendQuoteRequest(requestId, staff(ctx));
    setConsistencyToken(ctx, position);
    ok(ctx, { requestId, ...due }, orderMessages.quoteResent);
  });

  router.post('/backoffice/quote/timeout', validate(quoteRequestBody), async (ctx) => {
    const { requestId } = input<z.output<typeof quoteRequestBody>>(ctx);
    const { quotingCompleted, position } = await handling.timeOutQuoteRequest(requestId, staff(ctx));
    setConsistencyToken(ctx, position);
    ok(ctx, { requestId, quotingCompleted }, orderMessages.quoteTimedOut);
  });
};
