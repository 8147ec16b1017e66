import Router from '@koa/router';
import { randomUUID } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ResultCode } from '@feibao/domain/shared/codes';
import { uploadDecider, uploadMessages, uploadStreamId } from '@feibao/domain/uploads/upload';
import { uploadNameOf } from '@feibao/domain/uploads/content';
import { caller } from '@feibao/platform/http/auth';
import { handleCommand } from '@feibao/platform/eventStore';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { isStoreUnavailable } from '@feibao/platform/http/app';
import { logger } from '@feibao/platform/logger';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { CommandDeps } from '../deps.ts';
import { judgeUpload, type JudgedType } from './judge.ts';
import { DISK_FULL, imageTypes, isDiskFull, multipartUpload, uploadedParts } from './multipart.ts';

/** What a general upload may be, judged from its content (names and Content-Type headers are the sender's claims). */
const fileTypes: Readonly<Record<string, JudgedType>> = {
  ...imageTypes,
  'application/pdf': { mime: 'application/pdf', ext: 'pdf' },
};
const uploadQuery = z.object({
  type: z.enum(['1', '2', '3'], { error: '上传类型不正确' }).optional().default('3'),
  id: z.string().trim().max(64).optional(),
});

/**
 * Multipart uploads (field `files`, at most 9 per request). Each file is judged by its
 * content (judge.ts), stored under a server-made name, and recorded with its owner; what the
 * sender called it is kept, cleaned (uploadNameOf), for display only. One refused file refuses
 * the request, before anything is stored.
 */
export const fileRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const uploadDir = path.resolve(deps.config.uploadDir);

  const multipart = multipartUpload(uploadDir, deps.config.uploadMaxBytes);

  router.post('/file/uploadBatch', validate(uploadQuery, 'query'), multipart, async (ctx) => {
    const query = input<z.output<typeof uploadQuery>>(ctx);
    const parts = uploadedParts(ctx);
    if (parts.length === 0) throw new HttpError(ResultCode.badRequest, uploadMessages.none);
    const sniffed: JudgedType[] = [];
    for (const part of parts) {
      const judged = await judgeUpload(part, fileTypes, deps.config.pictureMaxPixels);
      if (typeof judged === 'string') {
        await Promise.all(parts.map((p) => rm(p.filepath, { force: true })));
        if (judged === 'canvas') throw new HttpError(ResultCode.tooLarge, uploadMessages.tooLarge);
        throw new HttpError(
          ResultCode.unsupportedMedia,
          `${uploadMessages.failed}：仅支持 jpg、png、gif、webp 图片和 pdf 文件`,
        );
      }
      sniffed.push(judged);
    }
    const owner = caller(ctx).sub;
    const stored = [];
    let position: number | null = null;
    // A file moved into place whose event is not yet appended: removed if the append fails, so no file is stored without its record.
    let unrecorded: string | null = null;
    try {
      for (const [i, part] of parts.entries()) {
        const type = sniffed[i]!;
        const fileId = randomUUID();
        const storedAs = `${fileId}.${type.ext}`;
        unrecorded = path.join(uploadDir, storedAs);
        await rename(part.filepath, unrecorded);
        const originalName = uploadNameOf(part.originalFilename, storedAs);
        const result = await handleCommand(
          deps.eventStore,
          uploadStreamId(fileId),
          uploadDecider,
          {
            type: 'RecordUpload',
            data: {
              fileId,
              owner,
              originalName,
              mime: type.mime,
              size: part.size,
              storedAs,
              category: query.type,
              orderId: query.id || null,
            },
            metadata: { now: deps.now() },
          },
          { from: 'new' },
        );
        position = result.position;
        unrecorded = null;
        stored.push({
          id: fileId,
          name: originalName,
          fileUrl: `/api/v1/uav/file/${fileId}`,
          size: part.size,
          mime: type.mime,
        });
      }
    } catch (error) {
      logger.error({ err: error }, 'upload failed');
      await Promise.all(
        [...parts.map((p) => p.filepath), ...(unrecorded ? [unrecorded] : [])].map((file) => rm(file, { force: true })),
      );
      // Files recorded before the failure stay: the caller's next read must see them.
      setConsistencyToken(ctx, position);
      if (isDiskFull(error)) throw new HttpError(ResultCode.unavailable, DISK_FULL);
      if (isStoreUnavailable(error as Error)) throw error;
      throw new HttpError(ResultCode.serverError, uploadMessages.failed);
    }
    setConsistencyToken(ctx, position);
    ok(ctx, stored, uploadMessages.ok);
  });

  return router;
};
