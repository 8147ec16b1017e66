import type { ClaimPicture, Gps } from '@feibao/domain/claims/claim.events';

export const CLAIM_PICTURES = 'claim_pictures';

/**
 * One claim picture: where its copies are stored and how it is classified. `owner` is the
 * claimant (not the uploader, who may be staff): the picture is readable by them and by staff.
 */
export type PictureDocument = {
  pictureId: string;
  claimId: string;
  owner: string;
  name: string;
  mime: string;
  size: number;
  /** The original as uploaded; the display and thumbnail copies exist once processing is done. */
  storedAs: string;
  thumbnailAs: string | null;
  displayAs: string | null;
  imageTypeCode: string;
  imageTypeName: string;
  processing: ClaimPicture['processing'];
  uploadedAt: string;
  uploadedBy: string;
  /** From the photo's EXIF before it was stripped; only staff may be shown these. */
  capturedAt: string | null;
  gps: Gps | null;
};
