import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { MAX_FILES_PER_UPLOAD, ResultCode, sniffFileType, uploadDecider, uploadMessages, uploadStreamId } from '@feibao/domain';
import { authenticate, caller, handleCommand, HttpError, input, logger, ok, setConsistencyToken, validate } from '@feibao/platform';
import type { CommandDeps } from '../deps.ts';

type Part = { filepath: string; originalFilename?: string | null; size: number };

const uploadQuery = z.object({
  type: z.enum(['1', '2', '3'], { error: '上传类型不正确' }).optional().default('3'),
  id: z.string().trim().max(64).optional(),
});

const readHead = async (file: string) => {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(16);
    await handle.read(head, 0, 16, 0);
    return head;
  } finally {
    await handle.close();
  }
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

  const multipart = async (ctx: Context, next: Next) => {
    await mkdir(uploadDir, { recursive: true });
    const parse = koaBody({
      multipart: true,
      json: false,
      urlencoded: false,
      text: false,
      formidable: {
        uploadDir,
        maxFiles: MAX_FILES_PER_UPLOAD,
        maxFileSize: deps.config.uploadMaxBytes,
        maxTotalFileSize: deps.config.uploadMaxBytes * MAX_FILES_PER_UPLOAD,
        maxFields: 20,
        allowEmptyFiles: false,
        minFileSize: 1,
      },
      onError: (error) => {
        // Formidable names the limit in its message: "maxFiles" alone is the count, the others sizes.
        if (/maxFiles\b/i.test(error.message)) throw new HttpError(ResultCode.tooLarge, uploadMessages.tooMany);
        if (/max(Total)?FileSize/i.test(error.message)) throw new HttpError(ResultCode.tooLarge, uploadMessages.tooLarge);
        throw new HttpError(ResultCode.badRequest, uploadMessages.failed);
      },
    });
    await parse(ctx, next);
  };

  router.post('/file/uploadBatch', auth, validate(uploadQuery, 'query'), multipart, async (ctx) => {
    const query = input<z.output<typeof uploadQuery>>(ctx);
    const raw = ctx.request.files?.files ?? ctx.request.files?.file;
    const parts = (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) as Part[];
    if (parts.length === 0) throw new HttpError(ResultCode.badRequest, uploadMessages.none);
    const sniffed = await Promise.all(parts.map(async (p) => sniffFileType(await readHead(p.filepath))));
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
