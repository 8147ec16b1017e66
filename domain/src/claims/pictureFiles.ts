import { z } from 'zod';
import { isClaimsStaff } from '../accounts/roles.ts';
import { forbidden, invalid, notFound } from '../shared/errors.ts';
import type { ClaimPicture } from './claim.events.ts';
import type { ClaimReader } from './disclosure.ts';
import { claimMessages as m } from './messages.ts';

/** The stored copies of a claim picture: the upload, and the WebP copies the picture worker makes. */
export type StoredPicture = {
  owner: string;
  name: string;
  mime: string;
  storedAs: string;
  thumbnailAs: string | null;
  displayAs: string | null;
  processing: ClaimPicture['processing'];
};

export type PictureSize = 'small' | 'display' | 'original';

const sizeQuery = z.object({ size: z.enum(['small', 'display', 'original']).optional().catch(undefined) });
/** The size asked for; none, or one not known, is the display copy. */
export const pictureSizeOf = (query: unknown): PictureSize => sizeQuery.parse(query ?? {}).size ?? 'display';

/**
 * The stored file that answers a picture read: the claimant and claims staff may read a picture and
 * anyone else finds nothing; the original still holds the camera's EXIF, position included, so it is
 * the staff's alone (docs/security.md). A copy not made yet, or never to be made, is missing.
 */
export const pictureFileFor = (
  picture: StoredPicture | null,
  size: PictureSize,
  who: ClaimReader,
): { storedAs: string; mime: string; name: string } => {
  const staff = isClaimsStaff(who.roles);
  if (!picture || (picture.owner !== who.sub && !staff)) throw notFound(m.pictureNotFound);
  if (size === 'original') {
    if (!staff) throw forbidden(m.pictureOriginalStaffOnly);
    return { storedAs: picture.storedAs, mime: picture.mime, name: picture.name };
  }
  const copy = size === 'small' ? picture.thumbnailAs : picture.displayAs;
  if (picture.processing === 'pending' || (picture.processing === 'done' && !copy)) throw notFound(m.pictureProcessing);
  if (picture.processing === 'rejected' || !copy) throw notFound(m.pictureUnreadable);
  return { storedAs: copy, mime: 'image/webp', name: picture.name };
};

// Claim ids are server-made UUIDs; anything else never becomes part of a path.
const CLAIM_ID = /^[A-Za-z0-9-]{1,64}$/;
/** The claim an upload is for (field or query `id`, the first if repeated), fit to name its folder. */
export const uploadClaimIdOf = (body: unknown, query: Record<string, unknown>): string => {
  const raw = (body as Record<string, unknown> | undefined)?.id ?? query.id;
  const id = (Array.isArray(raw) ? raw[0] : raw) as unknown;
  if (typeof id !== 'string' || !CLAIM_ID.test(id.trim())) throw invalid(m.idRequired);
  return id.trim();
};
