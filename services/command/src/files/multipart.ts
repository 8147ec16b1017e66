import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import { mkdir } from 'node:fs/promises';
import { MAX_FILES_PER_UPLOAD, ResultCode, uploadMessages } from '@feibao/domain';
import { HttpError } from '@feibao/platform';
import { cappedFileSink, UploadTooLarge } from './uploadStream.ts';

/** A received file as formidable describes it. */
export type UploadedPart = { filepath: string; originalFilename?: string | null; size: number };

/**
 * Multipart parsing shared by every upload route: at most 9 files into `dir` under server-made
 * names, each refused with 文件过大 the moment it passes `maxBytes` (not once it has been written in
 * full), too many files with 每次最多上传9个文件, anything else malformed with 上传失败.
 */
export const multipartUpload = (dir: string, maxBytes: number) => async (ctx: Context, next: Next) => {
  await mkdir(dir, { recursive: true });
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
      fileWriteStreamHandler: (file) => cappedFileSink((file as unknown as UploadedPart).filepath, maxBytes),
    },
    onError: (error) => {
      if (error instanceof UploadTooLarge) throw new HttpError(ResultCode.tooLarge, uploadMessages.tooLarge);
      // Formidable names the limit in its message: "maxFiles" alone is the count, the others sizes.
      if (/maxFiles\b/i.test(error.message)) throw new HttpError(ResultCode.tooLarge, uploadMessages.tooMany);
      if (/max(Total)?FileSize/i.test(error.message)) throw new HttpError(ResultCode.tooLarge, uploadMessages.tooLarge);
      throw new HttpError(ResultCode.badRequest, uploadMessages.failed);
    },
  });
  await parse(ctx, next);
};

/** The files of a parsed request, whether the client named the field `files` or `file`. */
export const uploadedParts = (ctx: Context): UploadedPart[] => {
  const raw = ctx.request.files?.files ?? ctx.request.files?.file;
  return (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) as unknown as UploadedPart[];
};

/** Image types the platform takes, by the MIME type `file-type` reads from the bytes; APNG is a PNG to every decoder. */
export const imageTypes: Readonly<Record<string, { mime: string; ext: string }>> = {
  'image/jpeg': { mime: 'image/jpeg', ext: 'jpg' },
  'image/png': { mime: 'image/png', ext: 'png' },
  'image/apng': { mime: 'image/png', ext: 'png' },
  'image/gif': { mime: 'image/gif', ext: 'gif' },
  'image/webp': { mime: 'image/webp', ext: 'webp' },
};
