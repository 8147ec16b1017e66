import { loadConfig } from '@feibao/platform/config';
import { logger } from '@feibao/platform/logger';
import { startWorkers } from './service.ts';

process.env.FEIBAO_SERVICE ??= 'workers';

const workers = await startWorkers(loadConfig());
const shutdown = async (signal: string) => {
  logger.info({ signal }, 'workers stopping: finishing jobs in hand');
  await workers.stop();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
