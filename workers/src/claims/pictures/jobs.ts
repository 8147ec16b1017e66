import { Queue, type ConnectionOptions } from 'bullmq';

/** Thumbnail and display copies of uploaded claim pictures, one job per picture. */
export const CLAIM_PICTURE_QUEUE = 'claim-pictures';

export type ClaimPictureJob = { claimId: string; pictureId: string };

export const claimPictureQueue = (connection: ConnectionOptions, prefix: string) =>
  new Queue<ClaimPictureJob>(CLAIM_PICTURE_QUEUE, {
    connection,
    prefix,
    defaultJobOptions: {
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    },
  });
