import Router from '@koa/router';
import { fileTypeFromFile } from 'file-type';
import { randomUUID } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ResultCode, uploadDecider, uploadMessages, uploadStreamId } from '@feibao/domain';
import { authenticate, caller, handleCommand, HttpError, input, logger, ok, setConsistencyToken, validate } from '@feibao/platform';
import type { CommandDeps } from '../deps.ts';
import { imageTypes, multipartUpload, uploadedParts, type UploadedPart } from './multipart.ts';

/** What a general upload may be, judged from its content (names and Content-Type headers are the sender's claims). */
const fileTypes: Readonly<Record<string, { mime: string; ext: string }>> = {
  ...imageTypes,
  'application/pdf': { mime: 'application/pdf', ext: 'pdf' },
};
const uploadQuery = z.object({
  type: z.enum(['1', '2', '3'], { error: '上传类型不正确' }).optional().default('3'),
  id: z.string().trim().max(64).optional(),
});

const judge = async (part: UploadedPart) => {
  const sniffed = await fileTypeFromFile(part.filepath).catch(() => undefined);
  return sniffed ? (fileTypes[sniffed.mime] ?? null) : null;
};

/**
 * Multipart uploads (field `files`, at most 9 per request). Each file is judged by its
 * first bytes, stored under a server-made name, and recorded with its owner; what the
 * sender called it is kept for display only.
 */
export const fileRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const auth = authenticate(deps.tokens, deps.revocations);
  const uploadDir = path.resolve(deps.config.uploadDir);

  const multipart = multipartUpload(uploadDir, deps.config.uploadMaxBytes);

  router.post('/file/uploadBatch', auth, validate(uploadQuery, 'query'), multipart, async (ctx) => {
    const query = input<z.output<typeof uploadQuery>>(ctx);
    const parts = uploadedParts(ctx);
    if (parts.length === 0) throw new HttpError(ResultCode.badRequest, uploadMessages.none);
    const sniffed = await Promise.all(parts.map(judge));
    if (sniffed.some((s) => s === null)) {
      await Promise.all(parts.map((p) => rm(p.filepath, { force: true })));
      throw new HttpError(ResultCode.unsupportedMedia, `${uploadMessages.failed}：仅支持 jpg、png、gif、webp 图片和 pdf 文件`);
    }
    const owner = caller(ctx).sub;
    const stored = [];
    let position: number | null = null;
    try {
      for (const [i, part] of parts.entries()) {
        const type = sniffed[i]!;
        const fileId = randomUUID();
        const storedAs = `${fileId}.${type.ext}`;
        await rename(part.filepath, path.join(uploadDir, storedAs));
        const originalName = (part.originalFilename ?? storedAs).slice(0, 200);
        const result = await handleCommand(deps.eventStore, uploadStreamId(fileId), uploadDecider, {
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
        });
        position = result.position;
        stored.push({ id: fileId, name: originalName, fileUrl: `/api/v1/uav/file/${fileId}`, size: part.size, mime: type.mime });
      }
    } catch (error) {
      logger.error({ err: error }, 'upload failed');
      await Promise.all(parts.map((p) => rm(p.filepath, { force: true })));
      throw new HttpError(ResultCode.serverError, uploadMessages.failed);
    }
    setConsistencyToken(ctx, position);
    ok(ctx, stored, uploadMessages.ok);
  });

  return router;
};
