import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { readFile } from 'node:fs/promises';
import { uploadContentProblem, type UploadKind } from '@feibao/domain/uploads/content';
import { logger } from '@feibao/platform/logger';
import type { UploadedPart } from './multipart.ts';

export type JudgedType = { mime: string; ext: UploadKind };

/** Why a file was refused: the route answers each with its own message. */
export type Refusal = 'type' | 'canvas';

/**
 * Judges an uploaded file by its bytes alone (names and Content-Type headers are the sender's
 * claims): the type `file-type` reads from the first bytes must be one `accepted`; an image's
 * canvas, read from its header without decoding, must stay within `maxPixels` (a decompression
 * bomb is refused undecoded); and the file must be one complete image or PDF with no markup,
 * script or archive hidden in or after it (domain uploads/content.ts). One file is read at a time.
 */
export const judgeUpload = async (
  part: UploadedPart,
  accepted: Readonly<Record<string, JudgedType>>,
  maxPixels: number,
): Promise<JudgedType | Refusal> => {
  const bytes = await readFile(part.filepath);
  const sniffed = await fileTypeFromBuffer(bytes).catch(() => undefined);
  const type = sniffed ? accepted[sniffed.mime] : undefined;
  if (!type) return 'type';
  if (type.ext !== 'pdf') {
    let size: { width: number; height: number } | null = null;
    try {
      size = imageSize(bytes);
    } catch {
      size = null;
    }
    if (!size || size.width < 1 || size.height < 1) return 'type';
    if (size.width * size.height > maxPixels) return 'canvas';
  }
  const problem = uploadContentProblem(bytes, type.ext);
  if (problem) {
    logger.warn({ event: 'upload-refused', mime: type.mime, size: bytes.length, problem }, 'upload refused by content');
    return 'type';
  }
  return type;
};
