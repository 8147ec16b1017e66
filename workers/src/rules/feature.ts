import type { WorkersFeature } from '../features.ts';
import { ruleTestDispatch, ruleTestQueue, startRuleTestWorker } from './batchTests.ts';

/** Batch tests of rule versions: the worker and its dispatch reactor. */
export const rulesFeature: WorkersFeature = {
  name: 'rules',
  start: async ({ config, now, pool, eventStore, connection, queueConnection, jobLock }) => {
    const ruleTestJobs = ruleTestQueue(queueConnection, config.queuePrefix);
    const ruleTestWorker = startRuleTestWorker({
      connection,
      prefix: config.queuePrefix,
      eventStore,
      pool,
      now,
      jobLock,
    });
    return {
      workers: { ruleTests: ruleTestWorker },
      reactors: [ruleTestDispatch(ruleTestJobs)],
      queues: [ruleTestJobs],
    };
  },
};
