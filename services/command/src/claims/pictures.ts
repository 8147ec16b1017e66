import Router from '@koa/router';
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ClaimMetadata } from '@feibao/domain/claims/claim.commands';
import { pictureIdOf } from '@feibao/domain/claims/claim.events';
import { DomainError } from '@feibao/domain/shared/errors';
import { ResultCode } from '@feibao/domain/shared/codes';
import { uploadMessages } from '@feibao/domain/uploads/upload';
import { uploadClaimIdOf } from '@feibao/domain/claims/pictureFiles';
import { uploadNameOf } from '@feibao/domain/uploads/content';
import { caller } from '@feibao/platform/http/auth';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { isStoreUnavailable } from '@feibao/platform/http/app';
import { logger } from '@feibao/platform/logger';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { CommandDeps } from '../deps.ts';
import { judgeUpload } from '../files/judge.ts';
import { claimHandling } from './handling.ts';
import {
  DISK_FULL,
  imageTypes,
  isDiskFull,
  multipartUpload,
  uploadedParts,
  type UploadedPart,
} from '../files/multipart.ts';

type Part = UploadedPart;
type Judged = { part: Part; mime: string; ext: string };

export const claimPictureUrl = (pictureId: string) =>
  `/api/v1/uav/claim/settlement/picture/${encodeURIComponent(pictureId)}`;

const removeAll = (parts: readonly Part[]) => Promise.all(parts.map((p) => rm(p.filepath, { force: true })));

/**
 * Claim pictures (multipart field `files` or `file`, up to 9; claim id in the field or query `id`).
 * Each file is judged by its content (files/judge.ts: its type, its declared canvas before anything
 * decodes it, nothing hidden in or after the image), its name is cleaned for display, and the original is kept privately under `claims/<claimId>/<pictureId>.<ext>`; the thumbnail and
 * display copies are made by the picture worker once `ClaimPictureUploaded` is recorded.
 */
export const claimPictureRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: '/api/v1/uav/claim/settlement' });
  const uploadDir = path.resolve(deps.config.uploadDir);
  const incoming = path.join(uploadDir, 'claims', '.incoming');
  const maxBytes = deps.config.uploadMaxBytes;

  const multipart = multipartUpload(incoming, maxBytes);
  const handling = claimHandling(deps);

  const judge = async (part: Part): Promise<Judged> => {
    const type = await judgeUpload(part, imageTypes, deps.config.pictureMaxPixels);
    if (type === 'canvas') throw new HttpError(ResultCode.tooLarge, uploadMessages.tooLarge);
    if (type === 'type') throw new HttpError(ResultCode.unsupportedMedia, uploadMessages.notImage);
    return { part, ...type };
  };

  router.post('/uploadBatch', multipart, async (ctx) => {
    const parts = uploadedParts(ctx);
    let pending = [...parts];
    try {
      if (parts.length === 0) throw new HttpError(ResultCode.badRequest, uploadMessages.none);
      const claimId = uploadClaimIdOf(ctx.request.body, ctx.query);
      const judged: Judged[] = [];
      for (const part of parts) judged.push(await judge(part));

      const me = caller(ctx);
      const folder = path.join(uploadDir, 'claims', claimId);
      await mkdir(folder, { recursive: true });
      const stored = [];
      let position: number | null = null;
      try {
        for (const { part, mime, ext } of judged) {
          const pictureId = pictureIdOf(claimId, randomUUID());
          const storedAs = `claims/${claimId}/${pictureId}.${ext}`;
          const target = path.join(uploadDir, storedAs);
          await rename(part.filepath, target);
          pending = pending.filter((p) => p !== part);
          const name = uploadNameOf(part.originalFilename, `${pictureId}.${ext}`);
          const metadata: ClaimMetadata = { now: deps.now(), actor: me.sub, roles: me.roles };
          try {
            const result = await handling.handle(claimId, {
              type: 'AddPicture',
              data: { pictureId, name, mime, size: part.size, storedAs },
              metadata,
            });
            position = result.position ?? position;
          } catch (error) {
            await rm(target, { force: true });
            throw error;
          }
          stored.push({ id: pictureId, name, fileUrl: claimPictureUrl(pictureId), smallFileUrl: null });
        }
      } finally {
        // Pictures recorded before a refusal stay recorded: the caller's next read must see them.
        setConsistencyToken(ctx, position);
      }
      ok(ctx, stored, uploadMessages.ok);
    } catch (error) {
      await removeAll(pending);
      // Refusals, and a store out of reach (the error envelope answers it as retryable), keep their own answer.
      if (error instanceof HttpError || error instanceof DomainError || isStoreUnavailable(error as Error)) throw error;
      if (isDiskFull(error)) throw new HttpError(ResultCode.unavailable, DISK_FULL);
      logger.error({ err: error }, 'claim picture upload failed');
      throw new HttpError(ResultCode.serverError, uploadMessages.failed);
    }
  });

  return router;
};
