import Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import {
  assessClaimBody,
  assignClaimBody,
  evidenceRequestBody,
  withOptionalReasonBody,
  withReasonBody,
} from '@feibao/domain/claims/requests';
import { claimDoneMessages as done } from '@feibao/domain/claims/messages';
import type { Claim } from '@feibao/domain/claims/claim.events';
import type { ClaimCommand, ClaimMetadata } from '@feibao/domain/claims/claim.commands';
import { input, validate } from '@feibao/platform/http/validate';
import { ok } from '@feibao/platform/http/envelope';
import type { ClaimHandling } from './handling.ts';

/**
 * Claim handling by staff (role `claims` or admin), which the old system never showed:
 * accept, ask for more evidence, assess per cover line, close and reopen, each with who,
 * when and why (the events carry them; the history shows them); and assigning a claim to a
 * staff member for the desk's "my claims".
 */
type Tools = {
  meta: (ctx: Context) => ClaimMetadata;
  run: (ctx: Context, id: string, command: ClaimCommand | ((state: Claim) => ClaimCommand)) => Promise<unknown>;
  recorded: (ctx: Context, pending: Promise<{ position: number | null }>) => Promise<unknown>;
  handling: ClaimHandling;
};

export const staffClaimRoutes = ({ meta, run, recorded, handling }: Tools) => {
  const router = new Router();

  router.post('/accept', validate(withOptionalReasonBody), async (ctx) => {
    const body = input<z.output<typeof withOptionalReasonBody>>(ctx);
    await recorded(ctx, handling.accept(body.id, body.reason ?? null, meta(ctx)));
    ok(ctx, { id: body.id }, done.accepted);
  });

  router.post('/requestEvidence', validate(evidenceRequestBody), async (ctx) => {
    const body = input<z.output<typeof evidenceRequestBody>>(ctx);
    await run(ctx, body.id, { type: 'RequestEvidence', data: { message: body.message }, metadata: meta(ctx) });
    ok(ctx, { id: body.id }, done.evidenceRequested);
  });

  router.post('/assess', validate(assessClaimBody), async (ctx) => {
    const body = input<z.output<typeof assessClaimBody>>(ctx);
    await run(ctx, body.id, {
      type: 'AssessClaim',
      data: { losses: body.exposures, reason: body.reason ?? null },
      metadata: meta(ctx),
    });
    ok(ctx, { id: body.id }, done.assessed);
  });

  router.post('/close', validate(withReasonBody), async (ctx) => {
    const body = input<z.output<typeof withReasonBody>>(ctx);
    await run(ctx, body.id, { type: 'CloseClaim', data: { reason: body.reason }, metadata: meta(ctx) });
    ok(ctx, { id: body.id }, done.closed);
  });

  router.post('/assign', validate(assignClaimBody), async (ctx) => {
    const body = input<z.output<typeof assignClaimBody>>(ctx);
    await recorded(ctx, handling.assign(body.id, body.assignee, meta(ctx)));
    ok(ctx, { id: body.id, assignee: body.assignee }, done.assigned);
  });

  router.post('/reopen', validate(withReasonBody), async (ctx) => {
    const body = input<z.output<typeof withReasonBody>>(ctx);
    await recorded(ctx, handling.reopen(body.id, body.reason, meta(ctx)));
    ok(ctx, { id: body.id }, done.reopened);
  });

  return [router];
};
