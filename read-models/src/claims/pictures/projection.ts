import { imageTypeByCode } from '@feibao/domain/claims/imageTypes';
import type { ClaimEvent, ClaimPicture, ClaimRecord } from '@feibao/domain/claims/claim.events';
import { documentCollection, type DocumentBatch } from '@feibao/platform/documents';
import { CLAIM_PICTURES, type PictureDocument } from './pictureDocument.ts';

/**
 * Written by the claims projection (../claims/projection.ts), in the same step as the claim:
 * a picture's owner is its claim's, which the picture events do not carry, and evolving the
 * claim once keeps the two tables from ever disagreeing (a cancelled claim takes its pictures).
 */
export const claimPictures = documentCollection<PictureDocument>(CLAIM_PICTURES);

export const pictureDocumentOf = (claim: ClaimRecord, picture: ClaimPicture): PictureDocument => ({
  pictureId: picture.pictureId,
  claimId: claim.claimId,
  owner: claim.owner,
  name: picture.name,
  mime: picture.mime,
  size: picture.size,
  storedAs: picture.storedAs,
  thumbnailAs: picture.thumbnailAs,
  displayAs: picture.displayAs,
  imageTypeCode: picture.imageTypeCode,
  imageTypeName: imageTypeByCode(picture.imageTypeCode)?.imageTypeName ?? picture.imageTypeCode,
  processing: picture.processing,
  uploadedAt: picture.uploadedAt,
  uploadedBy: picture.uploadedBy,
  capturedAt: picture.capturedAt,
  gps: picture.gps,
});

/** The pictures an event may have changed; a cancellation touches every picture the claim had. */
const touchedPictures = (event: ClaimEvent, before: ClaimRecord | null): string[] => {
  switch (event.type) {
    case 'ClaimPictureUploaded':
    case 'ClaimPictureProcessed':
    case 'ClaimPictureRejected':
      return [event.data.pictureId];
    case 'ClaimPicturesClassified':
    case 'ClaimPicturesDeleted':
      return event.data.pictureIds;
    case 'ClaimCancelled':
      return Object.keys(before?.pictures ?? {});
    default:
      return [];
  }
};

/** Brings the touched pictures' documents in line with the claim after the event (absent → removed). */
export const syncPictures = (
  pictures: DocumentBatch<PictureDocument>,
  event: ClaimEvent,
  before: ClaimRecord | null,
  after: ClaimRecord | null,
) => {
  for (const pictureId of touchedPictures(event, before)) {
    const picture = after?.status === 'cancelled' ? undefined : after?.pictures[pictureId];
    if (after && picture) pictures.put(pictureId, pictureDocumentOf(after, picture));
    else pictures.remove(pictureId);
  }
};
