import exifr from 'exifr';
import sharp from 'sharp';
import type { Gps } from '@feibao/domain/claims/claim.events';

export const THUMBNAIL_MAX_PX = 240;
export const DISPLAY_MAX_PX = 1600;

/** What the camera recorded, read from the original before any copy drops it. */
export type CaptureFacts = { capturedAt: string | null; gps: Gps | null };

type RawTags = {
  DateTimeOriginal?: unknown;
  CreateDate?: unknown;
  OffsetTimeOriginal?: unknown;
  latitude?: unknown;
  longitude?: unknown;
};

// EXIF times carry no zone unless OffsetTimeOriginal is set; our photos are taken in China.
const DEFAULT_OFFSET = '+08:00';
const EXIF_TIME = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^[+-]\d{2}:\d{2}$/;

export const exifTimeToIso = (value: unknown, offset: unknown): string | null => {
  const match = typeof value === 'string' ? EXIF_TIME.exec(value.trim()) : null;
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const zone = typeof offset === 'string' && OFFSET.test(offset.trim()) ? offset.trim() : DEFAULT_OFFSET;
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${zone}`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
};

const gpsOf = (latitude: unknown, longitude: unknown): Gps | null => {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    return null;
  return { latitude, longitude };
};

/** Capture time and position; a photo without (or with unreadable) EXIF has neither. */
export const readCaptureFacts = async (file: string): Promise<CaptureFacts> => {
  const tags = (await exifr
    .parse(file, {
      tiff: true,
      exif: true,
      gps: true,
      ifd1: false,
      xmp: false,
      icc: false,
      iptc: false,
      jfif: false,
      ihdr: false,
      reviveValues: false,
    })
    .catch(() => null)) as RawTags | null | undefined;
  if (!tags) return { capturedAt: null, gps: null };
  return {
    capturedAt: exifTimeToIso(tags.DateTimeOriginal ?? tags.CreateDate, tags.OffsetTimeOriginal),
    gps: gpsOf(tags.latitude, tags.longitude),
  };
};

export type Rendered = { thumbnail: Buffer; display: Buffer; width: number; height: number };

/**
 * The display copy (auto-oriented, at most 1600 px) and the thumbnail (at most 240 px, made from the
 * display copy), both WebP without metadata: sharp writes none unless asked, so EXIF (GPS included)
 * never leaves the private original. Decoding refuses canvases above `maxPixels`.
 */
export const renderPicture = async (file: string, maxPixels: number): Promise<Rendered> => {
  const input = sharp(file, { limitInputPixels: maxPixels, failOn: 'error' });
  const meta = await input.metadata();
  const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height };
  const display = await input
    .rotate()
    .resize({ width: DISPLAY_MAX_PX, height: DISPLAY_MAX_PX, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
  const thumbnail = await sharp(display)
    .resize({ width: THUMBNAIL_MAX_PX, height: THUMBNAIL_MAX_PX, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer();
  return { thumbnail, display, width: oriented.width ?? 0, height: oriented.height ?? 0 };
};
