import { failedJobRow } from '@feibao/domain/ops/queues';
import type { FailedJobPage } from '@feibao/domain/ops/api';
import type { OperatedQueues } from '@feibao/platform/queueHandles';

/** Failed jobs, the most recently failed first. */
export const readFailedJobs = async (
  queues: OperatedQueues,
  name: string,
  page: number,
  pageSize: number,
): Promise<FailedJobPage> => {
  const queue = queues.get(name);
  const start = (page - 1) * pageSize;
  const [total, jobs] = await Promise.all([queue.getFailedCount(), queue.getFailed(start, start + pageSize - 1)]);
  return { queue: name, total, rows: jobs.filter((j) => Boolean(j)).map(failedJobRow) };
};
