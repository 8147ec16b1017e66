import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { claimIdOfPicture, type Claim } from '@feibao/domain/claims/claim.events';
import { claimDoneMessages as done, claimMessages } from '@feibao/domain/claims/messages';
import type { ClaimCommand, ClaimMetadata } from '@feibao/domain/claims/claim.commands';
import { ResultCode } from '@feibao/domain/shared/codes';
import { HttpError, ok } from '@feibao/platform/http/envelope';

type Tools = {
  meta: (ctx: Context) => ClaimMetadata;
  run: (ctx: Context, id: string, command: ClaimCommand | ((state: Claim) => ClaimCommand)) => Promise<unknown>;
};

/** The old client posts a bare JSON array of picture ids; `{ ids: [...] }` is taken too. */
const pictureIds = z
  .array(z.string().trim().min(1).max(200), { error: claimMessages.pictureRequired })
  .min(1, { error: claimMessages.pictureRequired })
  .max(500);
const classifyQuery = z.object({
  imageTypeCode: z
    .string({ error: claimMessages.categoryUnknown })
    .trim()
    .min(1, { error: claimMessages.categoryUnknown })
    .max(10),
  imageTypeName: z.string().max(50).optional(),
});

/** Ids of one claim: the claim is read off the ids themselves (pictureIdOf). */
const idsOf = (ctx: Context) => {
  const body = ctx.request.body as unknown;
  const raw = Array.isArray(body) ? body : (body as { ids?: unknown } | undefined)?.ids;
  const parsed = pictureIds.safeParse(raw);
  if (!parsed.success)
    throw new HttpError(ResultCode.badRequest, parsed.error.issues[0]?.message ?? claimMessages.pictureRequired);
  const claims = new Set(parsed.data.map(claimIdOfPicture));
  if (claims.size !== 1) throw new HttpError(ResultCode.badRequest, claimMessages.sameClaimPictures);
  return { claimId: [...claims][0]!, ids: parsed.data };
};

export const pictureBatchRoutes = ({ meta, run }: Tools) => {
  const router = new Router();

  router.post('/updatePicBatch', async (ctx) => {
    const query = classifyQuery.safeParse(ctx.query);
    if (!query.success) throw new HttpError(ResultCode.badRequest, claimMessages.categoryUnknown);
    const { claimId, ids } = idsOf(ctx);
    await run(ctx, claimId, {
      type: 'ClassifyPictures',
      data: { pictureIds: ids, imageTypeCode: query.data.imageTypeCode },
      metadata: meta(ctx),
    });
    ok(ctx, { count: ids.length }, done.classified);
  });

  router.post('/deletePicBatch', async (ctx) => {
    const { claimId, ids } = idsOf(ctx);
    await run(ctx, claimId, { type: 'DeletePictures', data: { pictureIds: ids }, metadata: meta(ctx) });
    ok(ctx, { count: ids.length }, done.deleted);
  });

  return router;
};
