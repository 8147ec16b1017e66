import type { WorkersFeature } from '../features.ts';
import { claimPictureDispatch, claimPictureQueue, startClaimPictureWorker } from './pictures/index.ts';
import { claimTimerDispatch, claimTimerQueue, startClaimTimerWorker } from './slaTimers.ts';

/** Claim SLA timers and claim picture processing, each a worker with its dispatch reactor. */
export const claimsFeature: WorkersFeature = {
  name: 'claims',
  start: async ({ config, now, eventStore, connection, queueConnection, jobLock }) => {
    const claimTimers = claimTimerQueue(queueConnection, config.queuePrefix);
    const claimTimerWorker = startClaimTimerWorker({
      connection,
      prefix: config.queuePrefix,
      eventStore,
      now,
      jobLock,
    });
    const pictureJobs = claimPictureQueue(queueConnection, config.queuePrefix);
    const pictureWorker = startClaimPictureWorker(config, { connection, eventStore, now });
    return {
      workers: { claimTimers: claimTimerWorker, claimPictures: pictureWorker },
      reactors: [claimTimerDispatch(claimTimers, now), claimPictureDispatch(pictureJobs)],
      queues: [claimTimers, pictureJobs],
      recovery: { claimTimers, pictureJobs },
    };
  },
};
