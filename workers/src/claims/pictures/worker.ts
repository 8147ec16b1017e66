import { Worker, type ConnectionOptions } from 'bullmq';
import { inJobContext } from '@feibao/platform/context';
import { logger } from '@feibao/platform/logger';
import type { Config } from '@feibao/platform/config';
import type { EventStore } from '@feibao/platform/eventStore';
import { CLAIM_PICTURE_QUEUE, type ClaimPictureJob } from './jobs.ts';
import { claimPictureProcessor } from './processor.ts';

/**
 * The picture worker. Its lock is short and renewed while a picture is rendered (the decoding runs off
 * the event loop); a worker killed mid-job stops renewing, and once the lock lapses another worker's
 * stalled check puts the job back in the queue.
 */
export const startClaimPictureWorker = (
  config: Config,
  deps: { connection: ConnectionOptions; eventStore: EventStore; now: () => Date },
) => {
  const worker = new Worker<ClaimPictureJob>(
    CLAIM_PICTURE_QUEUE,
    inJobContext(
      claimPictureProcessor({
        eventStore: deps.eventStore,
        now: deps.now,
        uploadDir: config.uploadDir,
        maxPixels: config.pictureMaxPixels,
      }),
    ),
    {
      connection: deps.connection,
      prefix: config.queuePrefix,
      // Decoding large photos is memory-heavy: two at a time per process.
      concurrency: 2,
      lockDuration: config.pictureLockMs,
      stalledInterval: config.pictureLockMs,
      // Several crashes in a row before a picture is given up as failed.
      maxStalledCount: 3,
    },
  );
  worker.on('failed', (job, err) => logger.warn({ jobId: job?.id, err }, 'claim picture job failed'));
  worker.on('error', (err) => logger.error({ err }, 'claim picture worker error'));
  return worker;
};
