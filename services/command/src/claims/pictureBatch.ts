import Router from '@koa/router';
import type { Context } from 'koa';
import type { Claim } from '@feibao/domain/claims/claim.events';
import { pictureBatchOf, pictureCategoryOf } from '@feibao/domain/claims/requests';
import { claimDoneMessages as done } from '@feibao/domain/claims/messages';
import type { ClaimCommand, ClaimMetadata } from '@feibao/domain/claims/claim.commands';
import { ok } from '@feibao/platform/http/envelope';

type Tools = {
  meta: (ctx: Context) => ClaimMetadata;
  run: (ctx: Context, id: string, command: ClaimCommand | ((state: Claim) => ClaimCommand)) => Promise<unknown>;
};

export const pictureBatchRoutes = ({ meta, run }: Tools) => {
  const router = new Router();

  router.post('/updatePicBatch', async (ctx) => {
    const imageTypeCode = pictureCategoryOf(ctx.query);
    const { claimId, ids } = pictureBatchOf(ctx.request.body);
    await run(ctx, claimId, {
      type: 'ClassifyPictures',
      data: { pictureIds: ids, imageTypeCode },
      metadata: meta(ctx),
    });
    ok(ctx, { count: ids.length }, done.classified);
  });

  router.post('/deletePicBatch', async (ctx) => {
    const { claimId, ids } = pictureBatchOf(ctx.request.body);
    await run(ctx, claimId, { type: 'DeletePictures', data: { pictureIds: ids }, metadata: meta(ctx) });
    ok(ctx, { count: ids.length }, done.deleted);
  });

  return router;
};
