import { Worker, type ConnectionOptions } from 'bullmq';
import { inJobContext } from '@feibao/platform/context';
import { logger } from '@feibao/platform/logger';
import { DOCUMENT_QUEUE, type DocumentJob } from './jobs.ts';
import { documentProcessor, type DocumentWorkDeps } from './processor.ts';

/** The document worker: rendering is CPU work, so one job at a time per process. */
export const startDocumentWorker = (
  deps: DocumentWorkDeps & {
    connection: ConnectionOptions;
    prefix: string;
    jobLock: { lockDuration: number; stalledInterval: number; maxStalledCount: number };
  },
) => {
  const worker = new Worker<DocumentJob>(DOCUMENT_QUEUE, inJobContext(documentProcessor(deps)), {
    connection: deps.connection,
    prefix: deps.prefix,
    concurrency: 1,
    // A worker killed mid-render leaves the job stalled; it is taken up again, and given up only after several.
    ...deps.jobLock,
  });
  worker.on('failed', (job, err) => logger.warn({ jobId: job?.id, err }, 'document job failed'));
  worker.on('error', (err) => logger.error({ err }, 'document worker error'));
  return worker;
};
