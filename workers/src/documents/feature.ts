import type { WorkersFeature } from '../features.ts';
import { documentDispatch } from './dispatch.ts';
import { documentQueue } from './jobs.ts';
import { startDocumentWorker } from './worker.ts';

/** The electronic policies and certificates: a dispatch reactor and the render worker. */
export const documentsFeature: WorkersFeature = {
  name: 'documents',
  start: async ({ config, now, pool, eventStore, connection, queueConnection, jobLock }) => {
    const queue = documentQueue(queueConnection, config.queuePrefix);
    const worker = startDocumentWorker({
      eventStore,
      pool,
      now,
      publicBaseUrl: config.publicBaseUrl,
      connection,
      prefix: config.queuePrefix,
      jobLock,
    });
    return {
      workers: { documents: worker },
      reactors: [documentDispatch(queue)],
      queues: [queue],
      recovery: { documentJobs: queue },
    };
  },
};
