import type { Queue } from 'bullmq';
import type { ClaimPictureUploaded } from '@feibao/domain/claims/claim.events';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { originOf } from '@feibao/platform/context';
import type { ClaimPictureJob } from './jobs.ts';

/**
 * Turns each uploaded claim picture into a processing job. A checkpointed projection with no
 * read model: every upload is seen once in order, and the job id (the picture id) makes a
 * replay enqueue nothing new.
 */
export const claimPictureDispatch = (queue: Queue<ClaimPictureJob>) =>
  defineProjection({
    name: 'claim-picture-dispatch',
    version: 1,
    collections: [],
    eventTypes: ['ClaimPictureUploaded'],
    async handle(recorded: RecordedEvent) {
      const { claimId, pictureId } = recorded.data as ClaimPictureUploaded['data'];
      await queue.add('process', { claimId, pictureId, ...originOf(recorded) }, { jobId: pictureId });
    },
  });
