import Router from '@koa/router';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { claimMessages } from '@feibao/domain/claims/messages';
import { isClaimsStaff } from '@feibao/domain/accounts/roles';
import { ResultCode } from '@feibao/domain/shared/codes';
import { caller } from '@feibao/platform/http/auth';
import { HttpError } from '@feibao/platform/http/envelope';
import { claimPictureReader } from '@feibao/read-models/claims/pictures/reader';
import type { PictureDocument } from '@feibao/read-models/claims/pictures/pictureDocument';
import type { QueryDeps } from '../deps.ts';

const sizeQuery = z.object({ size: z.enum(['small', 'display', 'original']).optional().catch(undefined) });
type Size = 'small' | 'display' | 'original';

/** Which stored file answers a size; the copies are WebP (workers/src/claims/pictures). */
const fileFor = (doc: PictureDocument, size: Size): { storedAs: string; mime: string } => {
  if (size === 'original') return { storedAs: doc.storedAs, mime: doc.mime };
  const copy = size === 'small' ? doc.thumbnailAs : doc.displayAs;
  if (doc.processing === 'pending' || (doc.processing === 'done' && !copy))
    throw new HttpError(ResultCode.notFound, claimMessages.pictureProcessing);
  if (doc.processing === 'rejected' || !copy) throw new HttpError(ResultCode.notFound, claimMessages.pictureUnreadable);
  return { storedAs: copy, mime: 'image/webp' };
};

/**
 * A claim picture for the claimant and claims staff; anyone else finds nothing. The display copy by
 * default, `size=small` the thumbnail, `size=original` the upload itself (staff only: it still holds
 * the camera's EXIF, position included).
 */
export const claimPictureQueryRoutes = (deps: QueryDeps) => {
  const router = new Router({ prefix: '/api/v1/uav/claim/settlement' });
  const reader = claimPictureReader(deps.pool);
  const uploadDir = path.resolve(deps.config.uploadDir);

  router.get('/picture/:id', async (ctx) => {
    const id = ctx.params.id ?? '';
    const doc = id.length > 0 && id.length <= 200 ? await reader.byId(id) : null;
    const me = caller(ctx);
    const staff = isClaimsStaff(me.roles);
    if (!doc || (doc.owner !== me.sub && !staff))
      throw new HttpError(ResultCode.notFound, claimMessages.pictureNotFound);
    const size: Size = sizeQuery.parse(ctx.query).size ?? 'display';
    if (size === 'original' && !staff)
      throw new HttpError(ResultCode.forbidden, claimMessages.pictureOriginalStaffOnly);

    const { storedAs, mime } = fileFor(doc, size);
    const file = path.resolve(uploadDir, storedAs);
    const info = file.startsWith(uploadDir + path.sep) ? await stat(file).catch(() => null) : null;
    if (!info?.isFile()) throw new HttpError(ResultCode.notFound, claimMessages.pictureNotFound);
    ctx.set('Content-Type', mime);
    ctx.set('Content-Length', String(info.size));
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'private, max-age=3600');
    ctx.set('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(doc.name)}`);
    ctx.body = createReadStream(file);
  });

  return router;
};
