import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import { mkdir, rm } from 'node:fs/promises';
import { MAX_FILES_PER_UPLOAD, uploadMessages } from '@feibao/domain/uploads/upload';
import { ResultCode } from '@feibao/domain/shared/codes';
import type { UploadKind } from '@feibao/domain/uploads/content';
import { HttpError } from '@feibao/platform/http/envelope';
import { isStorableValue, malformedTextMessage } from '@feibao/platform/http/wellFormed';
import { cappedFileSink, UploadTooLarge } from './uploadStream.ts';

export const DISK_FULL = '服务器存储空间不足，请稍后再试';
export const isDiskFull = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes((error as { code?: string })?.code ?? '');

/** A received file as formidable describes it. */
export type UploadedPart = { filepath: string; originalFilename?: string | null; size: number };

/**
 * Multipart parsing shared by every upload route: at most 9 files into `dir` under server-made
 * names, each refused with 文件过大 the moment it passes `maxBytes` (not once it has been written in
 * full), too many files with 每次最多上传9个文件, anything else malformed with 上传失败. Fields holding
 * text PostgreSQL cannot store are refused like such JSON (platform http/wellFormed.ts), files removed.
 */
export const multipartUpload = (dir: string, maxBytes: number) => async (ctx: Context, next: Next) => {
  await mkdir(dir, { recursive: true });
  // Formidable does not fail the request when a file's sink fails (a full disk): the part would
  // look complete but be cut short. Failures are collected here and refused below.
  const sinkFailures: Error[] = [];
  const parse = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: {
      uploadDir: dir,
      maxFiles: MAX_FILES_PER_UPLOAD,
      maxFileSize: maxBytes,
      maxTotalFileSize: maxBytes * MAX_FILES_PER_UPLOAD,
      maxFields: 20,
      maxFieldsSize: 64 * 1024,
      allowEmptyFiles: false,
      minFileSize: 1,
      fileWriteStreamHandler: (file) =>
        cappedFileSink((file as unknown as UploadedPart).filepath, maxBytes, (error) => sinkFailures.push(error)),
    },
    onError: (error) => {
      // A full disk (or quota) while the file streams in: the sink removed what it wrote.
      if (isDiskFull(error)) throw new HttpError(ResultCode.unavailable, DISK_FULL);
      if (error instanceof UploadTooLarge) throw new HttpError(ResultCode.tooLarge, uploadMessages.tooLarge);
      // Formidable names the limit in its message: "maxFiles" alone is the count, the others sizes.
      if (/maxFiles\b/i.test(error.message)) throw new HttpError(ResultCode.tooLarge, uploadMessages.tooMany);
      if (/max(Total)?FileSize/i.test(error.message)) throw new HttpError(ResultCode.tooLarge, uploadMessages.tooLarge);
      throw new HttpError(ResultCode.badRequest, uploadMessages.failed);
    },
  });
  await parse(ctx, async () => {
    const refuse = async (error: HttpError) => {
      const files = Object.values(ctx.request.files ?? {}).flat() as unknown as UploadedPart[];
      await Promise.all(files.map((file) => rm(file.filepath, { force: true })));
      throw error;
    };
    const failed = sinkFailures[0];
    if (failed)
      await refuse(
        isDiskFull(failed)
          ? new HttpError(ResultCode.unavailable, DISK_FULL)
          : new HttpError(ResultCode.badRequest, uploadMessages.failed),
      );
    if (!isStorableValue(ctx.request.body)) await refuse(new HttpError(ResultCode.badRequest, malformedTextMessage));
    await next();
  });
};

/** The files of a parsed request, whether the client named the field `files` or `file`. */
export const uploadedParts = (ctx: Context): UploadedPart[] => {
  const raw = ctx.request.files?.files ?? ctx.request.files?.file;
  return (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) as unknown as UploadedPart[];
};

/** Image types the platform takes, by the MIME type `file-type` reads from the bytes; APNG is a PNG to every decoder. */
export const imageTypes: Readonly<Record<string, { mime: string; ext: UploadKind }>> = {
  'image/jpeg': { mime: 'image/jpeg', ext: 'jpg' },
  'image/png': { mime: 'image/png', ext: 'png' },
  'image/apng': { mime: 'image/png', ext: 'png' },
  'image/gif': { mime: 'image/gif', ext: 'gif' },
  'image/webp': { mime: 'image/webp', ext: 'webp' },
};
