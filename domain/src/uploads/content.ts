/**
 * What an upload's bytes must be beyond their first few (which `file-type` reads): exactly one
 * well-formed image or PDF, with nothing a browser, a PHP interpreter or an unzipper would act
 * on hidden inside or after it. Pure functions over the bytes; the routes read the file.
 */

export type UploadKind = 'jpg' | 'png' | 'gif' | 'webp' | 'pdf';

/**
 * Text that makes a file a polyglot: markup a browser renders, script, server code. Six bytes
 * or more each (with a delimiter where the tag is short), so the compressed data of a real
 * photo almost never holds one by chance; script words are case-sensitive, as JavaScript is.
 */
const ACTIVE_MARKUP =
  /<(?:script|iframe|object|embed|applet)\b|<(?:html|body|svg|head)[\s>/]|<!doctype\s+html|<\?php\s|javascript:|vbscript:|\bon(?:error|load)\s*=/i;
const ACTIVE_SCRIPT =
  /\b(?:alert|eval|prompt|confirm)\s*\(|\bdocument\.|\bwindow\.|fromCharCode|XMLHttpRequest|\bimport\s*\(|\brequire\s*\(/;
/** A ZIP inside (a JAR, a PHP archive, a document): both a local file header and the end-of-directory record. */
const ZIP_LOCAL = 'PK\u0003\u0004';
const ZIP_END = 'PK\u0005\u0006';
/** Actions a PDF reader performs on its own. */
const PDF_ACTIONS = /\/(?:JavaScript|JS[\s(<[/]|Launch|EmbeddedFile|RichMedia|XFA)/;

/** One character per byte, so byte offsets and string offsets agree. */
const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

/** The marker found, or null: markup, script or a ZIP archive anywhere in the bytes. */
export const activeContentIn = (bytes: Uint8Array, kind: UploadKind): string | null => {
  const text = latin1(bytes);
  const found =
    ACTIVE_MARKUP.exec(text) ?? ACTIVE_SCRIPT.exec(text) ?? (kind === 'pdf' ? PDF_ACTIONS.exec(text) : null);
  if (found) return found[0];
  if (text.includes(ZIP_LOCAL) && text.includes(ZIP_END)) return 'zip';
  return null;
};

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const u32le = (b: Uint8Array, at: number) =>
  ((b[at + 3]! << 24) | (b[at + 2]! << 16) | (b[at + 1]! << 8) | b[at]!) >>> 0;

/** Where a PNG ends (after IEND), or null when a chunk runs past the bytes or IEND is missing. */
const pngEnd = (b: Uint8Array): number | null => {
  let at = 8;
  while (at + 12 <= b.length) {
    const length = u32be(b, at);
    const type = String.fromCharCode(b[at + 4]!, b[at + 5]!, b[at + 6]!, b[at + 7]!);
    const next = at + 12 + length;
    if (next > b.length) return null;
    if (type === 'IEND') return next;
    at = next;
  }
  return null;
};

/**
 * Where a JPEG ends (after EOI), or null: segments are walked by their lengths, and the
 * entropy-coded data after each SOS up to the next real marker (FF 00 and restart markers are data).
 */
const jpegEnd = (b: Uint8Array, start = 0): number | null => {
  if (b[start] !== 0xff || b[start + 1] !== 0xd8) return null;
  let at = start + 2;
  while (at < b.length) {
    if (b[at] !== 0xff) return null;
    while (b[at] === 0xff) at++;
    const marker = b[at++];
    if (marker === undefined) return null;
    if (marker === 0xd9) return at;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (at + 2 > b.length) return null;
    const length = u16be(b, at);
    if (length < 2 || at + length > b.length) return null;
    at += length;
    if (marker !== 0xda) continue;
    while (at + 1 < b.length && !(b[at] === 0xff && b[at + 1] !== 0x00 && !(b[at + 1]! >= 0xd0 && b[at + 1]! <= 0xd7)))
      at++;
    if (at + 1 >= b.length) return null;
  }
  return null;
};

/** Where a GIF ends (after its trailer), or null: colour tables, image data and extensions walked block by block. */
const gifEnd = (b: Uint8Array): number | null => {
  const tableSize = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  const skipSubBlocks = (from: number) => {
    let at = from;
    while (at < b.length && b[at] !== 0) at += b[at]! + 1;
    return at < b.length ? at + 1 : null;
  };
  let at = 13 + tableSize(b[10] ?? 0);
  while (at < b.length) {
    const block = b[at];
    if (block === 0x3b) return at + 1;
    let next: number | null;
    if (block === 0x2c) next = skipSubBlocks(at + 10 + tableSize(b[at + 9] ?? 0) + 1);
    else if (block === 0x21) next = skipSubBlocks(at + 2);
    else return null;
    if (next === null) return null;
    at = next;
  }
  return null;
};

/** Where a WebP ends: the RIFF header declares it (padded to an even size). */
const webpEnd = (b: Uint8Array): number | null => {
  if (b.length < 12) return null;
  const end = 8 + u32le(b, 4);
  return end <= b.length ? end + (end % 2) : null;
};

/** Where a PDF ends: after its last %%EOF (incremental updates append more than one). */
const pdfEnd = (b: Uint8Array): number | null => {
  const tail = latin1(b.subarray(Math.max(0, b.length - 4096)));
  const last = tail.lastIndexOf('%%EOF');
  return last < 0 ? null : b.length - tail.length + last + 5;
};

/** What may follow an image: padding some writers add. */
const isPadding = (b: Uint8Array, from: number) => {
  for (let at = from; at < b.length; at++) if (![0x00, 0xff, 0x09, 0x0a, 0x0d, 0x20].includes(b[at]!)) return false;
  return true;
};

/**
 * Whether the bytes are one complete file of their kind and nothing after it but padding. A
 * JPEG may be followed by further JPEGs: the Multi-Picture Format phones use for gain maps
 * (Ultra HDR) and previews stores them there.
 */
export const endsCleanly = (bytes: Uint8Array, kind: UploadKind): boolean => {
  switch (kind) {
    case 'png': {
      const end = pngEnd(bytes);
      return end !== null && isPadding(bytes, end);
    }
    case 'jpg': {
      let end = jpegEnd(bytes);
      while (end !== null && end < bytes.length && !isPadding(bytes, end)) end = jpegEnd(bytes, end);
      return end !== null;
    }
    case 'gif': {
      const end = gifEnd(bytes);
      return end !== null && isPadding(bytes, end);
    }
    case 'webp': {
      const end = webpEnd(bytes);
      return end !== null && isPadding(bytes, Math.min(end, bytes.length));
    }
    case 'pdf': {
      const end = pdfEnd(bytes);
      return end !== null && isPadding(bytes, end);
    }
  }
};

/** Why the bytes are refused (a name for the log), or null when they are one clean file of their kind. */
export const uploadContentProblem = (bytes: Uint8Array, kind: UploadKind): string | null => {
  if (!endsCleanly(bytes, kind)) return `not one complete ${kind}`;
  const marker = activeContentIn(bytes, kind);
  return marker === null ? null : `active content: ${JSON.stringify(marker.slice(0, 40))}`;
};

const NAME_MAX = 200;
/** Control characters, bidirectional overrides and isolates (an "exe" shown as "gpj"), and unpaired UTF-16 halves. */
const UNSHOWABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
  /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The name an upload is shown under: the last segment of whatever path the sender gave (either
 * slash), without control or direction characters, leading dots or spaces, at most 200
 * characters (never half a character); `fallback` when nothing is left. Display only: files are
 * stored under server-made names.
 */
export const uploadNameOf = (raw: string | null | undefined, fallback: string): string => {
  const last = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = last
    .normalize('NFC')
    .replace(UNSHOWABLE, '')
    .replace(/^[.\s]+/, '')
    .trim();
  const name = Array.from(cleaned).slice(0, NAME_MAX).join('');
  return name.length > 0 ? name : fallback;
};
