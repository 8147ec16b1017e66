import { failedJobRow } from '@feibao/domain/ops/queues';
import { illegalState, notFound } from '@feibao/domain/shared/errors';
import { opsMessages } from '@feibao/domain/ops/operations';
import type { OperatedQueues } from '@feibao/platform/queueHandles';

/** A job that is failed now, or the refusal an operator sees (gone: 40400; not failed: 40900). */
export const failedJob = async (queues: OperatedQueues, name: string, jobId: string) => {
  const job = await queues.get(name).getJob(jobId);
  if (!job) throw notFound(opsMessages.jobNotFound);
  if ((await job.getState()) !== 'failed') throw illegalState(opsMessages.jobNotFailed);
  return { job, row: failedJobRow(job) };
};
