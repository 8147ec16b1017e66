import { loadConfig } from '@feibao/platform/config';
import { logger } from '@feibao/platform/logger';
import { startCommandService } from './service.ts';

process.env.FEIBAO_SERVICE ??= 'command';

const service = await startCommandService(loadConfig());
const shutdown = async (signal: string) => {
  logger.info({ signal }, 'command service stopping');
  await service.stop();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
