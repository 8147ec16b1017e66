import type { ConnectionOptions } from 'bullmq';
import { workQueue } from '@feibao/platform/queues';

/** Thumbnail and display copies of uploaded claim pictures, one job per picture. */
export const CLAIM_PICTURE_QUEUE = 'claim-pictures';

export type ClaimPictureJob = { claimId: string; pictureId: string; originRequestId?: string };

export const claimPictureQueue = (connection: ConnectionOptions, prefix: string) =>
  workQueue<ClaimPictureJob>(CLAIM_PICTURE_QUEUE, connection, prefix, 5);
