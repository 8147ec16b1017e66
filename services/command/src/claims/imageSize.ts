import { open, type FileHandle } from 'node:fs/promises';

export type ImageSize = { width: number; height: number };

const HEAD_BYTES = 64;
/** JPEG segments walked before giving up on finding the frame header (EXIF, ICC, XMP come first). */
const MAX_JPEG_SEGMENTS = 256;

const be16 = (b: Buffer, at: number) => b.readUInt16BE(at);
const le16 = (b: Buffer, at: number) => b.readUInt16LE(at);
const le24 = (b: Buffer, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const ascii = (b: Buffer, at: number, text: string) => b.toString('latin1', at, at + text.length) === text;

const pngSize = (head: Buffer): ImageSize | null =>
  ascii(head, 12, 'IHDR') ? { width: head.readUInt32BE(16), height: head.readUInt32BE(20) } : null;

const gifSize = (head: Buffer): ImageSize => ({ width: le16(head, 6), height: le16(head, 8) });

const webpSize = (head: Buffer): ImageSize | null => {
  if (ascii(head, 12, 'VP8X')) return { width: 1 + le24(head, 24), height: 1 + le24(head, 27) };
  if (ascii(head, 12, 'VP8L')) {
    const [b0, b1, b2, b3] = [head[21]!, head[22]!, head[23]!, head[24]!];
    return { width: 1 + (b0 | ((b1 & 0x3f) << 8)), height: 1 + ((b1 >> 6) | (b2 << 2) | ((b3 & 0x0f) << 10)) };
  }
  if (ascii(head, 12, 'VP8 ')) return { width: le16(head, 26) & 0x3fff, height: le16(head, 28) & 0x3fff };
  return null;
};

// Start-of-frame markers carry the dimensions; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Walks the segments from the start of the file to the first frame header, reading 9 bytes per segment. */
const jpegSize = async (file: FileHandle): Promise<ImageSize | null> => {
  const segment = Buffer.alloc(9);
  let offset = 2;
  for (let i = 0; i < MAX_JPEG_SEGMENTS; i++) {
    const { bytesRead } = await file.read(segment, 0, 9, offset);
    if (bytesRead < 4 || segment[0] !== 0xff) return null;
    const marker = segment[1]!;
    // Fill bytes: a marker may be preceded by any number of 0xFF.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    if (isStartOfFrame(marker)) return bytesRead < 9 ? null : { width: be16(segment, 7), height: be16(segment, 5) };
    offset += 2 + be16(segment, 2);
  }
  return null;
};

/**
 * The pixel dimensions an image declares in its header, without decoding it: enough to refuse a
 * decompression bomb (a small file declaring a huge canvas) before any decoder touches it.
 * Null when the header cannot be read.
 */
export const readImageSize = async (path: string, mime: string): Promise<ImageSize | null> => {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0);
    if (bytesRead < 30) return null;
    switch (mime) {
      case 'image/png':
      case 'image/apng':
        return pngSize(head);
      case 'image/gif':
        return gifSize(head);
      case 'image/webp':
        return webpSize(head);
      case 'image/jpeg':
        return await jpegSize(file);
      default:
        return null;
    }
  } finally {
    await file.close();
  }
};
