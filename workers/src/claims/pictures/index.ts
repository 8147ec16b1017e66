export { CLAIM_PICTURE_QUEUE, claimPictureQueue, type ClaimPictureJob } from './jobs.ts';
export { claimPictureDispatch } from './dispatch.ts';
export { claimPictureProcessor, copiesOf, PICTURE_UNREADABLE } from './processor.ts';
export { startClaimPictureWorker } from './worker.ts';
