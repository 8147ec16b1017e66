import Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import type { ClaimCommand, ClaimMetadata } from '@feibao/domain/claims/claim.commands';
import {
  claimIdQuery,
  claimIdIn,
  contrastVersionOf,
  explanationsOf,
  openClaimQuery,
  saveLogBody,
  withdrawReasonOf,
} from '@feibao/domain/claims/requests';
import { claimDoneMessages as done, claimMessages } from '@feibao/domain/claims/messages';
import { ResultCode } from '@feibao/domain/shared/codes';
import type { Claim } from '@feibao/domain/claims/claim.events';
import { caller } from '@feibao/platform/http/auth';
import { ok, reply } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { HandleOptions } from '@feibao/platform/eventStore';
import type { CommandDeps } from '../deps.ts';
import { claimHandling } from './handling.ts';
import { pictureBatchRoutes } from './pictureBatch.ts';
import { staffClaimRoutes } from './staff.ts';

const bodyId = (ctx: Context) => claimIdIn(ctx.request.body, ctx.query);

/** The claims slice's commands: each route parses, hands the request to the handling (handling.ts) and replies. */
export const claimRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: '/api/v1/uav/claim/settlement' });
  const handling = claimHandling(deps);
  const meta = (ctx: Context, now = deps.now()): ClaimMetadata => {
    const me = caller(ctx);
    return { now, actor: me.sub, roles: me.roles };
  };
  /** The caller's next read waits for what was written (the consistency token). */
  const recorded = async <R extends { position: number | null }>(ctx: Context, pending: Promise<R>) => {
    const result = await pending;
    setConsistencyToken(ctx, result.position);
    return result;
  };
  const run = (
    ctx: Context,
    id: string,
    command: ClaimCommand | ((state: Claim) => ClaimCommand),
    options?: HandleOptions<Claim>,
  ) => recorded(ctx, handling.handle(id, command, options));

  router.get('/createClaimSettlement', validate(openClaimQuery, 'query'), async (ctx) => {
    const { orderId } = input<z.output<typeof openClaimQuery>>(ctx);
    const outcome = await handling.openClaim(orderId, meta(ctx));
    if (outcome.kind === 'unfinishedExists')
      return reply(ctx, ResultCode.special, claimMessages.openClaimExists, outcome.claimId);
    setConsistencyToken(ctx, outcome.position);
    ok(ctx, outcome.claimId, done.opened);
  });

  router.post('/save', async (ctx) => {
    const id = bodyId(ctx);
    await recorded(ctx, handling.save(id, ctx.request.body, meta(ctx)));
    ok(ctx, { id }, done.saved);
  });

  router.post('/submit', async (ctx) => {
    const id = bodyId(ctx);
    await recorded(ctx, handling.submit(id, ctx.request.body, meta(ctx)));
    ok(ctx, { id }, done.submitted);
  });

  router.get('/back', validate(claimIdQuery, 'query'), async (ctx) => {
    const { id } = input<z.output<typeof claimIdQuery>>(ctx);
    await run(ctx, id, { type: 'CancelClaim', data: {}, metadata: meta(ctx) });
    ok(ctx, { id }, done.back);
  });

  // The old mobile client's method is unknown: withdraw answers GET and POST alike.
  const withdraw = async (ctx: Context) => {
    const id = bodyId(ctx);
    const reason = withdrawReasonOf(ctx.request.body);
    await run(ctx, id, { type: 'WithdrawClaim', data: { reason }, metadata: meta(ctx) });
    ok(ctx, { id }, done.withdrawn);
  };
  router.get('/revocation', withdraw);
  router.post('/revocation', withdraw);

  /** Admin: one row per changed field against the stored claim (handling.ts `contrast`). */
  router.post('/contrast', async (ctx) => {
    const id = bodyId(ctx);
    const seenVersion = contrastVersionOf(ctx.request.body);
    ok(ctx, await handling.contrast(id, ctx.request.body, seenVersion, meta(ctx)));
  });

  /** Admin: the amendment and every field's explanation, in one append against the version compared. */
  router.post('/saveLog', validate(saveLogBody), async (ctx) => {
    const body = input<z.output<typeof saveLogBody>>(ctx);
    const amendment = { form: body.form, version: body.version, explanations: explanationsOf(body.list) };
    await recorded(ctx, handling.amend(body.id, amendment, meta(ctx)));
    ok(ctx, { id: body.id }, done.amended);
  });

  for (const sub of [...staffClaimRoutes({ meta, run, recorded, handling }), pictureBatchRoutes({ meta, run })])
    router.use(sub.routes());
  return router;
};
