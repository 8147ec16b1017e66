import type { Context } from 'koa';
import { ResultCode } from '@feibao/domain/shared/codes';
import { verificationMessages } from '@feibao/domain/verification/messages';
import { HttpError } from '@feibao/platform/http/envelope';

/** The body types a file check takes: the PDF's bytes as they are (docs/api/verify.md). */
const PDF_BODY_TYPES = ['application/pdf', 'application/octet-stream'];
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/**
 * Reads a raw PDF body of at most `maxBytes`, refused the moment it passes them (a declared length
 * above is refused unread), and judged by its content: the bytes must begin with the `%PDF-` header,
 * whatever the sender's Content-Type claims.
 */
export const readPdfBody = async (ctx: Context, maxBytes: number): Promise<Buffer> => {
  const type = (ctx.get('content-type').split(';')[0] ?? '').trim().toLowerCase();
  if (!PDF_BODY_TYPES.includes(type))
    throw new HttpError(ResultCode.unsupportedMedia, verificationMessages.fileRequired);
  const declared = Number(ctx.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes)
    throw new HttpError(ResultCode.tooLarge, verificationMessages.fileTooLarge);
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > maxBytes) {
      ctx.req.unpipe();
      ctx.req.resume();
      throw new HttpError(ResultCode.tooLarge, verificationMessages.fileTooLarge);
    }
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks, received);
  if (bytes.length === 0) throw new HttpError(ResultCode.badRequest, verificationMessages.fileRequired);
  if (!bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC))
    throw new HttpError(ResultCode.badRequest, verificationMessages.notPdf);
  return bytes;
};
