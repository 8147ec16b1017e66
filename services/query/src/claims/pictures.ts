import Router from '@koa/router';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PICTURE_ID_MAX_LENGTH } from '@feibao/domain/claims/catalogue';
import { claimMessages } from '@feibao/domain/claims/messages';
import { pictureFileFor, pictureSizeOf } from '@feibao/domain/claims/pictureFiles';
import { ResultCode } from '@feibao/domain/shared/codes';
import { caller } from '@feibao/platform/http/auth';
import { HttpError } from '@feibao/platform/http/envelope';
import { claimPictureReader } from '@feibao/read-models/claims/pictures/reader';
import type { QueryDeps } from '../deps.ts';

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
    const doc = id.length > 0 && id.length <= PICTURE_ID_MAX_LENGTH ? await reader.byId(id) : null;
    const { storedAs, mime, name } = pictureFileFor(doc, pictureSizeOf(ctx.query), caller(ctx));
    const file = path.resolve(uploadDir, storedAs);
    const info = file.startsWith(uploadDir + path.sep) ? await stat(file).catch(() => null) : null;
    if (!info?.isFile()) throw new HttpError(ResultCode.notFound, claimMessages.pictureNotFound);
    ctx.set('Content-Type', mime);
    ctx.set('Content-Length', String(info.size));
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'private, max-age=3600');
    ctx.set('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}`);
    ctx.body = createReadStream(file);
  });

  return router;
};
